package io.meridian.loadtests.simulations;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import io.meridian.loadtests.load.Dataset;
import io.meridian.loadtests.load.MeridianClient;
import io.meridian.loadtests.scenarios.PlacesNear;
import io.meridian.loadtests.scenarios.Protocol;
import java.time.Duration;

/**
 * Places near me: {@code dataSize} places (smoke 5,000, full 653,796); {@code users} users (8 / 32)
 * query {@code within} 0.5, 2, 5, 10, 25 and 50 km in turn for {@code duration} (30 s / 60 s),
 * limit 25, centres drawn from the places' distribution. {@code geoHot=true} makes the collection
 * geo-hot first (answered from memory instead of Elasticsearch). Answers are compared with a brute
 * force when there are at most {@code exactUpTo} places (20,000).
 */
public class PlacesNearSimulation extends MeridianSimulation {

  public PlacesNearSimulation() {
    super("places");
    int count = config.dataSize(5_000, 653_796);
    if (Boolean.parseBoolean(config.text("geoHot", "false"))) {
      target
          .client()
          .send(
              "POST",
              target.app().path() + "/" + Dataset.PLACES.collection() + "/_settings",
              MeridianClient.JSON.createObjectNode().put("geoHot", true),
              target.clientToken());
    }
    target.load(Dataset.PLACES, count, config.seed());
    PlacesNear places =
        new PlacesNear(
            target.app().path(),
            count,
            config.seed(),
            config.integer("limit", 25, 25),
            config.integer("exactUpTo", 20_000, 20_000));
    Duration duration = config.duration(Duration.ofSeconds(30), Duration.ofSeconds(60));
    String token = target.clientToken();
    setUp(
            scenario("places near")
                .exec(session -> session.set(Protocol.TOKEN, token))
                .during(duration)
                .on(places.query())
                .injectOpen(atOnceUsers(config.users(8, 32))))
        .protocols(Protocol.of(target.baseUrl()))
        .maxDuration(duration.plusMinutes(2))
        .assertions(gates(new Gate(2_000, 3_000), new Gate(400, 2_000), new Gate(20, 30)));
  }
}
