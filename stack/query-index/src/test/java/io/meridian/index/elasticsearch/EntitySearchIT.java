package io.meridian.index.elasticsearch;

import static io.meridian.index.elasticsearch.ElasticsearchEntityIndexIT.upsert;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.index.IndexOperation;
import io.meridian.core.index.IndexQuery;
import io.meridian.core.index.SearchHits;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The query language end to end over a small fixed data set in its own application. */
class EntitySearchIT {
  private static final UUID APP = UUID.randomUUID();
  private static final UUID OWNER = UUID.randomUUID();
  private static ElasticsearchEntityIndex index;

  // Created in this order, so "newest first" is the reverse.
  private static final UUID ANNA = UUID.randomUUID();
  private static final UUID BOB = UUID.randomUUID();
  private static final UUID CARL = UUID.randomUUID();
  private static final UUID DORA = UUID.randomUUID();

  @BeforeAll
  static void loadPeople() {
    index = ElasticsearchEntityIndexIT.openIndex(ElasticsearchEntityIndexIT.PREFIX);
    index.ensureSchema();
    List<IndexOperation> people = new ArrayList<>();
    people.add(person(ANNA, 1, "Anna", 34, 1.70, true, "Oslo", "Loves hiking in the mountains"));
    people.add(person(BOB, 2, "Bob", 27, 1.82, false, "Bergen", "Sailing and fishing"));
    people.add(person(CARL, 3, "carl", 41, 1.75, true, "oslo", "Hiking, chess"));
    people.add(person(DORA, 4, "Dora", 27, 1.60, false, "Trondheim", "Chess champion"));
    assertThat(index.apply(people).toCompletableFuture().join().applied()).isEqualTo(4);
    index.refresh().toCompletableFuture().join();
  }

  @AfterAll
  static void closeIndex() {
    if (index != null) {
      index.close();
    }
  }

  private static IndexOperation person(
      UUID id,
      long created,
      String name,
      int age,
      double height,
      boolean member,
      String city,
      String bio) {
    String owner = id.equals(CARL) ? ",\"owner\":\"" + OWNER + "\"" : "";
    return upsert(
        APP,
        id,
        1,
        String.format(
            java.util.Locale.ROOT,
            "{\"uuid\":\"%s\",\"type\":\"thing\",\"name\":\"%s\",\"created\":%d,\"modified\":%d,"
                + "\"age\":%d,\"height\":%s,\"member\":%s,\"address\":{\"city\":\"%s\"},\"bio\":\"%s\"%s}",
            id,
            name,
            created,
            created,
            age,
            height,
            member,
            city,
            bio,
            owner));
  }

  private static List<UUID> search(String ql) {
    SearchHits hits =
        index.search(
            IndexQuery.of(
                APP,
                "things",
                new io.meridian.index.query.UsergridQueryLanguage().compile(ql),
                100));
    return hits.hits().stream().map(SearchHits.Hit::entityId).toList();
  }

  @Test
  void blank_query_returns_everything_newest_first() {
    assertThat(search("")).containsExactly(DORA, CARL, BOB, ANNA);
    assertThat(search("select *")).containsExactly(DORA, CARL, BOB, ANNA);
  }

  @Test
  void hits_carry_the_indexed_version() {
    assertThat(
            index
                .search(
                    IndexQuery.of(
                        APP,
                        "things",
                        new io.meridian.index.query.UsergridQueryLanguage()
                            .compile("name = 'anna'"),
                        10))
                .hits())
        .extracting(SearchHits.Hit::entityId, SearchHits.Hit::version)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(ANNA, 1L));
  }

  @Test
  void limit_caps_the_number_of_hits() {
    assertThat(
            index
                .search(
                    IndexQuery.of(
                        APP,
                        "things",
                        new io.meridian.index.query.UsergridQueryLanguage().compile(""),
                        2))
                .hits())
        .hasSize(2);
  }

  @Test
  void string_equality_ignores_case() {
    assertThat(search("name = 'ANNA'")).containsExactly(ANNA);
    assertThat(search("select * where address.city = 'OSLO'"))
        .containsExactlyInAnyOrder(ANNA, CARL);
  }

  @Test
  void trailing_star_matches_prefixes_case_insensitively() {
    assertThat(search("name = 'C*'")).containsExactly(CARL);
    assertThat(search("address.city = 'b*'")).containsExactly(BOB);
    assertThat(search("name = '*'")).hasSize(4);
  }

  @Test
  void numeric_ranges_work_on_integers_and_decimals() {
    assertThat(search("age > 30")).containsExactlyInAnyOrder(ANNA, CARL);
    assertThat(search("age gte 34")).containsExactlyInAnyOrder(ANNA, CARL);
    assertThat(search("age = 27")).containsExactlyInAnyOrder(BOB, DORA);
    assertThat(search("height < 1.7")).containsExactly(DORA);
    assertThat(search("height <= 1.7")).containsExactlyInAnyOrder(ANNA, DORA);
    assertThat(search("age = 34.0")).containsExactly(ANNA);
  }

  @Test
  void booleans_and_uuids_match_exactly() {
    assertThat(search("member = true")).containsExactlyInAnyOrder(ANNA, CARL);
    assertThat(search("owner = " + OWNER)).containsExactly(CARL);
    assertThat(search("uuid = " + BOB)).containsExactly(BOB);
  }

  @Test
  void and_or_not_and_parentheses_combine() {
    assertThat(search("age = 27 and name = 'dora'")).containsExactly(DORA);
    assertThat(search("name = 'anna' or name = 'bob'")).containsExactlyInAnyOrder(ANNA, BOB);
    assertThat(search("not member = true")).containsExactlyInAnyOrder(BOB, DORA);
    assertThat(search("(age = 27 or age = 41) and not name = 'bob'"))
        .containsExactlyInAnyOrder(CARL, DORA);
  }

  @Test
  void contains_finds_words_in_text() {
    assertThat(search("bio contains 'hiking'")).containsExactlyInAnyOrder(ANNA, CARL);
    assertThat(search("bio contains 'CHESS champion'")).containsExactly(DORA);
  }

  @Test
  void order_by_sorts_on_properties_and_built_ins() {
    assertThat(search("order by name")).containsExactly(ANNA, BOB, CARL, DORA);
    assertThat(search("order by name desc")).containsExactly(DORA, CARL, BOB, ANNA);
    assertThat(search("select * where age = 27 order by height desc")).containsExactly(BOB, DORA);
    assertThat(search("order by age desc, name asc")).containsExactly(CARL, ANNA, BOB, DORA);
    assertThat(search("order by created")).containsExactly(ANNA, BOB, CARL, DORA);
  }

  @Test
  void next_page_continues_after_the_last_hit_of_the_previous_one() {
    var query = new io.meridian.index.query.UsergridQueryLanguage().compile("order by age, name");
    SearchHits first = index.search(IndexQuery.of(APP, "things", query, 2));
    List<Object> position = first.hits().get(1).sortValues();

    SearchHits second =
        index.search(
            new IndexQuery(
                APP,
                java.util.Optional.of("things"),
                java.util.Optional.empty(),
                query,
                2,
                position));

    assertThat(first.hits()).extracting(SearchHits.Hit::entityId).containsExactly(BOB, DORA);
    assertThat(second.hits()).extracting(SearchHits.Hit::entityId).containsExactly(ANNA, CARL);
  }

  @Test
  void a_position_from_another_query_is_a_bad_request() {
    var language = new io.meridian.index.query.UsergridQueryLanguage();
    List<Object> position =
        index
            .search(IndexQuery.of(APP, "things", language.compile(""), 1))
            .hits()
            .get(0)
            .sortValues();

    assertThatThrownBy(
            () ->
                index.search(
                    new IndexQuery(
                        APP,
                        java.util.Optional.of("things"),
                        java.util.Optional.empty(),
                        language.compile("order by name"),
                        10,
                        position)))
        .isInstanceOf(MeridianException.class)
        .matches(e -> ((MeridianException) e).code() == ErrorCode.BAD_REQUEST);
  }

  @Test
  void bad_query_is_a_query_parse_error() {
    assertThatThrownBy(() -> search("select * where name ="))
        .isInstanceOf(MeridianException.class)
        .matches(e -> ((MeridianException) e).code() == ErrorCode.QUERY_PARSE)
        .hasMessage("Expected a value after '=' at position 22 but found end of query");
  }
}
