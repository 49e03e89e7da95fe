package io.meridian.rest.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.PackagedServer;
import io.meridian.rest.support.TestServers;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * A server process killed with SIGKILL after its Cassandra writes and before any index write (its
 * fast index path and repairer are off, as if it died at that instant): the writes it acknowledged
 * are in the index after the restart.
 */
@Order(4) // long: starts early, so that it overlaps the others
class ServerCrashIT extends MeridianIT {

  private Set<String> indexed(ApiClient client) {
    String ql = ApiClient.encode("select * where batch = 'crash'");
    return new HashSet<>(client.get(path("orders") + "?limit=1000&ql=" + ql).uuids());
  }

  @Test
  void writes_acknowledged_before_a_kill_9_are_indexed_after_restart() throws Exception {
    int port = PackagedServer.freePort();
    Process crashing =
        startServer(
            port,
            Map.of(
                "meridian.indexing.fast-path-enabled", "false",
                "meridian.indexing.repair-enabled", "false"),
            "crashing");
    ApiClient doomed = new ApiClient("http://127.0.0.1:" + port).withToken(api.token());
    List<String> acknowledged = new ArrayList<>();
    try {
      PackagedServer.awaitReady(doomed);
      for (int i = 0; i < 30; i++) {
        Reply reply = doomed.post(path("orders"), "{\"batch\":\"crash\",\"n\":" + i + "}");
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        acknowledged.add(reply.entity().path("uuid").asText());
        if (i == 0) {
          // Well within the repairers' lag: only a fast-path index write could show it now.
          assertThat(indexed(doomed)).isEmpty();
        }
      }
    } finally {
      crashing.destroyForcibly().waitFor(); // SIGKILL: no shutdown hook runs
    }

    Process restarted = startServer(port, Map.of(), "restarted");
    try {
      ApiClient node = new ApiClient("http://127.0.0.1:" + port).withToken(api.token());
      PackagedServer.awaitReady(node);
      Eventually.within(
          Duration.ofSeconds(60),
          () -> assertThat(indexed(node)).containsExactlyInAnyOrderElementsOf(acknowledged));
    } finally {
      restarted.destroy();
      restarted.waitFor();
    }
  }

  private static Process startServer(int port, Map<String, String> overrides, String label)
      throws IOException {
    Map<String, String> properties = new LinkedHashMap<>(TestServers.properties());
    properties.putAll(overrides);
    return PackagedServer.start(port, properties, label);
  }
}
