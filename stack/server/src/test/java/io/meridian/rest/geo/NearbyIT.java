package io.meridian.rest.geo;

import static io.meridian.rest.geo.GeoJsonText.location;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.geo.Distances;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.MeridianIT;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code within} queries: by distance with each result's distance, the maximum radius, and geo-hot
 * collections answered from memory exactly as the index answers.
 */
class NearbyIT extends MeridianIT {
  private static final double LAT = 37.7749;
  private static final double LON = -122.4194;

  private Reply within(String collection, double meters, String rest, int limit, String cursor) {
    String ql =
        String.format(Locale.ROOT, "select * where location within %s of %s, %s", meters, LAT, LON)
            + rest;
    return api.get(
        path(collection)
            + "?limit="
            + limit
            + "&ql="
            + ApiClient.encode(ql)
            + (cursor == null ? "" : "&cursor=" + cursor));
  }

  /** Every page of a within query, as (uuid, distance) rows. */
  private List<String> allPages(String collection, double meters, String rest) {
    List<String> rows = new ArrayList<>();
    String cursor = null;
    do {
      Reply page = within(collection, meters, rest, 7, cursor);
      assertThat(page.status()).isEqualTo(200);
      for (JsonNode entity : page.json().path("entities")) {
        rows.add(entity.path("uuid").asText());
      }
      cursor = page.json().path("cursor").asText(null);
    } while (cursor != null);
    return rows;
  }

  private void places(String collection, int count, long seed) {
    Random random = new Random(seed);
    StringBuilder bulk = new StringBuilder("[");
    for (int i = 0; i < count; i++) {
      double lat = LAT + (random.nextDouble() - 0.5) * 0.1;
      double lon = LON + (random.nextDouble() - 0.5) * 0.1;
      bulk.append(i == 0 ? "" : ",")
          .append("{\"location\":")
          .append(location(lat, lon))
          .append(",\"kind\":\"")
          .append(i % 3 == 0 ? "cafe" : "shop")
          .append("\"}");
    }
    assertThat(api.post(path(collection), bulk.append("]").toString()).status()).isEqualTo(200);
  }

  @Test
  void results_come_nearest_first_with_their_distance_in_metres() {
    String near =
        api.post(path("cafes"), "{\"location\":" + location(LAT + 0.001, LON) + "}")
            .entity()
            .path("uuid")
            .asText();
    String far =
        api.post(path("cafes"), "{\"location\":" + location(LAT + 0.01, LON) + "}")
            .entity()
            .path("uuid")
            .asText();
    api.post(path("cafes"), "{\"location\":" + location(LAT + 1, LON) + "}");

    Reply reply = within("cafes", 5_000, "", 10, null);

    assertThat(reply.uuids()).containsExactly(near, far);
    JsonNode first = reply.json().path("entities").get(0);
    assertThat(first.path("metadata").path("distance").asDouble())
        .isCloseTo(Distances.meters(LAT, LON, LAT + 0.001, LON), offset(0.5));
    assertThat(first.path("metadata").path("path").asText()).isNotEmpty();
  }

  @Test
  void a_radius_above_the_maximum_is_400_not_a_silent_cap() {
    api.post(path("cafes"), "{\"location\":" + location(LAT, LON) + "}");

    Reply reply = within("cafes", 100_001, "", 10, null);

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.json().path("error_description").asText()).contains("100000");
    assertThat(within("cafes", 100_000, "", 10, null).status()).isEqualTo(200);
  }

  @Test
  void invalid_locations_are_400_and_create_nothing() {
    api.post(path("spots"), "{\"location\":" + location(1, 1) + "}");
    for (String location :
        List.of(
            "{\"latitude\":91,\"longitude\":0}",
            "{\"latitude\":0,\"longitude\":-180.5}",
            "{\"latitude\":\"north\",\"longitude\":0}",
            "{\"type\":\"Point\",\"coordinates\":[0,95]}",
            "{\"type\":\"Point\",\"coordinates\":[0]}")) {
      Reply reply = api.post(path("spots"), "{\"location\":" + location + "}");
      assertThat(reply.status()).as(location).isEqualTo(400);
      assertThat(reply.error()).as(location).isEqualTo("illegal_argument");
    }
    assertThat(api.get(path("spots") + "?limit=100").json().path("entities")).hasSize(1);
  }

  @Test
  void settings_need_an_administrator_and_name_known_settings() {
    api.post(path("stops"), "{\"location\":" + location(LAT, LON) + "}");

    assertThat(api.get(path("stops") + "/_settings").json().path("data").path("geoHot").asBoolean())
        .isFalse();
    assertThat(api.anonymous().post(path("stops") + "/_settings", "{\"geoHot\":true}").status())
        .isEqualTo(401);
    assertThat(api.post(path("stops") + "/_settings", "{\"geoHot\":\"yes\"}").status())
        .isEqualTo(400);
    assertThat(api.post(path("stops") + "/_settings", "{\"colour\":true}").status()).isEqualTo(400);
    assertThat(api.get(path("stops") + "/_settings").json().path("data").path("geoHot").asBoolean())
        .isFalse();

    Reply on = api.post(path("stops") + "/_settings", "{\"geoHot\":true}");
    assertThat(on.status()).isEqualTo(200);
    assertThat(on.json().path("data").path("geoHot").asBoolean()).isTrue();
  }

  /**
   * The same queries on a plain collection (the index answers) and on a geo-hot copy of it (memory
   * answers): same entities in the same order, page by page, with and without another condition,
   * and after updates and deletes.
   */
  @Test
  void a_geo_hot_collection_answers_as_the_index_does() {
    places("plain", 300, 7);
    places("hot", 300, 7);
    api.post(path("hot") + "/_settings", "{\"geoHot\":true}");
    Eventually.within(
        Duration.ofSeconds(10),
        () ->
            assertThat(
                    api.get(path("hot") + "/_settings")
                        .json()
                        .path("data")
                        .path("inMemory")
                        .path("points")
                        .asInt())
                .isEqualTo(300));

    for (String rest : List.of("", " and kind = 'cafe'")) {
      for (double meters : new double[] {500, 2_000, 10_000}) {
        List<Double> plain = distances(allPagesWithDistance("plain", meters, rest));
        List<Double> hot = distances(allPagesWithDistance("hot", meters, rest));
        assertThat(hot).as("%s m%s", meters, rest).hasSameSizeAs(plain).isSorted();
        assertThat(plain).isNotEmpty();
        for (int i = 0; i < plain.size(); i++) {
          assertThat(hot.get(i)).isCloseTo(plain.get(i), offset(0.01));
        }
      }
    }

    List<String> before = allPages("hot", 2_000, "");
    String moved = before.get(0);
    api.put(path("hot") + "/" + moved, "{\"location\":" + location(LAT + 5, LON) + "}");
    String gone = before.get(1);
    api.delete(path("hot") + "/" + gone);
    String added =
        api.post(path("hot"), "{\"location\":" + location(LAT, LON) + "}")
            .entity()
            .path("uuid")
            .asText();

    List<String> after = allPages("hot", 2_000, "");
    assertThat(after).doesNotContain(moved, gone).doesNotHaveDuplicates();
    assertThat(after.get(0)).isEqualTo(added);
    assertThat(after).hasSize(before.size() - 1);
  }

  private List<JsonNode> allPagesWithDistance(String collection, double meters, String rest) {
    List<JsonNode> rows = new ArrayList<>();
    String cursor = null;
    do {
      Reply page = within(collection, meters, rest, 9, cursor);
      assertThat(page.status()).isEqualTo(200);
      page.json().path("entities").forEach(rows::add);
      cursor = page.json().path("cursor").asText(null);
    } while (cursor != null);
    return rows;
  }

  private static List<Double> distances(List<JsonNode> rows) {
    return rows.stream().map(row -> row.path("metadata").path("distance").asDouble()).toList();
  }
}
