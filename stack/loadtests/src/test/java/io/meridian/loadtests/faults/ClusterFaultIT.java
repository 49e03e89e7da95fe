package io.meridian.loadtests.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.loadtests.LocalTarget;
import io.meridian.loadtests.faults.CrossNode.Check;
import io.meridian.loadtests.faults.WriteLoad.Options;
import io.meridian.loadtests.faults.WriteLoad.Result;
import io.meridian.loadtests.load.MeridianClient;
import io.meridian.loadtests.load.MeridianClient.App;
import io.meridian.local.ClusterConfig;
import io.meridian.local.ClusterStatus;
import io.meridian.local.JvmOptions;
import io.meridian.local.LocalCluster;
import io.meridian.local.SharedServices;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Issue 7's fault tests on a real local cluster ({@link LocalCluster}: three Cassandra nodes at RF
 * 3 and quorum, two Elasticsearch nodes, REST nodes behind HAProxy), each under a write load that
 * records every acknowledged write, and each printing how many were acknowledged, found and lost.
 * The tests run in order on one cluster; in the full profile the last restarts all of it and checks
 * every write of every test.
 *
 * <p>{@code -Dcluster.faults.profile=short} (the default, in CI: 2 REST nodes, 5 s load phases, no
 * full restart) or {@code full} (3 REST nodes, 20 s phases, 8 writers, and the full restart); the
 * Elasticsearch outage lasts 30 s in both. The short profile leaves the full restart out to fit the
 * test command's time budget (issue 7 asks for "a short version in CI if it fits"): on two cores it
 * took 150-200 s, a third of the class, and a graceful restart is the mildest of these faults
 * (every other one is a kill or an outage under load). The cluster lives in {@code
 * target/cluster-it} on ports offset by 1000 and stops with the build.
 */
@EnabledIfSystemProperty(
    named = "meridian.it.data-dir",
    matches = ".+",
    disabledReason = "an integration test: run it with failsafe (mvn verify)")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterFaultIT {
  private static final boolean FULL =
      System.getProperty("cluster.faults.profile", "short").equals("full");
  private static final int REST_NODES = FULL ? 3 : 2;
  private static final Duration PHASE = Duration.ofSeconds(FULL ? 20 : 5);
  private static final int WRITERS = FULL ? 8 : 4;
  private static final Duration ES_OUTAGE = Duration.ofSeconds(30);
  private static final Duration CATCH_UP = Duration.ofSeconds(30);
  private static final Duration CROSS_NODE_LIMIT = Duration.ofSeconds(1);
  private static final String COLLECTION = "faultwrites";
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private static LocalCluster cluster;
  private static App app;
  private static String token;
  private static final List<Result> everything = new ArrayList<>();

  @BeforeAll
  static void startCluster() {
    ClusterConfig config =
        ClusterConfig.defaults(Path.of("target", "cluster-it"), LocalTarget.jar())
            .withPortOffset(1000)
            .withHeaps("768m", "512m", "512m")
            .withRestArguments(List.of("--meridian.identity.bcrypt-strength=4"))
            .withRestJvmOptions(JvmOptions.SHORT_LIVED);
    cluster = LocalCluster.create(config);
    cluster.stopWhenGone(SharedServices.ownerPid());
    long started = System.nanoTime();
    ClusterStatus status = cluster.up(REST_NODES);
    System.out.printf("Cluster up in %.0f s:%n%s", (System.nanoTime() - started) / 1e9, status);
    MeridianClient client = new MeridianClient(cluster.loadBalancerUrl(), false);
    app = client.provision("faults", cluster.superuserPassword());
    token = client.clientToken(app);
  }

  /** Stops the cluster (its data stays for a look); the watchdog covers a killed build. */
  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.down();
    }
  }

  @Test
  @Order(1)
  void tokens_revocations_and_fences_cross_nodes_within_a_second() throws Exception {
    CrossNode crossNode = new CrossNode(cluster.restUrl(1), cluster.restUrl(2), app, token);
    Check issued = crossNode.tokenWorksOnOtherNode();
    Check revoked = crossNode.revocationReachesOtherNode(Duration.ofSeconds(5));
    Check fence = crossNode.fenceReachesOtherNode(Duration.ofSeconds(5));
    for (Check check : List.of(issued, revoked, fence)) {
      check.print();
      assertThat(check.reached()).as(check.line()).isTrue();
    }
    assertThat(revoked.latency()).as(revoked.line()).isLessThanOrEqualTo(CROSS_NODE_LIMIT);
    assertThat(fence.latency()).as(fence.line()).isLessThanOrEqualTo(CROSS_NODE_LIMIT);
  }

  @Test
  @Order(2)
  void killing_a_rest_node_loses_no_acknowledged_write() throws Exception {
    Result result = killUnderLoad("rest-2", "writes go on through the other node(s)");
    cluster.up(REST_NODES);
    Report report = new AckCheck(cluster.loadBalancerUrl(), app, token).byUuid(result);
    report.print("kill -9 rest-2");
    assertNothingLost(report, result);
  }

  @Test
  @Order(3)
  void killing_a_cassandra_node_loses_no_acknowledged_write_and_it_rejoins() throws Exception {
    Result result = killUnderLoad("cassandra-2", "quorum writes go on with two of three replicas");
    Report whileDown = new AckCheck(cluster.loadBalancerUrl(), app, token).byUuid(result);
    whileDown.print("kill -9 cassandra-2, node still down");
    assertNothingLost(whileDown, result);

    cluster.up(REST_NODES);
    assertThat(cluster.status().node("cassandra-2").ready()).as("cassandra-2 rejoined").isTrue();
    Report rejoined = new AckCheck(cluster.loadBalancerUrl(), app, token).byUuid(result);
    rejoined.print("kill -9 cassandra-2, node rejoined");
    assertNothingLost(rejoined, result);
  }

  @Test
  @Order(4)
  void without_elasticsearch_writes_succeed_queries_answer_503_and_catch_up_after()
      throws Exception {
    WriteLoad load = startLoad();
    assertThat(load.awaitAcknowledged(1, Duration.ofSeconds(30))).isTrue();
    cluster.stop("es-1");
    cluster.stop("es-2");
    long stopped = System.nanoTime();
    long atStop = load.acknowledged();
    HttpResponse<String> query = query(load.runId());
    assertThat(query.statusCode()).as(query.body()).isEqualTo(503);
    assertThat(query.body()).contains("index_unavailable");
    Thread.sleep(Math.max(0, ES_OUTAGE.toMillis() - (System.nanoTime() - stopped) / 1_000_000));
    query = query(load.runId());
    assertThat(query.statusCode()).as(query.body()).isEqualTo(503);
    // The load covers the outage. It stops before Elasticsearch starts again: on two cores a
    // write load beside three Cassandra nodes starves Elasticsearch's start (3 min 46 s once
    // instead of about 1 min), which would measure this machine rather than the catch-up.
    Result result = stop(load, "Elasticsearch stopped 30 s");
    long duringOutage = result.acknowledged() - atStop;
    System.out.printf(
        "[Elasticsearch stopped 30 s] %d writes acknowledged while both nodes were down%n",
        duringOutage);

    long restarting = System.nanoTime();
    cluster.up(REST_NODES);
    System.out.printf(
        "[Elasticsearch stopped 30 s] both nodes ready again in %.0f s%n",
        (System.nanoTime() - restarting) / 1e9);
    Report report = new AckCheck(cluster.loadBalancerUrl(), app, token).byQuery(result, CATCH_UP);
    report.print("Elasticsearch stopped 30 s, queries after it returned");
    assertThat(duringOutage).as("writes succeed while the index is down").isPositive();
    assertNothingLost(report, result);
    assertThat(report.took()).isLessThanOrEqualTo(CATCH_UP);
  }

  @Test
  @Order(5)
  @EnabledIfSystemProperty(
      named = "cluster.faults.profile",
      matches = "full",
      disabledReason = "runs in the full profile only (-Dcluster.faults.profile=full)")
  void after_a_full_restart_every_acknowledged_write_is_there() throws Exception {
    WriteLoad load = startLoad();
    Thread.sleep(PHASE.toMillis());
    stop(load, "before the restart");
    long started = System.nanoTime();
    cluster.down();
    cluster.up(REST_NODES);
    System.out.printf("Full restart took %.0f s%n", (System.nanoTime() - started) / 1e9);
    AckCheck check = new AckCheck(cluster.loadBalancerUrl(), app, token);
    for (Result result : everything) {
      Report byUuid = check.byUuid(result);
      byUuid.print("full restart, by uuid, run " + result.runId());
      assertNothingLost(byUuid, result);
      Report byQuery = check.byQuery(result, CATCH_UP);
      byQuery.print("full restart, by query, run " + result.runId());
      assertNothingLost(byQuery, result);
    }
  }

  /**
   * Writes for a phase, SIGKILLs {@code node}, requires at least 10 more acknowledgments (the
   * writes go on), writes for another phase, and returns the load's result.
   */
  private static Result killUnderLoad(String node, String goesOn) throws InterruptedException {
    WriteLoad load = startLoad();
    Thread.sleep(PHASE.toMillis());
    long beforeKill = load.acknowledged();
    cluster.kill(node);
    assertThat(load.awaitAcknowledged(beforeKill + 10, PHASE.plusSeconds(20))).as(goesOn).isTrue();
    Thread.sleep(PHASE.toMillis());
    return stop(load, "kill -9 " + node);
  }

  private static WriteLoad startLoad() {
    return WriteLoad.start(
        Options.of(List.of(cluster.loadBalancerUrl()), app, token, COLLECTION)
            .withWriters(WRITERS));
  }

  private static Result stop(WriteLoad load, String test) throws InterruptedException {
    Result result = load.stop();
    everything.add(result);
    System.out.println("[" + test + "] " + result.summary());
    return result;
  }

  private static void assertNothingLost(Report report, Result result) {
    assertThat(result.acknowledged()).isPositive();
    assertThat(report.lost()).as(report.line("")).isZero();
    assertThat(report.found()).as(report.line("")).isEqualTo(result.acknowledged());
  }

  private static HttpResponse<String> query(String runId) throws Exception {
    String ql = URLEncoder.encode("select * where runId = '" + runId + "'", StandardCharsets.UTF_8);
    URI uri =
        cluster
            .loadBalancerUrl()
            .resolve("/" + app.org() + "/" + app.app() + "/" + COLLECTION + "?ql=" + ql);
    HttpRequest request =
        HttpRequest.newBuilder(uri)
            .header("Authorization", "Bearer " + token)
            .timeout(Duration.ofSeconds(20))
            .build();
    return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
  }
}
