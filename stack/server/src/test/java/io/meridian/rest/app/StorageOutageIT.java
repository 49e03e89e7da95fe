package io.meridian.rest.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.local.SharedServices;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.MeridianIT;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Cassandra really killed (SIGKILL): requests get a clear 503 instead of a 500, load balancers take
 * the node out, and everything acknowledged before is served again once Cassandra is back.
 */
@Isolated // stops the shared Cassandra or Elasticsearch: every other class would fail
class StorageOutageIT extends MeridianIT {

  @Test
  void a_dead_cassandra_gives_503s_and_the_node_recovers_with_every_acknowledged_write() {
    String uuid =
        api.post(path("kites"), "{\"name\":\"red\",\"tail\":3}").entity().path("uuid").asText();

    SharedServices.services().killCassandra();
    try {
      Eventually.within(
          Duration.ofSeconds(30), () -> assertThat(api.get("/lb-status").status()).isEqualTo(503));
      Reply read = api.get(path("kites") + "/" + uuid);
      assertThat(read.status()).isEqualTo(503);
      assertThat(read.error()).isEqualTo("storage_unavailable");
      assertThat(read.body()).doesNotContain("Exception");
      Reply write = api.post(path("kites"), "{\"name\":\"blue\"}");
      assertThat(write.status()).isEqualTo(503);
      assertThat(api.get("/status").status()).isEqualTo(503);
    } finally {
      SharedServices.services().startCassandra();
    }

    Eventually.within(
        Duration.ofSeconds(60), () -> assertThat(api.get("/lb-status").status()).isEqualTo(200));
    Eventually.within(
        Duration.ofSeconds(30),
        () -> {
          Reply kite = api.get(path("kites") + "/red");
          assertThat(kite.status()).isEqualTo(200);
          assertThat(kite.entity().path("uuid").asText()).isEqualTo(uuid);
          assertThat(kite.entity().path("tail").asInt()).isEqualTo(3);
        });
    assertThat(api.post(path("kites"), "{\"name\":\"green\"}").status()).isEqualTo(200);
  }
}
