package io.meridian.rest.app;

import static io.meridian.rest.app.LocationTags.LATITUDE;
import static io.meridian.rest.app.LocationTags.LONGITUDE;
import static io.meridian.rest.app.LocationTags.RADIUS;
import static io.meridian.rest.app.LocationTags.T1;
import static io.meridian.rest.app.LocationTags.T2;
import static io.meridian.rest.app.LocationTags.UNSUBSCRIBED;
import static io.meridian.rest.app.LocationTags.newestFirst;
import static io.meridian.rest.support.AppAccess.awaitStatus;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.meridian.core.common.Json;
import io.meridian.rest.app.LocationTags.Tag;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.TestServers;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Geo2Tag's location tags as docs/location-tags.md maps them onto Meridian: channels, app users
 * subscribing to them, WriteTag as a bulk POST of tags, and LoadTags as one query (circle, time
 * window, subscribed channels, newest first) that Elasticsearch answers a page at a time.
 */
@Isolated // counts the searches of the index every class shares
class LocationTagsIT extends MeridianIT {
  /** The entity index alias of the test servers (see {@code TestServers}). */
  private static final String INDEX = TestServers.ENTITIES_INDEX;

  /** The recipe's default role: exactly what the application's users may do. */
  private static final String[] PERMISSIONS = {
    "get:/channels",
    "get:/channels/*",
    "get:/users/me/subscribes",
    "post,delete:/users/me/subscribes/channels/*",
    "post:/tags",
    "get:/tags",
    "get:/tags/*"
  };

  private final LocationTags tags = new LocationTags();
  private AppAccess access;
  private ApiClient ann;
  private ApiClient bob;

  @BeforeEach
  void channels_users_and_subscriptions() {
    access = new AppAccess(api, org, app);
    for (String channel : List.of("news", "traffic", UNSUBSCRIBED)) {
      access.create("channels", Json.object().put("name", channel).toString());
    }
    access.user("ann");
    access.user("bob");
    access.restrictDefaultRole(PERMISSIONS);
    ann = access.signIn("ann");
    bob = access.signIn("bob");
    awaitStatus(403, () -> ann.get(path("users")));
    subscribe(ann, "news");
    subscribe(ann, "traffic");
    subscribe(bob, UNSUBSCRIBED);
  }

  private void subscribe(ApiClient user, String channel) {
    Reply subscribed = user.post(path("users/me/subscribes/channels/" + channel), "");
    assertThat(subscribed.status()).as(subscribed.body()).isEqualTo(200);
  }

  @Test
  void load_tags_pages_exactly_the_subscribed_tags_in_the_circle_and_window_newest_first() {
    Map<String, Tag> written = writeMixedTags();
    List<String> expected = newestFirst(written);

    List<Reply> pages = loadTags(ann, T1, T2, 7);

    List<String> served = uuids(pages);
    assertThat(expected).hasSizeGreaterThan(7 * 5);
    assertThat(served).doesNotHaveDuplicates().isEqualTo(expected);
    assertThat(pages).hasSize((expected.size() + 6) / 7);
    for (Reply page : pages.subList(0, pages.size() - 1)) {
      assertThat(page.uuids()).hasSize(7);
    }
    for (Reply page : pages) {
      for (JsonNode tag : page.json().path("entities")) {
        Tag sent = written.get(tag.path("uuid").asText());
        assertThat(tag.path("altitude").asDouble()).isEqualTo(sent.altitude());
        assertThat(tag.path("label").asText()).isEqualTo(sent.label());
      }
    }
  }

  @Test
  void the_time_window_includes_both_of_its_ends() {
    Map<String, Tag> written =
        write(
            ann,
            List.of(
                tags.tag("news", 0, 0, T1 - 1, "before t1", false),
                tags.tag("news", 0, 0, T1, "at t1", true),
                tags.tag("traffic", 0, 0, T2, "at t2", true),
                tags.tag("traffic", 0, 0, T2 + 1, "after t2", false)));

    List<String> served = uuids(loadTags(ann, T1, T2, 10));

    assertThat(served).isEqualTo(newestFirst(written));
    assertThat(served.stream().map(uuid -> written.get(uuid).label()))
        .containsExactly("at t2", "at t1");
  }

  @Test
  void anonymous_callers_can_neither_write_nor_load_tags() {
    write(ann, List.of(tags.tag("news", 0, 0, T1, "first", true)));
    ApiClient guest = api.anonymous();

    Reply writeTag =
        guest.post(path("tags"), tags.tag("news", 0, 0, T1, "anonymous", false).json().toString());
    Reply loadTags = guest.get(loadTagsPath(List.of("news"), T1, T2, 10));
    Reply subscribe = guest.post(path("users/ann/subscribes/channels/ads"), "");

    for (Reply refused : List.of(writeTag, loadTags, subscribe)) {
      assertThat(refused.status()).as(refused.body()).isEqualTo(401);
      assertThat(refused.error()).isEqualTo("unauthorized");
    }
    assertThat(uuids(loadTags(ann, T1, T2, 10))).hasSize(1);
  }

  @Test
  void users_may_write_and_read_tags_but_not_change_or_delete_them() {
    String bobs =
        write(bob, List.of(tags.tag("news", 0, 0, T1, "bob's", true))).keySet().iterator().next();

    assertThat(ann.get(path("tags/" + bobs)).entity().path("label").asText()).isEqualTo("bob's");
    assertThat(ann.put(path("tags/" + bobs), "{\"label\":\"ann's\"}").status()).isEqualTo(403);
    assertThat(ann.delete(path("tags/" + bobs)).status()).isEqualTo(403);
    assertThat(ann.post(path("channels"), "{\"name\":\"sneaky\"}").status()).isEqualTo(403);
    assertThat(api.get(path("tags/" + bobs)).entity().path("label").asText()).isEqualTo("bob's");
    assertThat(api.get(path("channels/sneaky")).status()).isEqualTo(404);
  }

  @Test
  void a_user_subscribes_only_itself_and_only_to_channels() {
    assertThat(subscriptions(ann)).containsExactlyInAnyOrder("news", "traffic");

    assertThat(ann.post(path("users/bob/subscribes/channels/news"), "").status()).isEqualTo(403);
    assertThat(ann.post(path("users/me/subscribes/users/bob"), "").status()).isEqualTo(403);
    assertThat(ann.get(path("users/bob/subscribes")).status()).isEqualTo(403);
    assertThat(ann.delete(path("users/me/subscribes/channels/traffic")).status()).isEqualTo(200);

    assertThat(subscriptions(ann)).containsExactly("news");
    assertThat(access.listed("users/bob/subscribes", "name")).containsExactly("ads");
  }

  @Test
  void load_tags_answers_the_same_with_one_index_search_per_page_after_two_thousand_more_tags() {
    Map<String, Tag> written = writeMixedTags();
    List<String> expected = newestFirst(written);

    long searchesBefore = indexSearches();
    List<Reply> before = loadTags(ann, T1, T2, 25);
    long searchesForFewTags = indexSearches() - searchesBefore;

    List<Tag> more = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      more.add(tags.nonMatching(i % 4, "more " + i));
    }
    write(ann, more);
    long searchesAfter = indexSearches();
    List<Reply> after = loadTags(ann, T1, T2, 25);
    long searchesForManyTags = indexSearches() - searchesAfter;

    assertThat(uuids(before)).isEqualTo(expected);
    assertThat(uuids(after)).isEqualTo(expected);
    assertThat(after).hasSameSizeAs(before);
    // One search per page, each asking for the page plus one: whatever the collection holds,
    // Meridian reads no more than that, so the filtering happened inside the index.
    assertThat(searchesForFewTags).isEqualTo(before.size());
    assertThat(searchesForManyTags).isEqualTo(after.size());
  }

  @Test
  void load_tags_pages_by_keyset_on_time_not_by_listing_the_collection() {
    List<Tag> five = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      five.add(tags.tag("news", 100, 90 * i, T1 + 60_000L * i, "t" + i, true));
    }
    Map<String, Tag> written = write(ann, five);
    List<String> expected = newestFirst(written);

    Reply first = ann.get(loadTagsPath(subscriptions(ann), T1, T2, 2));

    assertThat(first.uuids()).isEqualTo(expected.subList(0, 2));
    // The cursor carries its position in the clear, followed by a 16-byte MAC. An index query
    // resumes after the sort values of the last tag served (its time, then its uuid); a listing,
    // which walks the whole collection, resumes after a bare uuid.
    JsonNode position = cursorPosition(first.json().path("cursor").asText());
    String last = expected.get(1);
    assertThat(position.size()).isGreaterThan(1);
    assertThat(position.get(0).asDouble()).isEqualTo((double) written.get(last).time());
    assertThat(position.get(position.size() - 1).asText()).isEqualTo(last);
  }

  /** The mixed tags, written half by Ann and half by Bob, by uuid. */
  private Map<String, Tag> writeMixedTags() {
    List<Tag> mixed = tags.mixed();
    Map<String, Tag> written = new LinkedHashMap<>();
    written.putAll(write(ann, mixed.subList(0, mixed.size() / 2)));
    written.putAll(write(bob, mixed.subList(mixed.size() / 2, mixed.size())));
    return written;
  }

  /**
   * WriteTag in bulk, as the user: 200 tags a request (the test servers take 64 KB bodies). The
   * tags by uuid, in the order written.
   */
  private Map<String, Tag> write(ApiClient user, List<Tag> toWrite) {
    Map<String, Tag> written = new LinkedHashMap<>();
    for (int start = 0; start < toWrite.size(); start += 200) {
      List<Tag> batch = toWrite.subList(start, Math.min(toWrite.size(), start + 200));
      ArrayNode body = Json.MAPPER.createArrayNode();
      batch.forEach(tag -> body.add(tag.json()));
      Reply reply = user.post(path("tags"), Json.write(body));
      assertThat(reply.status()).as(reply.body()).isEqualTo(200);
      List<String> uuids = reply.uuids();
      assertThat(uuids).hasSameSizeAs(batch);
      for (int i = 0; i < uuids.size(); i++) {
        written.put(uuids.get(i), batch.get(i));
      }
    }
    return written;
  }

  /** The names of the channels the user subscribes to, as the client reads them first. */
  private List<String> subscriptions(ApiClient user) {
    Reply listed = user.get(path("users/me/subscribes"));
    assertThat(listed.status()).as(listed.body()).isEqualTo(200);
    List<String> names = new ArrayList<>();
    listed.json().path("entities").forEach(channel -> names.add(channel.path("name").asText()));
    return names;
  }

  private String loadTagsPath(List<String> channels, long from, long to, int limit) {
    String anyChannel =
        channels.stream()
            .map(channel -> "channel = '" + channel + "'")
            .collect(Collectors.joining(" or ", "(", ")"));
    String ql =
        "select * where location within "
            + RADIUS
            + " of "
            + LATITUDE
            + ", "
            + LONGITUDE
            + " and time >= "
            + from
            + " and time <= "
            + to
            + " and "
            + anyChannel
            + " order by time desc";
    return path("tags") + "?limit=" + limit + "&ql=" + ApiClient.encode(ql);
  }

  /** LoadTags as the user: reads its subscriptions, then follows the cursor to the last page. */
  private List<Reply> loadTags(ApiClient user, long from, long to, int limit) {
    String first = loadTagsPath(subscriptions(user), from, to, limit);
    List<Reply> pages = new ArrayList<>();
    String cursor = null;
    do {
      Reply page = user.get(first + (cursor == null ? "" : "&cursor=" + ApiClient.encode(cursor)));
      assertThat(page.status()).as(page.body()).isEqualTo(200);
      assertThat(pages).as("pages").hasSizeLessThan(1000);
      pages.add(page);
      JsonNode next = page.json().path("cursor");
      cursor = next.isMissingNode() ? null : next.asText();
    } while (cursor != null);
    return pages;
  }

  private static List<String> uuids(List<Reply> pages) {
    return pages.stream().flatMap(page -> page.uuids().stream()).toList();
  }

  /**
   * Searches the entity index has run so far. The tests of a build run one at a time against their
   * own services, so between two readings only this test's requests search it.
   */
  private static long indexSearches() {
    Reply stats = new ApiClient(endpoints().elasticsearchUrl()).get("/" + INDEX + "/_stats/search");
    assertThat(stats.status()).as(stats.body()).isEqualTo(200);
    return stats.json().at("/_all/primaries/search/query_total").asLong();
  }

  /** The keyset position a cursor carries: its JSON, before the MAC. */
  private static JsonNode cursorPosition(String cursor) {
    byte[] bytes = Base64.getUrlDecoder().decode(cursor);
    try {
      return Json.MAPPER.readTree(Arrays.copyOf(bytes, bytes.length - 16));
    } catch (IOException e) {
      throw new AssertionError("The cursor does not start with a JSON position: " + cursor, e);
    }
  }
}
