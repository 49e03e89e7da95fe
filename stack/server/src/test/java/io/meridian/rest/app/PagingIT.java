package io.meridian.rest.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.MeridianIT;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/** Limits, cursors, collection listings and projections. */
// Alone: its 10,000 writes must be searchable when they return, and on two cores shared with three
// other classes a bulk may outlast the index's request timeout (docs/testing.md, "a quiet index").
@Isolated
class PagingIT extends MeridianIT {

  /** Creates {@code count} entities in one request; returns their uuids in creation order. */
  private List<String> create(String collection, int count) {
    StringBuilder body = new StringBuilder("[");
    for (int i = 0; i < count; i++) {
      body.append(i == 0 ? "" : ",")
          .append("{\"n\":")
          .append(i % 7)
          .append(",\"label\":\"item ")
          .append(i)
          .append("\"}");
    }
    Reply reply = api.post(path(collection), body.append("]").toString());
    assertThat(reply.status()).isEqualTo(200);
    return reply.uuids();
  }

  /** Follows cursors to the end; returns every uuid served, in order. */
  private List<String> pageAll(String pathAndQuery, int limit) {
    List<String> served = new ArrayList<>();
    String cursor = null;
    String separator = pathAndQuery.contains("?") ? "&" : "?";
    for (int pages = 0; pages < 1000; pages++) {
      Reply reply =
          api.get(
              pathAndQuery
                  + separator
                  + "limit="
                  + limit
                  + (cursor == null ? "" : "&cursor=" + ApiClient.encode(cursor)));
      assertThat(reply.status()).isEqualTo(200);
      served.addAll(reply.uuids());
      JsonNode next = reply.json().path("cursor");
      if (next.isMissingNode()) {
        return served;
      }
      assertThat(reply.uuids()).hasSize(limit);
      cursor = next.asText();
    }
    throw new AssertionError("More than 1000 pages");
  }

  @Test
  void a_collection_lists_newest_first_and_pages_with_any_limit() {
    List<String> created = create("items", 23);
    List<String> newestFirst = new ArrayList<>(created);
    Collections.reverse(newestFirst);

    for (int limit : new int[] {1, 4, 7, 23, 1000}) {
      assertThat(pageAll(path("items"), limit)).as("limit %d", limit).isEqualTo(newestFirst);
    }
  }

  @Test
  void ten_thousand_matches_page_with_any_limit_each_once_in_order() {
    List<String> created = new ArrayList<>();
    for (int batch = 0; batch < 10; batch++) {
      created.addAll(create("many", 1000));
    }
    List<String> newestFirst = new ArrayList<>(created);
    Collections.reverse(newestFirst);
    String ordered =
        path("many") + "?ql=" + ApiClient.encode("select * where n >= 0 order by n asc");

    // Each batch gave its i-th entity n = i % 7; ties are broken by uuid.
    Map<String, Integer> n = new HashMap<>();
    for (int i = 0; i < created.size(); i++) {
      n.put(created.get(i), i % 1000 % 7);
    }
    List<String> expected = new ArrayList<>(created);
    expected.sort(Comparator.comparing((String uuid) -> n.get(uuid)).thenComparing(uuid -> uuid));

    List<String> byQuery = pageAll(ordered, 1000);

    assertThat(byQuery).hasSize(10_000).doesNotHaveDuplicates().isEqualTo(expected);
    assertThat(pageAll(ordered, 333)).isEqualTo(byQuery);
    assertThat(pageAll(ordered, 77)).isEqualTo(byQuery);
    assertThat(pageAll(path("many"), 1000)).isEqualTo(newestFirst);
    assertThat(pageAll(path("many"), 77)).isEqualTo(newestFirst);
  }

  @Test
  void a_listing_reflects_a_delete_at_once() {
    List<String> created = create("items", 5);
    api.delete(path("items") + "/" + created.get(2));

    assertThat(api.get(path("items")).uuids()).doesNotContain(created.get(2)).hasSize(4);
  }

  @Test
  void an_ordered_query_pages_through_every_match_exactly_once_in_order() {
    create("items", 40);
    String query =
        path("items") + "?ql=" + ApiClient.encode("select * where n >= 1 order by n desc");
    List<String> all = pageAll(query, 1000);

    assertThat(all).hasSize(34).doesNotHaveDuplicates();
    for (int limit : new int[] {1, 3, 10, 34}) {
      assertThat(pageAll(query, limit)).as("limit %d", limit).isEqualTo(all);
    }
  }

  @Test
  void a_cursor_that_was_altered_or_belongs_to_another_query_is_400() {
    create("items", 6);
    create("others", 6);
    String cursor = api.get(path("items") + "?limit=2").json().path("cursor").asText();
    String queryCursor =
        api.get(path("items") + "?limit=2&ql=" + ApiClient.encode("n >= 0"))
            .json()
            .path("cursor")
            .asText();
    // A character in the middle: the last one of unpadded base64 may carry only filler bits, and
    // changing those changes nothing.
    int at = cursor.length() / 2;
    char middle = cursor.charAt(at);
    String altered =
        cursor.substring(0, at) + (middle == 'A' ? 'B' : 'A') + cursor.substring(at + 1);

    for (String path :
        List.of(
            path("items") + "?cursor=" + altered,
            path("items") + "?cursor=not-a-cursor",
            path("others") + "?cursor=" + cursor,
            path("items") + "?cursor=" + queryCursor,
            path("items") + "?ql=" + ApiClient.encode("n >= 1") + "&cursor=" + queryCursor)) {
      Reply reply = api.get(path);
      assertThat(reply.status()).as(path).isEqualTo(400);
      assertThat(reply.error()).isEqualTo("illegal_argument");
      assertThat(reply.json().path("error_description").asText()).contains("cursor");
    }
  }

  @Test
  void absurd_limits_are_400() {
    create("items", 1);
    for (String limit : List.of("0", "-1", "1001", "abc", "99999999999")) {
      Reply reply = api.get(path("items") + "?limit=" + limit);
      assertThat(reply.status()).as(limit).isEqualTo(400);
      assertThat(reply.error()).isEqualTo("illegal_argument");
    }
  }

  @Test
  void a_collection_that_never_held_an_entity_lists_and_queries_as_empty_like_usergrids() {
    create("items", 1);

    for (String request :
        List.of(
            path("nothings"),
            path("nothings") + "?limit=5",
            path("nothings") + "?ql=" + ApiClient.encode("select * where size > 3 order by size"),
            path("nothings") + ";ql=" + ApiClient.encode("select *"))) {
      Reply reply = api.get(request);
      assertThat(reply.status()).as(request + ": " + reply.body()).isEqualTo(200);
      assertThat(reply.json().path("entities").size()).as(request).isZero();
      assertThat(reply.json().path("count").asInt()).as(request).isZero();
      assertThat(reply.json().has("cursor")).as(request).isFalse();
    }
    Reply selected = api.get(path("nothings") + "?ql=" + ApiClient.encode("select name"));
    assertThat(selected.status()).isEqualTo(200);
    assertThat(selected.json().path("entities").size()).isZero();

    assertThat(api.get(path("nothings") + "?ql=" + ApiClient.encode("where (")).status())
        .as("a malformed query is refused whether or not the collection holds anything")
        .isEqualTo(400);
    assertThat(api.get(path("nothings") + "?limit=0").status()).isEqualTo(400);
    assertThat(api.get(path("nothings") + "?cursor=bm90LWEtY3Vyc29y").status()).isEqualTo(400);
    assertThat(api.get(path("nothings/x")).status())
        .as("an entity of it is still missing")
        .isEqualTo(404);
  }

  /** Usergrid 2's answer to a selection (its SelectMappingsQueryTest): entities, trimmed. */
  @Test
  void select_with_fields_answers_entities_holding_only_those_fields() {
    String uuid =
        api.post(
                path("pets"),
                "{\"name\":\"rex\",\"age\":3,\"owner\":{\"city\":\"Oslo\",\"zip\":\"0150\"}}")
            .entity()
            .path("uuid")
            .asText();

    Reply plain =
        api.get(path("pets") + "?ql=" + ApiClient.encode("select name, owner.city, missing"));
    Reply aliased =
        api.get(path("pets") + "?ql=" + ApiClient.encode("select {who: name, years: age}"));

    assertThat(plain.json().has("list")).isFalse();
    assertThat(plain.json().path("count").asInt()).isEqualTo(1);
    JsonNode pet = plain.json().path("entities").path(0);
    assertThat(pet.path("uuid").asText()).isEqualTo(uuid);
    assertThat(pet.path("type").asText()).isEqualTo("pet");
    assertThat(pet.path("name").asText()).isEqualTo("rex");
    assertThat(pet.path("owner").toString()).isEqualTo("{\"city\":\"Oslo\"}");
    assertThat(pet.at("/metadata/path").asText()).isEqualTo("/pets/" + uuid);
    assertThat(pet.has("age")).isFalse();
    assertThat(pet.has("created")).isFalse();
    assertThat(pet.has("missing")).isFalse();
    JsonNode named = aliased.json().path("entities").path(0);
    assertThat(named.path("who").asText()).isEqualTo("rex");
    assertThat(named.path("years").asInt()).isEqualTo(3);
    assertThat(named.has("name")).isFalse();
  }

  @Test
  void a_query_never_returns_an_outdated_version_or_a_deleted_entity() {
    for (int i = 0; i < 15; i++) {
      String uuid = api.post(path("lamps"), "{\"state\":\"off\"}").entity().path("uuid").asText();
      api.put(path("lamps") + "/" + uuid + "?consistency=eventual", "{\"state\":\"on\"}");

      Reply off = api.get(path("lamps") + "?ql=" + ApiClient.encode("state = 'off'"));
      assertThat(off.uuids()).doesNotContain(uuid);
      for (JsonNode entity :
          api.get(path("lamps") + "?ql=" + ApiClient.encode("state = 'on'"))
              .json()
              .path("entities")) {
        assertThat(entity.path("state").asText()).isEqualTo("on");
      }

      api.delete(path("lamps") + "/" + uuid + "?consistency=eventual");
      assertThat(api.get(path("lamps") + "?ql=" + ApiClient.encode("state = 'on'")).uuids())
          .doesNotContain(uuid);
    }
  }
}
