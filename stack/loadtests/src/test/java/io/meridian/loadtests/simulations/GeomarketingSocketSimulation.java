package io.meridian.loadtests.simulations;

import static io.gatling.javaapi.core.CoreDsl.scenario;

import io.meridian.loadtests.scenarios.Protocol;
import java.time.Duration;

/**
 * Kuzzle's geomarketing benchmark over the real-time socket (docs/realtime.md): each device signs
 * in once over HTTP as its own application user, opens {@code /{org}/{app}/_realtime} with its
 * token, and sends its positions as {@code request} messages, each awaiting the {@code response}
 * with its id and checked against the same oracle as {@link GeomarketingSimulation}.
 *
 * <p>Defaults: Kuzzle's spread of fences ({@code fences=kuzzle}: 2,000 / 300,000); {@code users}
 * devices (10 / 200) over {@code ramp} (5 s / 20 s), then {@code users2} more (none / 400) over as
 * long: Kuzzle's two arrival profiles one after the other; {@code positions} positions each (100 /
 * 2,000), one every {@code intervalMs} (100: ten a second per device, 6,000 a second once all 600
 * devices are in). The run's steady rate, which Gatling's mean over the whole run hides, is
 * recorded as {@code measured.positions} (the best ten seconds).
 */
public class GeomarketingSocketSimulation extends GeomarketingSimulation {

  public GeomarketingSocketSimulation() {
    super("geomarketing-socket");
    Run run = new Run("kuzzle", 10, 0, 400, 100);
    setUp(run.injected(scenario("geomarketing over the socket").exec(run.positions(true))))
        .protocols(Protocol.withSockets(target.baseUrl(), 0))
        .maxDuration(config.duration("maxDuration", Duration.ofMinutes(5), Duration.ofMinutes(30)))
        .assertions(gates(new Gate(3_000, 20_000), new Gate(100, 300), new Gate(20, 1_000)));
  }
}
