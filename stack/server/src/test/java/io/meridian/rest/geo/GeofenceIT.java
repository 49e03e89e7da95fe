package io.meridian.rest.geo;

import static io.meridian.rest.geo.GeoJsonText.rectangle;
import static io.meridian.rest.geo.GeoJsonText.withHole;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.MeridianIT;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;

/** Fences (entities whose geometry is a polygon) and point lookups, through the API. */
class GeofenceIT extends MeridianIT {

  private String fence(String collection, String geometry, String more) {
    return api.post(path(collection), "{\"geometry\":" + geometry + more + "}")
        .entity()
        .path("uuid")
        .asText();
  }

  private Reply contains(String collection, double lat, double lon, String rest) {
    String ql =
        String.format(Locale.ROOT, "select * where geometry contains %s, %s", lat, lon) + rest;
    return api.get(path(collection) + "?ql=" + ApiClient.encode(ql) + "&limit=1000");
  }

  @Test
  void a_lookup_returns_the_fences_containing_the_point_filtered_and_ordered() {
    String low =
        fence("ads", rectangle(37, -123, 38, -122), ",\"category\":\"food\",\"priority\":1");
    String high =
        fence("ads", rectangle(37.5, -122.5, 38.5, -121), ",\"category\":\"food\",\"priority\":9");
    fence("ads", rectangle(37, -123, 39, -121), ",\"category\":\"cars\",\"priority\":5");
    fence("ads", rectangle(10, 10, 11, 11), ",\"category\":\"food\",\"priority\":7");

    Reply reply = contains("ads", 37.77, -122.41, " and category = 'food' order by priority desc");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.uuids()).containsExactly(high, low);
    assertThat(contains("ads", 37.77, -122.41, "").uuids()).hasSize(3);
    assertThat(contains("ads", 0, 0, "").uuids()).isEmpty();
  }

  @Test
  void boundary_points_are_inside_and_holes_are_outside() {
    String donut =
        fence("zones", withHole(new double[] {0, 0, 10, 10}, new double[] {4, 4, 6, 6}), "");

    assertThat(contains("zones", 0, 5, "").uuids()).as("on an outer edge").containsExactly(donut);
    assertThat(contains("zones", 10, 10, "").uuids()).as("on a vertex").containsExactly(donut);
    assertThat(contains("zones", 5, 5, "").uuids()).as("inside the hole").isEmpty();
    assertThat(contains("zones", 4, 5, "").uuids()).as("on the hole's edge").containsExactly(donut);
    assertThat(contains("zones", 2, 2, "").uuids()).containsExactly(donut);
    assertThat(contains("zones", 10.000001, 5, "").uuids()).isEmpty();
  }

  @Test
  void a_multipolygon_contains_the_points_of_each_part() {
    String islands =
        fence(
            "regions",
            "{\"type\":\"MultiPolygon\",\"coordinates\":[["
                + GeoJsonText.ring(0, 0, 1, 1)
                + "],["
                + GeoJsonText.ring(5, 5, 6, 6)
                + "]]}",
            "");

    assertThat(contains("regions", 0.5, 0.5, "").uuids()).containsExactly(islands);
    assertThat(contains("regions", 5.5, 5.5, "").uuids()).containsExactly(islands);
    assertThat(contains("regions", 3, 3, "").uuids()).isEmpty();
  }

  @Test
  void a_moved_or_deleted_fence_is_found_where_it_is_now_at_once() {
    String uuid = fence("ads", rectangle(0, 0, 1, 1), "");

    api.put(path("ads") + "/" + uuid, "{\"geometry\":" + rectangle(20, 20, 21, 21) + "}");
    assertThat(contains("ads", 0.5, 0.5, "").uuids()).isEmpty();
    assertThat(contains("ads", 20.5, 20.5, "").uuids()).containsExactly(uuid);

    api.put(path("ads") + "/" + uuid, "{\"geometry\":null}");
    assertThat(contains("ads", 20.5, 20.5, "").uuids()).isEmpty();

    api.put(path("ads") + "/" + uuid, "{\"geometry\":" + rectangle(30, 30, 31, 31) + "}");
    assertThat(contains("ads", 30.5, 30.5, "").uuids()).containsExactly(uuid);
    api.delete(path("ads") + "/" + uuid);
    assertThat(contains("ads", 30.5, 30.5, "").uuids()).isEmpty();
  }

  @Test
  void many_fences_page_with_cursors_each_once() {
    StringBuilder bulk = new StringBuilder("[");
    for (int i = 0; i < 25; i++) {
      bulk.append(i == 0 ? "" : ",")
          .append("{\"geometry\":")
          .append(rectangle(-1 - i * 0.01, -1, 1, 1))
          .append(",\"rank\":")
          .append(i)
          .append("}");
    }
    api.post(path("ads"), bulk.append("]").toString());

    String ql = "select * where geometry contains 0, 0 order by rank";
    List<Integer> ranks = new ArrayList<>();
    String cursor = null;
    do {
      Reply page =
          api.get(
              path("ads")
                  + "?limit=10&ql="
                  + ApiClient.encode(ql)
                  + (cursor == null ? "" : "&cursor=" + cursor));
      page.json().path("entities").forEach(e -> ranks.add(e.path("rank").asInt()));
      cursor = page.json().path("cursor").asText(null);
    } while (cursor != null);

    assertThat(ranks).hasSize(25).isSorted().doesNotHaveDuplicates();
  }

  /**
   * Without an order by a page is the newest fences first, the uuid breaking ties (fences created
   * in one request share a millisecond), whatever the page size, and a filter applies before the
   * limit. The page is chosen from the fences around the point without reading them all, so the
   * expected order is computed here from each fence's own {@code created} and {@code uuid}, and
   * fences whose bounding box holds the point but whose shape does not are mixed in.
   */
  @Test
  void newest_first_pages_hold_exactly_the_containing_fences_in_order() {
    String triangle = "{\"type\":\"Polygon\",\"coordinates\":[[[-1,-1],[1,-1],[1,1],[-1,-1]]]}";
    record Fence(String uuid, long created, boolean food) {}
    List<Fence> containing = new ArrayList<>();
    for (int request = 0; request < 3; request++) {
      StringBuilder bulk = new StringBuilder("[");
      for (int i = 0; i < 40; i++) {
        boolean inside = i % 4 != 3;
        bulk.append(i == 0 ? "" : ",")
            .append("{\"geometry\":")
            .append(inside ? rectangle(-1 - i * 0.01, -1, 1, 1) : triangle)
            .append(",\"category\":\"")
            .append(i % 2 == 0 ? "food" : "cars")
            .append("\"}");
      }
      JsonNode created = api.post(path("billboards"), bulk.append("]").toString()).json();
      int i = 0;
      for (JsonNode entity : created.path("entities")) {
        if (i++ % 4 != 3) {
          containing.add(
              new Fence(
                  entity.path("uuid").asText(),
                  entity.path("created").asLong(),
                  entity.path("category").asText().equals("food")));
        }
      }
    }
    containing.sort(Comparator.comparingLong(Fence::created).reversed().thenComparing(Fence::uuid));
    List<String> newestFirst = containing.stream().map(Fence::uuid).toList();
    List<String> food = containing.stream().filter(Fence::food).map(Fence::uuid).toList();

    assertThat(contains("billboards", 0.5, -0.5, "").uuids())
        .containsExactlyElementsOf(newestFirst);
    assertThat(pageThrough("billboards", 0.5, -0.5, "", 7)).containsExactlyElementsOf(newestFirst);
    assertThat(pageThrough("billboards", 0.5, -0.5, " and category = 'food'", 4))
        .containsExactlyElementsOf(food);
    assertThat(pageThrough("billboards", 0.5, -0.5, " and category = 'food'", 1000))
        .containsExactlyElementsOf(food);
  }

  private List<String> pageThrough(
      String collection, double lat, double lon, String rest, int limit) {
    String ql =
        String.format(Locale.ROOT, "select * where geometry contains %s, %s", lat, lon) + rest;
    List<String> uuids = new ArrayList<>();
    String cursor = null;
    do {
      Reply page =
          api.get(
              path(collection)
                  + "?limit="
                  + limit
                  + "&ql="
                  + ApiClient.encode(ql)
                  + (cursor == null ? "" : "&cursor=" + cursor));
      assertThat(page.uuids()).hasSizeLessThanOrEqualTo(limit);
      uuids.addAll(page.uuids());
      cursor = page.json().path("cursor").asText(null);
    } while (cursor != null);
    return uuids;
  }

  @Test
  void a_batch_lookup_answers_each_point_in_order() {
    String west = fence("shops", rectangle(0, 0, 1, 1), ",\"kind\":\"bakery\"");
    String both = fence("shops", rectangle(0, 0, 1, 3), ",\"kind\":\"bakery\"");
    fence("shops", rectangle(0, 0, 1, 3), ",\"kind\":\"garage\"");

    Reply reply =
        api.post(
            path("shops") + "/_contains",
            "{\"points\":[{\"latitude\":0.5,\"longitude\":0.5},"
                + "{\"type\":\"Point\",\"coordinates\":[2.5,0.5]},"
                + "{\"latitude\":50,\"longitude\":50}],"
                + "\"ql\":\"select * where kind = 'bakery' order by created\",\"limit\":5}");

    assertThat(reply.status()).isEqualTo(200);
    JsonNode results = reply.json().path("results");
    assertThat(results).hasSize(3);
    assertThat(uuids(results.get(0))).containsExactly(west, both);
    assertThat(uuids(results.get(1))).containsExactly(both);
    assertThat(results.get(1).path("latitude").asDouble()).isEqualTo(0.5);
    assertThat(results.get(1).path("longitude").asDouble()).isEqualTo(2.5);
    assertThat(uuids(results.get(2))).isEmpty();
    assertThat(results.get(2).path("count").asInt()).isZero();
  }

  @Test
  void bad_batch_lookups_are_400() {
    fence("shops", rectangle(0, 0, 1, 1), "");
    for (String body :
        List.of(
            "{}",
            "{\"points\":[]}",
            "{\"points\":[[0.5,0.5]]}",
            "{\"points\":[{\"latitude\":91,\"longitude\":0}]}",
            "{\"points\":[{\"latitude\":0,\"longitude\":0}],\"limit\":0}",
            "{\"points\":[{\"latitude\":0,\"longitude\":0}],\"ql\":\"geometry contains 1, 1\"}",
            "{\"points\":[{\"latitude\":0,\"longitude\":0}],\"colour\":\"red\"}",
            "[1,2]")) {
      Reply reply = api.post(path("shops") + "/_contains", body);
      assertThat(reply.status()).as(body).isEqualTo(400);
      assertThat(reply.json().path("error_description").asText()).as(body).isNotBlank();
    }
  }

  @Test
  void invalid_fences_are_400_and_create_nothing() {
    fence("parcels", rectangle(0, 0, 1, 1), "");
    List<String> invalid =
        List.of(
            "{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[1,0],[1,1],[0,1]]]}", // not closed
            "{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[1,0],[0,0]]]}", // 3 positions
            "{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[1,1],[1,0],[0,1],[0,0]]]}", // bow-tie
            "{\"type\":\"Polygon\",\"coordinates\":[[[179,0],[-179,0],[-179,1],[179,1],[179,0]]]}",
            "{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[0,91],[1,91],[0,0]]]}",
            "{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[\"a\",0],[1,1],[0,0]]]}",
            "{\"type\":\"Polygon\",\"coordinates\":\"nope\"}",
            "{\"type\":\"LineString\",\"coordinates\":[[0,0],[1,1]]}",
            "{\"type\":\"MultiPolygon\",\"coordinates\":[]}");
    for (String geometry : invalid) {
      Reply reply = api.post(path("parcels"), "{\"geometry\":" + geometry + "}");
      assertThat(reply.status()).as(geometry).isEqualTo(400);
      assertThat(reply.error()).as(geometry).isEqualTo("illegal_argument");
    }
    assertThat(api.get(path("parcels") + "?limit=100").json().path("entities")).hasSize(1);
  }

  @Test
  void a_fence_with_more_vertices_than_allowed_is_400() {
    StringBuilder ring = new StringBuilder("[");
    int vertices = 1_001; // the tests run with meridian.geo.max-vertices=1000
    for (int i = 0; i < vertices; i++) {
      double angle = 2 * Math.PI * i / vertices;
      ring.append(String.format(Locale.ROOT, "[%.6f,%.6f],", Math.cos(angle), Math.sin(angle)));
    }
    ring.append("[1,0]]");
    Reply reply =
        api.post(
            path("parcels"),
            "{\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[" + ring + "]}}");

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.json().path("error_description").asText()).contains("1000");
  }

  @Test
  void a_point_lookup_must_name_geometry_and_be_anded_at_the_top() {
    fence("ads", rectangle(0, 0, 1, 1), "");

    assertThat(
            api.get(path("ads") + "?ql=" + ApiClient.encode("select * where area contains 1, 1"))
                .status())
        .isEqualTo(400);
    Reply underOr =
        api.get(
            path("ads")
                + "?ql="
                + ApiClient.encode("select * where geometry contains 1, 1 or priority = 2"));
    assertThat(underOr.status()).isEqualTo(400);
    assertThat(underOr.error()).isEqualTo("query_parse");
    assertThat(
            api.get(
                    path("ads")
                        + "?ql="
                        + ApiClient.encode("select * where geometry contains 91, 1"))
                .status())
        .isEqualTo(400);
  }

  /**
   * The API's answers against a brute force over every fence with JTS (planar, boundary included:
   * {@code covers}), for random fences and points, many of them on edges and vertices.
   */
  @Test
  void lookups_agree_with_a_brute_force_over_every_fence() {
    GeometryFactory factory = new GeometryFactory();
    Random random = new Random(42);
    List<Geometry> shapes = new ArrayList<>();
    List<String> uuids = new ArrayList<>();
    StringBuilder bulk = new StringBuilder("[");
    for (int i = 0; i < 200; i++) {
      double south = Math.round(random.nextDouble() * 8) / 4.0;
      double west = Math.round(random.nextDouble() * 8) / 4.0;
      double[] outer = {south, west, south + 1, west + 1};
      double[] hole = {south + 0.25, west + 0.25, south + 0.75, west + 0.5};
      boolean holed = random.nextBoolean();
      String geometry =
          holed ? withHole(outer, hole) : rectangle(outer[0], outer[1], outer[2], outer[3]);
      shapes.add(
          factory.createPolygon(
              jtsRing(factory, outer), holed ? new LinearRing[] {jtsRing(factory, hole)} : null));
      bulk.append(i == 0 ? "" : ",").append("{\"geometry\":").append(geometry).append("}");
    }
    api.post(path("fences"), bulk.append("]").toString())
        .json()
        .path("entities")
        .forEach(e -> uuids.add(e.path("uuid").asText()));

    StringBuilder points = new StringBuilder("{\"limit\":1000,\"points\":[");
    List<double[]> probes = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      // Every third probe on the 0.25° grid the fences are built on: on edges and vertices.
      boolean onGrid = i % 3 == 0;
      double lat = onGrid ? Math.round(random.nextDouble() * 16) / 4.0 : random.nextDouble() * 4;
      double lon = onGrid ? Math.round(random.nextDouble() * 16) / 4.0 : random.nextDouble() * 4;
      probes.add(new double[] {lat, lon});
      points.append(i == 0 ? "" : ",").append(GeoJsonText.location(lat, lon));
    }
    JsonNode results =
        api.post(path("fences") + "/_contains", points.append("]}").toString())
            .json()
            .path("results");

    for (int p = 0; p < probes.size(); p++) {
      Point point = factory.createPoint(new Coordinate(probes.get(p)[1], probes.get(p)[0]));
      Set<String> expected = new HashSet<>();
      for (int f = 0; f < shapes.size(); f++) {
        if (shapes.get(f).covers(point)) {
          expected.add(uuids.get(f));
        }
      }
      assertThat(uuids(results.get(p)))
          .as("point %s", Arrays.toString(probes.get(p)))
          .containsExactlyInAnyOrderElementsOf(expected);
    }
  }

  private static LinearRing jtsRing(GeometryFactory factory, double[] box) {
    return factory.createLinearRing(
        new Coordinate[] {
          new Coordinate(box[1], box[0]),
          new Coordinate(box[3], box[0]),
          new Coordinate(box[3], box[2]),
          new Coordinate(box[1], box[2]),
          new Coordinate(box[1], box[0])
        });
  }

  private static List<String> uuids(JsonNode result) {
    List<String> uuids = new ArrayList<>();
    result.path("entities").forEach(e -> uuids.add(e.path("uuid").asText()));
    return uuids;
  }
}
