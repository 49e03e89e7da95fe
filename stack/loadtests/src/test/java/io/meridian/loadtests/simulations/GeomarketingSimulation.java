package io.meridian.loadtests.simulations;

import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.meridian.loadtests.Target;
import io.meridian.loadtests.load.Dataset;
import io.meridian.loadtests.scenarios.Geomarketing;
import io.meridian.loadtests.scenarios.Protocol;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Kuzzle's geomarketing benchmark: {@code dataSize} overlapping hexagonal fences (smoke 2,000, full
 * 300,000) each with an ad; {@code users} devices (20 / 200; Kuzzle's second profile is 400) arrive
 * over {@code ramp} (5 s / 20 s), each signs in once as its own application user and sends {@code
 * positions} positions (100 / 2,000), a new point each, checking the ads returned ({@code limit}
 * 25).
 */
public class GeomarketingSimulation extends MeridianSimulation {

  public GeomarketingSimulation() {
    super("geomarketing");
    int fences = config.dataSize(2_000, 300_000);
    int users = config.users(20, 200);
    target.load(Dataset.FENCES, fences, config.seed());
    String password = target.users("geo-user-", users);
    Geomarketing geomarketing =
        new Geomarketing(
            target.app().path(), fences, config.seed(), config.integer("limit", 25, 25));

    AtomicLong next = new AtomicLong();
    Iterator<Map<String, Object>> devices =
        Stream.generate(
                () ->
                    Map.<String, Object>of(
                        "username",
                        Target.userName("geo-user-", next.getAndIncrement() % users),
                        "password",
                        password))
            .iterator();
    ScenarioBuilder devicesReporting =
        scenario("geomarketing")
            .feed(devices)
            .exec(Protocol.login(target.app().path()))
            .exec(geomarketing.positions(config.integer("positions", 100, 2_000)));

    Duration ramp = config.duration("ramp", Duration.ofSeconds(5), Duration.ofSeconds(20));
    setUp(devicesReporting.injectOpen(rampUsers(users).during(ramp)))
        .protocols(Protocol.of(target.baseUrl()))
        .maxDuration(config.duration("maxDuration", Duration.ofMinutes(5), Duration.ofMinutes(60)))
        .assertions(gates(new Gate(3_000, 10_000), new Gate(100, 1_000), new Gate(50, 300)));
  }
}
