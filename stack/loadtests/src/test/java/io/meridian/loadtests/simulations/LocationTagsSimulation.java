package io.meridian.loadtests.simulations;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import io.meridian.loadtests.Target;
import io.meridian.loadtests.load.Dataset;
import io.meridian.loadtests.load.MeridianClient;
import io.meridian.loadtests.scenarios.LocationTags;
import io.meridian.loadtests.scenarios.Protocol;
import java.time.Duration;

/**
 * Geo2Tag's study: one signed-in user grows the tags from {@code startTags} (0; earlier tags are
 * bulk-loaded by the loader) to {@code maxTags} (smoke 3,000, full 54,000; set 1,000,000 for the
 * long version) in steps of {@code step} (1,000). At each count it runs {@code loads} LoadTags (10
 * / 50; within {@code radius} 5 km, two channels, a time window, newest first, limit 25), then
 * writes the next step: {@code singles} single WriteTags (20 / 100) and the rest in bulk.
 */
public class LocationTagsSimulation extends MeridianSimulation {

  public LocationTagsSimulation() {
    super("tags");
    int start = config.integer("startTags", 0, 0);
    int max = config.integer("maxTags", 3_000, 54_000);
    int step = config.integer("step", 1_000, 1_000);
    if (step <= 0 || start < 0 || start > max) {
      throw new IllegalArgumentException("Need 0 <= startTags <= maxTags and step > 0");
    }
    if (start > 0) {
      target.load(Dataset.TAGS, start, config.seed());
    }
    requireNoTagBeyond(start);
    String password = target.users("tag-user-", 1);
    LocationTags tags =
        new LocationTags(
            target.app().path(),
            max,
            config.seed(),
            config.integer("radius", 5_000, 5_000),
            config.integer("limit", 25, 25));
    setUp(
            scenario("location tags")
                .exec(
                    session ->
                        session
                            .set("username", Target.userName("tag-user-", 0))
                            .set("password", password))
                .exec(Protocol.login(target.app().path()))
                .exec(
                    tags.grow(
                        start,
                        max,
                        step,
                        config.integer("loads", 10, 50),
                        config.integer("singles", 20, 100)))
                .injectOpen(atOnceUsers(1)))
        .protocols(Protocol.of(target.baseUrl()))
        .maxDuration(config.duration("maxDuration", Duration.ofMinutes(5), Duration.ofHours(3)))
        .assertions(gates(new Gate(20_000, 20_000), new Gate(1_000, 1_000), new Gate(1, 1)));
  }

  /** Growth starts from exactly {@code start} tags: tag number {@code start} must not exist. */
  private void requireNoTagBeyond(int start) {
    try {
      target
          .client()
          .send(
              "GET",
              target.app().path()
                  + "/"
                  + Dataset.TAGS.collection()
                  + "/"
                  + Dataset.TAGS.name(start),
              null,
              target.clientToken());
    } catch (MeridianClient.ApiException e) {
      if (e.status() == 404) {
        return;
      }
      throw e;
    }
    throw new IllegalStateException(
        "The application already holds more than "
            + start
            + " tags: use a fresh application or set loadtest.startTags");
  }
}
