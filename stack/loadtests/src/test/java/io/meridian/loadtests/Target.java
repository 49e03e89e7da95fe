package io.meridian.loadtests;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.loadtests.load.AppRequests;
import io.meridian.loadtests.load.Dataset;
import io.meridian.loadtests.load.Loader;
import io.meridian.loadtests.load.MeridianClient;
import io.meridian.loadtests.load.MeridianClient.App;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * What a simulation runs against: the server (given or {@link LocalTarget}), the application (given
 * or provisioned), its data sets (loaded by the {@link Loader}, resumably) and the CPU the run
 * cost, written to {@code target/loadtests/runs/<simulation>.json} for the summary.
 */
public final class Target {
  private final LoadConfig config;
  private final LocalTarget local;
  private final MeridianClient client;
  private final App app;
  private final Map<String, JsonNode> measured = new LinkedHashMap<>();
  private Measure measure;

  private Target(LoadConfig config, LocalTarget local, MeridianClient client, App app) {
    this.config = config;
    this.local = local;
    this.client = client;
    this.app = app;
  }

  /** Resolves the server and the application of this run, starting or provisioning them. */
  public static Target resolve(LoadConfig config) {
    return resolve(config, Map.of());
  }

  /**
   * Resolves the server and the application of this run; a local server is started with {@code
   * serverProperties} over its defaults (a given server is taken as it is).
   */
  public static Target resolve(LoadConfig config, Map<String, String> serverProperties) {
    URI url = config.baseUrl();
    LocalTarget local = null;
    String superuserPassword =
        config.text(
            "superuserPassword", System.getenv().getOrDefault("MERIDIAN_SUPERUSER_PASSWORD", ""));
    if (url == null) {
      local =
          LocalTarget.start(
              config.simulation(),
              config.text("serverHeap", "1g"),
              LocalTarget.freePort(),
              serverProperties);
      url = local.baseUrl();
      superuserPassword = local.superuserPassword();
    }
    MeridianClient client = new MeridianClient(url, config.allowRemote());
    String org = config.text("org", "");
    App app;
    if (org.isEmpty()) {
      app = client.provision("lt-" + config.simulation(), superuserPassword);
      // A new application made for this run: its credentials are printed so that a later run
      // can reuse it and its data (the loader then finds everything there).
      System.out.printf(
          "Provisioned %s. Rerun against it and its data with -Dloadtest.org=%s -Dloadtest.app=%s"
              + " -Dloadtest.clientId=%s -Dloadtest.clientSecret=%s%n",
          app.path(), app.org(), app.app(), app.clientId(), app.clientSecret());
    } else {
      app =
          new App(
              org,
              config.text("app", ""),
              config.text("clientId", ""),
              config.text(
                  "clientSecret", System.getenv().getOrDefault("MERIDIAN_CLIENT_SECRET", "")));
    }
    return new Target(config, local, client, app);
  }

  public URI baseUrl() {
    return client.base();
  }

  public MeridianClient client() {
    return client;
  }

  public App app() {
    return app;
  }

  public String clientToken() {
    return client.clientToken(app);
  }

  /**
   * Loads the first {@code count} entities of a data set (nothing if they are there) and checks
   * them.
   */
  public void load(Dataset dataset, int count, long seed) {
    Loader loader = new Loader(client, app);
    Loader.Options options =
        new Loader.Options(
            dataset,
            count,
            seed,
            config.integer("batch", 500, 500),
            config.integer("loadWorkers", 4, 4),
            Path.of("target", "loadtests", "state"),
            true);
    Loader.Report report = loader.load(options);
    System.out.printf(
        "%s: %d entities, %d created, %d already there, in %s%n",
        dataset, report.count(), report.created(), report.existing(), report.took());
    if (Boolean.parseBoolean(config.text("verify", "true"))) {
      Loader.Verification verification = loader.verify(options);
      if (!verification.ok()) {
        throw new IllegalStateException(
            dataset + " is not as generated: " + verification.problems());
      }
    }
  }

  /**
   * Creates {@code count} application users {@code prefix00000...} with one new random password (an
   * existing user gets it set by the administrator), four at a time, and returns the password.
   */
  public String users(String prefix, int count) {
    String password = MeridianClient.randomText(18);
    String token = clientToken();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> work = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        String username = userName(prefix, i);
        work.add(pool.submit(() -> ensureUser(token, username, password)));
      }
      for (Future<?> future : work) {
        future.get();
      }
    } catch (Exception e) {
      throw new IllegalStateException("Cannot create the virtual users: " + e.getMessage(), e);
    } finally {
      pool.shutdownNow();
    }
    return password;
  }

  public static String userName(String prefix, long i) {
    return prefix + String.format(Locale.ROOT, "%05d", i);
  }

  private void ensureUser(String token, String username, String password) {
    ObjectNode user =
        MeridianClient.JSON
            .createObjectNode()
            .put("username", username)
            .put("email", username + "@example.com")
            .put("password", password);
    try {
      client.send("POST", app.path() + "/users", user, token);
    } catch (MeridianClient.ApiException e) {
      if (e.status() != 400) {
        throw e;
      }
      ObjectNode change = MeridianClient.JSON.createObjectNode().put("newpassword", password);
      client.send("PUT", app.path() + "/users/" + username + "/password", change, token);
    }
  }

  /** The uuids of the data set's entities, read by paging the collection. */
  public List<String> uuids(Dataset dataset) {
    List<String> uuids = new ArrayList<>();
    new AppRequests(client, app)
        .pages(
            dataset.collection(),
            "select *",
            1000,
            page -> {
              for (JsonNode entity : page.path("entities")) {
                if (dataset.index(entity.path("name").asText()) >= 0) {
                  uuids.add(entity.path("uuid").asText());
                }
              }
              return true;
            });
    return uuids;
  }

  /** Grants the guest role (anonymous callers) a permission in this application. */
  public void grantGuest(String permission) {
    client.send(
        "POST",
        app.path() + "/roles/guest/permissions",
        MeridianClient.JSON.createObjectNode().put("permission", permission),
        clientToken());
  }

  /** The local server's process id, if this run started one. */
  public OptionalLong serverPid() {
    return local == null ? OptionalLong.empty() : OptionalLong.of(local.pid());
  }

  /** A figure of the run beyond Gatling's, written under {@code measured} in the run's record. */
  public void note(String key, JsonNode value) {
    measured.put(key, value);
  }

  /** Starts measuring the CPU of the load generator, the local server and the whole machine. */
  public void startMeasuring() {
    measure = Measure.now(local == null ? -1 : local.pid());
  }

  /**
   * Writes what this run used and cost to {@code target/loadtests/runs/<report>.json}, where the
   * summary finds it ({@code report} is the prefix of Gatling's report folder), and stops a local
   * server.
   */
  public void finish(String report) {
    try {
      if (measure != null) {
        Measure end = Measure.now(local == null ? -1 : local.pid());
        writeRun(report, measure, end);
      }
    } finally {
      if (local != null) {
        local.stop();
      }
    }
  }

  private void writeRun(String report, Measure start, Measure end) {
    double seconds = Duration.between(start.at, end.at).toMillis() / 1000.0;
    ObjectNode run = MeridianClient.JSON.createObjectNode();
    run.put("simulation", config.simulation());
    run.put("started", start.at.toString());
    run.put("seconds", seconds);
    run.put("target", baseUrl().toString());
    run.put("cores", Runtime.getRuntime().availableProcessors());
    ObjectNode cpu = run.putObject("cpuCoresUsed");
    cpu.put("loadGenerator", round((end.self - start.self) / 1e9 / seconds));
    if (start.server >= 0 && end.server >= 0) {
      cpu.put("meridian", round((end.server - start.server) / 1e9 / seconds));
    }
    if (start.machineBusy >= 0 && end.machineBusy >= 0) {
      double busy = end.machineBusy - start.machineBusy;
      double total = end.machineTotal - start.machineTotal;
      cpu.put("machine", round(busy / total * Runtime.getRuntime().availableProcessors()));
    }
    ObjectNode roles = MeridianClient.JSON.createObjectNode();
    end.roles
        .coresSince(start.roles, seconds)
        .forEach((role, cores) -> roles.put(role, round(cores)));
    if (!roles.isEmpty()) {
      cpu.set("roles", roles);
    }
    if (!measured.isEmpty()) {
      run.putObject("measured").setAll(measured);
    }
    ObjectNode used = run.putObject("config");
    config.used().forEach(used::put);
    try {
      Path dir = Files.createDirectories(Path.of("target", "loadtests", "runs"));
      Files.writeString(
          dir.resolve(report + ".json"), run.toPrettyString() + System.lineSeparator());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    System.out.println("Run: " + run);
  }

  private static double round(double value) {
    return Math.round(value * 1000) / 1000.0;
  }

  /**
   * CPU time in nanoseconds (own and server process), the machine's jiffies and every process's CPU
   * time by role, at an instant.
   */
  private record Measure(
      Instant at, long self, long server, long machineBusy, long machineTotal, RoleCpu roles) {
    static Measure now(long serverPid) {
      long self =
          ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
      long server =
          serverPid < 0
              ? -1
              : ProcessHandle.of(serverPid)
                  .flatMap(p -> p.info().totalCpuDuration())
                  .map(Duration::toNanos)
                  .orElse(-1L);
      long busy = -1;
      long total = -1;
      try {
        String[] fields = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
        total = 0;
        for (int i = 1; i < fields.length; i++) {
          total += Long.parseLong(fields[i]);
        }
        busy = total - Long.parseLong(fields[4]) - Long.parseLong(fields[5]);
      } catch (IOException | RuntimeException notLinux) {
        busy = -1;
      }
      return new Measure(Instant.now(), self, server, busy, total, RoleCpu.now());
    }
  }
}
