package io.meridian.loadtests;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The one configuration of a simulation run, read from system properties {@code loadtest.*}.
 *
 * <p>{@code loadtest.profile} is {@code smoke} (small data, about a minute per simulation, what CI
 * runs) or {@code full} (the reference benchmark's sizes). Every other value has a default per
 * profile, given by the simulation, and can be overridden: {@code loadtest.users}, {@code
 * loadtest.duration} (seconds or an ISO-8601 duration), {@code loadtest.dataSize}, {@code
 * loadtest.seed}, and the simulation's own keys. Without {@code loadtest.baseUrl} the run starts a
 * local Meridian on the build's shared Cassandra and Elasticsearch ({@link LocalTarget}); without
 * {@code loadtest.org}/{@code loadtest.app}/{@code loadtest.clientId}/{@code loadtest.clientSecret}
 * it provisions a fresh organization and application (open registration, or the superuser's
 * password in {@code loadtest.superuserPassword} or the environment variable {@code
 * MERIDIAN_SUPERUSER_PASSWORD}).
 */
public final class LoadConfig {
  public static final String PREFIX = "loadtest.";

  private final String simulation;
  private final boolean full;
  private final Map<String, String> used = new LinkedHashMap<>();

  private LoadConfig(String simulation, boolean full) {
    this.simulation = simulation;
    this.full = full;
  }

  /** The configuration of {@code simulation} (a short name, used in file names). */
  public static LoadConfig of(String simulation) {
    String profile = System.getProperty(PREFIX + "profile", "smoke").toLowerCase(Locale.ROOT);
    if (!profile.equals("smoke") && !profile.equals("full")) {
      throw new IllegalArgumentException(
          PREFIX + "profile must be smoke or full, not '" + profile + "'");
    }
    LoadConfig config = new LoadConfig(simulation, profile.equals("full"));
    config.used.put("profile", profile);
    return config;
  }

  public String simulation() {
    return simulation;
  }

  public boolean full() {
    return full;
  }

  public String profile() {
    return full ? "full" : "smoke";
  }

  /** Where Meridian is; null means a local server started for the run. */
  public URI baseUrl() {
    String url = text("baseUrl", "");
    return url.isEmpty() ? null : URI.create(url);
  }

  public boolean allowRemote() {
    return Boolean.parseBoolean(text("allowRemote", "false"));
  }

  public String text(String key, String fallback) {
    String value = System.getProperty(PREFIX + key);
    if (value == null || value.isBlank()) {
      value = fallback;
    }
    if (!key.toLowerCase(Locale.ROOT).contains("secret")
        && !key.toLowerCase(Locale.ROOT).contains("password")) {
      used.put(key, value);
    }
    return value;
  }

  public int integer(String key, int smoke, int full) {
    return parse(
        key, this.full ? full : smoke, v -> Integer.parseInt(v.replace("_", "")), "an integer");
  }

  public long number(String key, long smoke, long full) {
    return parse(
        key, this.full ? full : smoke, v -> Long.parseLong(v.replace("_", "")), "an integer");
  }

  public double decimal(String key, double smoke, double full) {
    return parse(key, this.full ? full : smoke, Double::parseDouble, "a number");
  }

  /** The value of {@code key} read by {@code parser}; what it must be is named when it cannot. */
  private <T> T parse(String key, T fallback, Function<String, T> parser, String kind) {
    String value = text(key, fallback.toString());
    try {
      return parser.apply(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          PREFIX + key + " must be " + kind + ", not '" + value + "'");
    }
  }

  /** A duration in seconds ({@code 60}) or ISO-8601 ({@code PT1M}). */
  public Duration duration(String key, Duration smoke, Duration full) {
    String value = text(key, Long.toString((this.full ? full : smoke).toSeconds()));
    try {
      return value.startsWith("P") || value.startsWith("p")
          ? Duration.parse(value)
          : Duration.ofSeconds(Long.parseLong(value));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          PREFIX + key + " must be seconds or an ISO-8601 duration, not '" + value + "'");
    }
  }

  /** Virtual users. */
  public int users(int smoke, int full) {
    return integer("users", smoke, full);
  }

  /** How long the measured part runs. */
  public Duration duration(Duration smoke, Duration full) {
    return duration("duration", smoke, full);
  }

  /** Entities in the data set. */
  public int dataSize(int smoke, int full) {
    return integer("dataSize", smoke, full);
  }

  /** The data set's seed. */
  public long seed() {
    return number("seed", 1, 1);
  }

  /** Every value this run read, secrets left out: written next to the results. */
  public Map<String, String> used() {
    return Map.copyOf(used);
  }
}
