package io.meridian.rest.geo;

import static io.meridian.rest.geo.GeoJsonText.rectangle;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.TestServers;
import io.meridian.rest.support.TwoNodeIT;
import io.meridian.server.MeridianApplication;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Every node holds every fence: a fence written through one node answers lookups on the other
 * within a second, and a node that starts loads every fence before it serves.
 */
class GeofencesAcrossNodesIT extends TwoNodeIT {
  /** The feed's bound is a second; the margin leaves room for a slow poll on a busy machine. */
  private static final Duration BOUND = Duration.ofMillis(1_500);

  private List<String> lookup(ApiClient node, double lat, double lon) {
    String ql = String.format(Locale.ROOT, "select * where geometry contains %s, %s", lat, lon);
    return node.withToken(api.token())
        .get(path("ads") + "?limit=1000&ql=" + ApiClient.encode(ql))
        .uuids();
  }

  /** Waits for the assertion on the second node and returns how long it took. */
  private long millisUntil(Runnable assertion) {
    long start = System.nanoTime();
    Eventually.within(Duration.ofSeconds(5), assertion);
    return (System.nanoTime() - start) / 1_000_000;
  }

  @Test
  void a_fence_created_moved_and_deleted_on_one_node_is_seen_on_the_other_within_a_second() {
    api.post(path("ads"), "{\"name\":\"seed\"}");
    String uuid =
        api.post(path("ads"), "{\"geometry\":" + rectangle(0, 0, 1, 1) + "}")
            .entity()
            .path("uuid")
            .asText();
    long created = millisUntil(() -> assertThat(lookup(second, 0.5, 0.5)).containsExactly(uuid));

    second
        .withToken(api.token())
        .put(path("ads") + "/" + uuid, "{\"geometry\":" + rectangle(5, 5, 6, 6) + "}");
    long moved = millisUntil(() -> assertThat(lookup(api, 5.5, 5.5)).containsExactly(uuid));
    assertThat(lookup(api, 0.5, 0.5)).isEmpty();

    api.delete(path("ads") + "/" + uuid);
    long deleted = millisUntil(() -> assertThat(lookup(second, 5.5, 5.5)).isEmpty());

    assertThat(List.of(created, moved, deleted))
        .allSatisfy(ms -> assertThat(ms).isLessThan(BOUND.toMillis()));
  }

  @Test
  void a_node_that_starts_holds_every_fence_before_it_serves() {
    StringBuilder bulk = new StringBuilder("[");
    for (int i = 0; i < 300; i++) {
      bulk.append(i == 0 ? "" : ",")
          .append("{\"geometry\":")
          .append(rectangle(i * 0.01, 0, i * 0.01 + 0.5, 0.5))
          .append("}");
    }
    api.post(path("ads"), bulk.append("]").toString());
    List<String> expected = lookup(api, 0.25, 0.25);
    assertThat(expected).hasSize(26);

    List<String> arguments = new ArrayList<>(List.of("--server.port=0"));
    TestServers.properties().forEach((key, value) -> arguments.add("--" + key + "=" + value));
    try (ConfigurableApplicationContext third =
        new SpringApplicationBuilder(MeridianApplication.class)
            .run(arguments.toArray(String[]::new))) {
      ApiClient node =
          new ApiClient(
              "http://127.0.0.1:" + third.getEnvironment().getProperty("local.server.port"));
      assertThat(lookup(node, 0.25, 0.25)).containsExactlyInAnyOrderElementsOf(expected);
    }
  }
}
