package io.meridian.rest.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.MeridianIT;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Usergrid's collection settings ({@code fields}, {@code queueIndex}, {@code indexConsistency}, and
 * the stamps it writes itself) are accepted, as Usergrid accepts them, and change nothing: every
 * field stays queryable. Shapes Usergrid could not have meant are still refused.
 */
class UsergridCollectionSettingsIT extends MeridianIT {

  private String settings() {
    return path("books") + "/_settings";
  }

  @Test
  void every_usergrid_setting_is_accepted() {
    api.post(path("books"), "{\"name\":\"dune\",\"author\":\"herbert\"}");

    for (String body :
        new String[] {
          "{\"fields\":[\"author\",\"year\"]}",
          "{\"fields\":\"all\"}",
          "{\"fields\":\"NONE\"}",
          "{\"queueIndex\":\"async\"}",
          "{\"queueIndex\":\"something-usergrid-reads-as-config\"}",
          "{\"indexConsistency\":\"latest\"}",
          "{\"fields\":\"all\",\"queueIndex\":\"direct\",\"indexConsistency\":\"strict\","
              + "\"lastReindexed\":1511000000000,\"lastCollectionClear\":1511000000001}",
          "{\"fields\":[\"author\"],\"geoHot\":false}"
        }) {
      Reply reply = api.post(settings(), body);
      assertThat(reply.status()).as(body + " -> " + reply.body()).isEqualTo(200);
      assertThat(reply.json().path("action").asText()).isEqualTo("post");
    }
    assertThat(api.put(settings(), "{\"queueIndex\":\"sync\"}").status()).isEqualTo(200);
  }

  @Test
  void a_field_whitelist_leaves_every_field_queryable() {
    api.post(path("films"), "{\"name\":\"alien\",\"director\":\"scott\",\"year\":1979}");
    Reply whitelisted = api.post(path("films") + "/_settings", "{\"fields\":[\"year\"]}");
    assertThat(whitelisted.status()).as(whitelisted.body()).isEqualTo(200);

    Eventually.within(
        Duration.ofSeconds(10),
        () -> {
          Reply found =
              api.get(path("films") + "?ql=" + encode("select * where director = 'scott'"));
          assertThat(found.status()).as(found.body()).isEqualTo(200);
          assertThat(found.json().path("entities")).hasSize(1);
        });
  }

  @Test
  void shapes_usergrid_gives_no_meaning_are_refused_and_change_nothing() {
    for (String body :
        new String[] {
          "{\"fields\":\"some\"}",
          "{\"fields\":[\"author\",3]}",
          "{\"fields\":{\"author\":true}}",
          "{\"queueIndex\":7}",
          "{\"indexConsistency\":[\"strict\"]}",
          "{\"lastReindexed\":\"yesterday\"}",
          "{\"lastCollectionClear\":9223372036854775808}",
          "{\"lastReindexed\":1.5}",
          "{\"lastCollectionClear\":null}",
          "{\"fields\":null}",
          "{\"queueIndex\":null}",
          "{\"colour\":\"blue\"}",
          "{\"fields\":\"all\",\"geoHot\":\"yes\"}"
        }) {
      Reply reply = api.post(settings(), body);
      assertThat(reply.status()).as(body + " -> " + reply.body()).isEqualTo(400);
      assertThat(reply.error()).isEqualTo("illegal_argument");
      assertThat(reply.json().path("error_description").asText()).doesNotContain("java.");
    }
    assertThat(api.get(settings()).json().path("data").path("geoHot").asBoolean()).isFalse();
  }

  @Test
  void usergrid_settings_take_an_administrator() {
    Reply anonymous = api.anonymous().post(settings(), "{\"fields\":\"all\"}");

    assertThat(anonymous.status()).as(anonymous.body()).isEqualTo(401);
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }
}
