package io.meridian.loadtests.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.loadtests.LocalTarget;
import io.meridian.loadtests.faults.CrossNode.Check;
import io.meridian.loadtests.faults.WriteLoad.Options;
import io.meridian.loadtests.faults.WriteLoad.Result;
import io.meridian.loadtests.load.MeridianClient;
import io.meridian.loadtests.load.MeridianClient.App;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The fault harness against two real Meridian servers on the build's shared Cassandra and
 * Elasticsearch, before the cluster launcher exists: the cross-node checks while both run, then a
 * write load over both during which the second is killed with SIGKILL. The kill comes last, so the
 * methods run in order.
 *
 * <p>Runs only under failsafe, which names the shared services' data directory (see {@code
 * LoaderIT}). The Gatling smoke run and its gate skip only with {@code -DskipITs}, which skips this
 * too, so run it alone by naming the goals:
 *
 * <pre>
 * ./mvnw -o -B package failsafe:integration-test failsafe:verify -pl stack/loadtests -am \
 *   -Dit.test=FaultHarnessIT -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false \
 *   -Dfailsafe.failIfNoSpecifiedTests=false
 * </pre>
 */
@EnabledIfSystemProperty(
    named = "meridian.it.data-dir",
    matches = ".+",
    disabledReason = "an integration test: run it with failsafe (mvn verify)")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FaultHarnessIT {
  private static final Map<String, String> SETTINGS =
      Map.of("meridian.identity.bcrypt-strength", "4");
  private static final Duration CROSS_NODE_LIMIT = Duration.ofSeconds(1);

  private static LocalTarget first;
  private static LocalTarget second;
  private static App app;
  private static String token;

  @BeforeAll
  static void startTwoServers() {
    CompletableFuture<LocalTarget> one =
        CompletableFuture.supplyAsync(() -> start("faults-node-1"));
    CompletableFuture<LocalTarget> two =
        CompletableFuture.supplyAsync(() -> start("faults-node-2"));
    first = one.join();
    second = two.join();
    MeridianClient client = new MeridianClient(first.baseUrl(), false);
    app = client.provision("faults", null);
    token = client.clientToken(app);
  }

  private static LocalTarget start(String label) {
    return LocalTarget.start(label, "512m", LocalTarget.freePort(), SETTINGS);
  }

  @AfterAll
  static void stopServers() {
    for (LocalTarget server : new LocalTarget[] {first, second}) {
      if (server != null) {
        server.close();
      }
    }
  }

  @Test
  @Order(1)
  void tokens_revocations_and_fences_reach_the_other_node_within_a_second() throws Exception {
    CrossNode crossNode = new CrossNode(first.baseUrl(), second.baseUrl(), app, token);

    Check tokenCheck = crossNode.tokenWorksOnOtherNode();
    Check revocation = crossNode.revocationReachesOtherNode(Duration.ofSeconds(5));
    Check fence = crossNode.fenceReachesOtherNode(Duration.ofSeconds(5));

    assertThat(tokenCheck.reached()).as(tokenCheck.line()).isTrue();
    assertThat(revocation.reached()).as(revocation.line()).isTrue();
    assertThat(revocation.latency()).as(revocation.line()).isLessThanOrEqualTo(CROSS_NODE_LIMIT);
    assertThat(fence.reached()).as(fence.line()).isTrue();
    assertThat(fence.latency()).as(fence.line()).isLessThanOrEqualTo(CROSS_NODE_LIMIT);
  }

  @Test
  @Order(2)
  void no_acknowledged_write_is_lost_when_a_node_is_killed_under_load() throws Exception {
    WriteLoad load =
        WriteLoad.start(
            Options.of(List.of(first.baseUrl(), second.baseUrl()), app, token, "faultwrites"));
    assertThat(load.awaitAcknowledged(1, Duration.ofSeconds(20))).isTrue();
    Thread.sleep(2500);
    long beforeKill = load.acknowledged();
    second.kill();
    Thread.sleep(2500);

    Result result = load.stop();
    System.out.println("[kill -9 node 2] " + result.summary() + " by node " + result.acksByNode());
    AckCheck check = new AckCheck(first.baseUrl(), app, token);
    Report byUuid = check.byUuid(result);
    byUuid.print("kill -9 node 2");
    Report byQuery = check.byQuery(result, Duration.ofSeconds(30));
    byQuery.print("kill -9 node 2");

    assertThat(result.acknowledged()).isGreaterThan(beforeKill).isGreaterThan(0);
    assertThat(result.acksByNode()).containsOnlyKeys(first.baseUrl(), second.baseUrl());
    assertThat(result.failures()).containsKey(NodeHttp.REFUSED);
    for (Report report : List.of(byUuid, byQuery)) {
      assertThat(report.lost()).as(report.line("kill -9 node 2")).isZero();
      assertThat(report.found()).isEqualTo(result.acknowledged());
    }
    assertThat(byUuid.errors()).isEmpty();
  }
}
