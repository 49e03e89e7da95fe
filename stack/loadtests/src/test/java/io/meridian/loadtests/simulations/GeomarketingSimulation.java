package io.meridian.loadtests.simulations;

import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.OpenInjectionStep;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.meridian.loadtests.Target;
import io.meridian.loadtests.load.Dataset;
import io.meridian.loadtests.scenarios.Geomarketing;
import io.meridian.loadtests.scenarios.Protocol;
import io.meridian.loadtests.scenarios.Throughput;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Kuzzle's geomarketing benchmark over HTTP: {@code dataSize} overlapping hexagonal fences (smoke
 * 2,000, full 300,000) each with an ad, the dense set of {@code fences=large} or Kuzzle's spread
 * with {@code fences=kuzzle}; {@code users} devices (20 / 200; Kuzzle's second profile is 400)
 * arrive over {@code ramp} (5 s / 20 s), then {@code users2} more (none) over as long; each signs
 * in once as its own application user and sends {@code positions} positions (100 / 2,000), one
 * every {@code intervalMs} (0: each as soon as the last is answered), a new point each, checking
 * the ads returned ({@code limit} 25). {@link GeomarketingSocketSimulation} is the same over the
 * real-time socket.
 */
public class GeomarketingSimulation extends MeridianSimulation {
  private final Throughput answered = new Throughput();

  public GeomarketingSimulation() {
    super("geomarketing");
    Run run = new Run("large", 20, 0, 0, 0);
    setUp(run.injected(scenario("geomarketing").exec(run.positions(false))))
        .protocols(Protocol.of(target.baseUrl()))
        .maxDuration(config.duration("maxDuration", Duration.ofMinutes(5), Duration.ofMinutes(60)))
        .assertions(gates(new Gate(3_000, 10_000), new Gate(100, 1_000), new Gate(50, 300)));
  }

  GeomarketingSimulation(String name) {
    super(name);
  }

  @Override
  public void after() {
    target.note("positions", answered.summary(10));
    super.after();
  }

  /** The data, the devices and their arrival, read from the configuration. */
  final class Run {
    private final Dataset dataset;
    private final int users;
    private final int users2;
    private final String password;
    private final Geomarketing geomarketing;
    private final int positions;

    Run(String defaultFences, int smokeUsers, int smokeUsers2, int fullUsers2, int intervalMs) {
      String fences = config.text("fences", defaultFences).toLowerCase(Locale.ROOT);
      dataset =
          switch (fences) {
            case "large" -> Dataset.FENCES;
            case "kuzzle" -> Dataset.KUZZLE_FENCES;
            default ->
                throw new IllegalArgumentException(
                    "loadtest.fences must be large or kuzzle, not '" + fences + "'");
          };
      int count = config.dataSize(2_000, 300_000);
      users = config.users(smokeUsers, 200);
      users2 = config.integer("users2", smokeUsers2, fullUsers2);
      target.load(dataset, count, config.seed());
      password = target.users("geo-user-", users + users2);
      Duration interval = Duration.ofMillis(config.integer("intervalMs", intervalMs, intervalMs));
      geomarketing =
          new Geomarketing(
              target.app().path(),
              dataset,
              count,
              config.seed(),
              config.integer("limit", 25, 25),
              interval,
              answered);
      positions = config.integer("positions", 100, 2_000);
    }

    /** Each device: takes the next user name, signs in, sends its positions. */
    ChainBuilder positions(boolean overSocket) {
      AtomicLong next = new AtomicLong();
      int all = users + users2;
      Iterator<Map<String, Object>> devices =
          Stream.generate(
                  () ->
                      Map.<String, Object>of(
                          "username",
                          Target.userName("geo-user-", next.getAndIncrement() % all),
                          "password",
                          password))
              .iterator();
      ChainBuilder signedIn = feed(devices).exec(Protocol.login(target.app().path()));
      Duration timeout =
          config.duration("answerTimeout", Duration.ofSeconds(30), Duration.ofSeconds(60));
      return overSocket
          ? signedIn.exec(geomarketing.positionsOverSocket(positions, timeout))
          : signedIn.exec(geomarketing.positions(positions));
    }

    /** {@code users} over {@code ramp}, then {@code users2} over as long. */
    PopulationBuilder injected(ScenarioBuilder scenario) {
      Duration ramp = config.duration("ramp", Duration.ofSeconds(5), Duration.ofSeconds(20));
      List<OpenInjectionStep> steps = new ArrayList<>();
      steps.add(rampUsers(users).during(ramp));
      if (users2 > 0) {
        steps.add(rampUsers(users2).during(ramp));
      }
      return scenario.injectOpen(steps);
    }
  }
}
