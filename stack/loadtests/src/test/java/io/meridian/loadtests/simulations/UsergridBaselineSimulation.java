package io.meridian.loadtests.simulations;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.meridian.loadtests.Target;
import io.meridian.loadtests.load.Dataset;
import io.meridian.loadtests.scenarios.Baseline;
import io.meridian.loadtests.scenarios.Baseline.Auth;
import io.meridian.loadtests.scenarios.Protocol;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Usergrid's baseline: {@code users} virtual users GET random things by uuid for {@code duration}
 * (Usergrid measured 10,268 requests/s on 35 REST servers and 9 Cassandra nodes), then {@code
 * crudUsers} users run GET by name, query by name, three pages by cursor, and create, update,
 * delete for as long. Users take anonymous, app-user-token and client-credentials access in turn.
 *
 * <p>Keys: {@code dataSize} (things; smoke 1,000, full 100,000), {@code users} (12 / 32), {@code
 * crudUsers} (6 / 16), {@code duration} (25 s / 60 s each phase).
 */
public class UsergridBaselineSimulation extends MeridianSimulation {

  public UsergridBaselineSimulation() {
    super("baseline");
    int count = config.dataSize(1_000, 100_000);
    target.load(Dataset.THINGS, count, config.seed());
    target.grantGuest("get,post:/" + Dataset.THINGS.collection());
    target.grantGuest("get,put,delete:/" + Dataset.THINGS.collection() + "/*");
    String password = target.users("bench-user-", 1);
    String userToken =
        target.client().userToken(target.app(), Target.userName("bench-user-", 0), password);
    Map<Auth, String> tokens = Map.of(Auth.USER, userToken, Auth.CLIENT, target.clientToken());
    List<String> uuids = target.uuids(Dataset.THINGS);
    if (uuids.size() != count) {
      throw new IllegalStateException(
          "Expected " + count + " things, the collection lists " + uuids.size());
    }

    Baseline baseline = new Baseline(target.app().path(), count);
    Duration duration = config.duration(Duration.ofSeconds(25), Duration.ofSeconds(60));
    ScenarioBuilder reads =
        scenario("GET by uuid")
            .exec(Baseline.authenticate(tokens))
            .during(duration)
            .on(baseline.getByUuid(uuids));
    ScenarioBuilder crud =
        scenario("CRUD")
            .exec(Baseline.authenticate(tokens))
            .during(duration)
            .on(baseline.byName(), baseline.page(3, 100), baseline.createUpdateDelete());

    setUp(
            reads
                .injectOpen(atOnceUsers(config.users(12, 32)))
                .andThen(crud.injectOpen(atOnceUsers(config.integer("crudUsers", 6, 16)))))
        .protocols(Protocol.of(target.baseUrl()))
        .maxDuration(duration.multipliedBy(2).plusMinutes(2))
        .assertions(gates(new Gate(3_000, 2_000), new Gate(100, 100), new Gate(50, 500)));
  }
}
