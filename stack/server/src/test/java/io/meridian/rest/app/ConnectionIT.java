package io.meridian.rest.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.TimeUuidGenerator;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Connections between entities, in Usergrid's paths and shapes. */
class ConnectionIT extends MeridianIT {
  private String fred;
  private String rex;
  private String fido;

  @BeforeEach
  void people_and_dogs() {
    fred =
        api.post(path("users"), "{\"username\":\"fred\",\"name\":\"fred\"}")
            .entity()
            .path("uuid")
            .asText();
    api.post(path("users"), "{\"username\":\"wilma\",\"name\":\"wilma\"}");
    rex =
        api.post(path("dogs"), "{\"name\":\"rex\",\"color\":\"brown\"}")
            .entity()
            .path("uuid")
            .asText();
    fido =
        api.post(path("dogs"), "{\"name\":\"fido\",\"color\":\"white\"}")
            .entity()
            .path("uuid")
            .asText();
  }

  @Test
  void a_connection_is_listed_both_ways_and_shown_in_metadata() {
    Reply connect = api.post(path("users") + "/fred/likes/dogs/rex", "");

    assertThat(connect.status()).isEqualTo(200);
    assertThat(connect.json().path("action").asText()).isEqualTo("post");
    assertThat(connect.uuids()).containsExactly(rex);
    assertThat(api.get(path("users") + "/fred/likes").uuids()).containsExactly(rex);
    assertThat(api.get(path("dogs") + "/rex/connecting/likes").uuids()).containsExactly(fred);
    assertThat(api.get(path("users") + "/fred").entity().path("metadata").path("connections"))
        .hasToString("{\"likes\":\"/users/" + fred + "/likes\"}");
    assertThat(api.get(path("dogs") + "/" + rex).entity().path("metadata").path("connecting"))
        .hasToString("{\"likes\":\"/dogs/" + rex + "/connecting/likes\"}");
  }

  @Test
  void connecting_again_does_not_duplicate_and_a_uuid_alone_names_the_target() {
    api.post(path("users") + "/fred/likes/dogs/rex", "");
    api.post(path("users") + "/fred/likes/" + rex, "");
    api.post(path("users") + "/" + fred + "/likes/dogs/" + rex, "");

    assertThat(api.get(path("users") + "/fred/likes").uuids()).containsExactly(rex);
    assertThat(api.get(path("users") + "/fred/likes/" + rex).uuids()).containsExactly(rex);
  }

  @Test
  void a_connection_query_filters_the_connected_entities() {
    api.post(path("users") + "/fred/likes/dogs/rex", "");
    api.post(path("users") + "/fred/likes/dogs/fido", "");
    api.post(path("users") + "/fred/likes/users/wilma", "");

    assertThat(api.get(path("users") + "/fred/likes").uuids()).hasSize(3);
    assertThat(
            api.get(path("users") + "/fred/likes?ql=" + ApiClient.encode("color = 'white'"))
                .uuids())
        .containsExactly(fido);
    assertThat(
            api.get(path("users") + "/fred/likes?ql=" + ApiClient.encode("select * order by name"))
                .json()
                .findValuesAsText("name"))
        .containsExactly("fido", "rex", "wilma");
  }

  @Test
  void connections_page_newest_first_with_cursors() {
    List<String> dogs = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      String dog = api.post(path("dogs"), "{\"n\":" + i + "}").entity().path("uuid").asText();
      dogs.add(0, dog);
      api.post(path("users") + "/fred/owns/" + dog, "");
    }
    List<String> served = new ArrayList<>();
    String cursor = null;
    do {
      Reply page =
          api.get(
              path("users")
                  + "/fred/owns?limit=3"
                  + (cursor == null ? "" : "&cursor=" + ApiClient.encode(cursor)));
      served.addAll(page.uuids());
      cursor =
          page.json().path("cursor").isMissingNode() ? null : page.json().path("cursor").asText();
    } while (cursor != null);

    assertThat(served).isEqualTo(dogs);
  }

  @Test
  void disconnecting_removes_the_connection_and_its_verb() {
    api.post(path("users") + "/fred/likes/dogs/rex", "");

    Reply disconnect = api.delete(path("users") + "/fred/likes/dogs/rex");

    assertThat(disconnect.status()).isEqualTo(200);
    assertThat(api.get(path("users") + "/fred/likes").uuids()).isEmpty();
    assertThat(api.get(path("dogs") + "/rex/connecting/likes").uuids()).isEmpty();
    assertThat(api.get(path("users") + "/fred").entity().path("metadata").has("connections"))
        .isFalse();
    assertThat(api.delete(path("users") + "/fred/likes/dogs/rex").status()).isEqualTo(404);
  }

  @Test
  void deleting_an_entity_removes_its_connections_both_ways() {
    api.post(path("users") + "/fred/likes/dogs/rex", "");
    api.post(path("dogs") + "/rex/follows/users/wilma", "");

    api.delete(path("dogs") + "/rex");

    assertThat(api.get(path("users") + "/fred/likes").uuids()).isEmpty();
    assertThat(api.get(path("users") + "/wilma/connecting/follows").uuids()).isEmpty();
    assertThat(api.get(path("users") + "/fred").entity().path("metadata").has("connections"))
        .isFalse();
    assertThat(api.get(path("users") + "/wilma").entity().path("metadata").has("connecting"))
        .isFalse();
  }

  @Test
  void bad_connection_requests_are_4xx_and_change_nothing() {
    assertThat(api.post(path("users") + "/fred/likes/dogs/nobody", "").status()).isEqualTo(404);
    assertThat(api.post(path("users") + "/nobody/likes/dogs/rex", "").status()).isEqualTo(404);
    assertThat(api.post(path("users") + "/fred/likes/not-a-uuid", "").status()).isEqualTo(400);
    assertThat(api.post(path("users") + "/fred/li%20kes/dogs/rex", "").status()).isEqualTo(400);
    assertThat(api.get(path("users") + "/fred/likes/" + fido).status()).isEqualTo(404);
    assertThat(api.get(path("users") + "/fred/likes?ql=" + ApiClient.encode("color = ")).error())
        .isEqualTo("query_parse");

    assertThat(api.get(path("users") + "/fred/likes").uuids()).isEmpty();
    assertThat(api.get(path("users") + "/fred").entity().path("metadata").has("connections"))
        .isFalse();
  }

  @Test
  void usergrids_connections_spelling_lists_what_the_entity_connects_to() {
    api.post(path("users") + "/fred/likes/dogs/rex", "");
    api.post(path("users") + "/fred/likes/dogs/fido", "");

    Reply listed = api.get(path("users") + "/fred/connections/likes");
    assertThat(listed.status()).as(listed.body()).isEqualTo(200);
    assertThat(listed.uuids()).containsExactlyInAnyOrder(rex, fido);
    assertThat(listed.json().path("path").asText())
        .isEqualTo("/users/" + fred + "/connections/likes");
    Reply queried =
        api.get(
            path("users") + "/fred/connections/likes?ql=" + ApiClient.encode("color = 'white'"));
    assertThat(queried.uuids()).containsExactly(fido);
    assertThat(api.get(path("users") + "/fred/connections/li%20kes").status()).isEqualTo(400);
  }

  @Test
  void connect_and_disconnect_answer_like_usergrid_with_the_target_and_its_metadata() {
    Reply connect = api.post(path("users") + "/fred/likes/dogs/rex", "");
    assertThat(connect.json().path("path").asText()).isEqualTo("/users/" + fred + "/likes");
    assertThat(connect.entity().path("uuid").asText()).isEqualTo(rex);
    assertThat(connect.entity().path("metadata").path("connecting").path("likes").asText())
        .isEqualTo("/users/" + fred + "/likes/" + rex + "/connecting/likes");
    assertThat(connect.entity().path("metadata").path("path").asText())
        .isEqualTo("/users/" + fred + "/likes/" + rex);

    Reply inbound = api.get(path("dogs") + "/rex/connecting/likes");
    assertThat(inbound.json().path("path").asText())
        .isEqualTo("/dogs/" + rex + "/connecting/likes");
    assertThat(api.get(path("users") + "/fred/likes").json().path("path").asText())
        .isEqualTo("/users/" + fred + "/likes");

    Reply disconnect = api.delete(path("users") + "/fred/likes/" + rex);
    assertThat(disconnect.status()).as(disconnect.body()).isEqualTo(200);
    assertThat(disconnect.json().path("action").asText()).isEqualTo("delete");
    assertThat(disconnect.json().path("path").asText()).isEqualTo("/users/" + fred + "/likes");
    assertThat(disconnect.entity().path("uuid").asText()).isEqualTo(rex);
    assertThat(disconnect.entity().path("metadata").path("path").asText()).isNotEmpty();
  }

  @Test
  void a_connected_entity_is_read_and_disconnected_by_its_name_alone() {
    api.post(path("users") + "/fred/likes/dogs/rex", "");
    api.post(path("users") + "/fred/likes/dogs/fido", "");

    Reply one = api.get(path("users") + "/fred/likes/rex");
    assertThat(one.status()).as(one.body()).isEqualTo(200);
    assertThat(one.uuids()).containsExactly(rex);

    Reply disconnect = api.delete(path("users") + "/fred/likes/REX");
    assertThat(disconnect.status()).as(disconnect.body()).isEqualTo(200);
    assertThat(disconnect.uuids()).containsExactly(rex);
    assertThat(api.get(path("users") + "/fred/likes").uuids()).containsExactly(fido);

    Reply again = api.delete(path("users") + "/fred/likes/rex");
    assertThat(again.status()).as(again.body()).isEqualTo(404);
    assertThat(again.error()).isEqualTo("entity_not_found");
    assertThat(api.delete(path("users") + "/fred/likes/wilma").status())
        .as("wilma exists but is not connected")
        .isEqualTo(404);
    assertThat(api.get(path("users") + "/fred/likes").uuids()).containsExactly(fido);
  }

  @Test
  void a_name_connected_in_two_collections_needs_its_collection() {
    String cat = api.post(path("cats"), "{\"name\":\"fido\"}").entity().path("uuid").asText();
    api.post(path("users") + "/fred/likes/dogs/fido", "");
    api.post(path("users") + "/fred/likes/cats/fido", "");

    Reply ambiguous = api.delete(path("users") + "/fred/likes/fido");
    assertThat(ambiguous.status()).as(ambiguous.body()).isEqualTo(400);
    assertThat(ambiguous.error()).isEqualTo("illegal_argument");
    assertThat(api.get(path("users") + "/fred/likes").uuids()).containsExactlyInAnyOrder(fido, cat);

    assertThat(api.delete(path("users") + "/fred/likes/cats/fido").status()).isEqualTo(200);
    assertThat(api.get(path("users") + "/fred/likes").uuids()).containsExactly(fido);
  }

  /** Fred, given a password by the administrator, signed in. */
  private ApiClient signInFred() {
    Reply set =
        api.put(
            path("users") + "/fred/password", "{\"newpassword\":\"" + Identities.PASSWORD + "\"}");
    assertThat(set.status()).as(set.body()).isEqualTo(200);
    return api.withToken(Identities.userToken(api, org, app, "fred"));
  }

  @Test
  void listed_connections_carry_usergrids_paths_as_the_sdks_compare_them() {
    api.post(path("users") + "/fred/likes/dogs/rex", "");
    api.post(path("dogs") + "/rex/chases/dogs/fido", "");

    JsonNode out = api.get(path("users") + "/fred/likes").entity().path("metadata");
    assertThat(out.path("path").asText()).isEqualTo("/users/" + fred + "/likes/" + rex);
    assertThat(out.path("connecting").path("likes").asText())
        .isEqualTo("/users/" + fred + "/likes/" + rex + "/connecting/likes");
    assertThat(out.path("connections").path("chases").asText())
        .isEqualTo("/users/" + fred + "/likes/" + rex + "/chases");

    JsonNode in = api.get(path("dogs") + "/rex/connecting/likes").entity().path("metadata");
    assertThat(in.path("connections").path("likes").asText())
        .isEqualTo("/dogs/" + rex + "/connecting/" + fred + "/likes");

    JsonNode one = api.get(path("users") + "/fred/likes/rex").entity().path("metadata");
    assertThat(one.path("connecting").path("likes").asText())
        .isEqualTo("/users/fred/likes/" + rex + "/connecting/likes");
    assertThat(api.get(path("dogs") + "/rex").entity().path("metadata").path("path").asText())
        .as("an entity read at its own path keeps its own paths")
        .isEqualTo("/dogs/" + rex);
  }

  @Test
  void usergrids_writes_through_connection_paths_create_connect_and_list_by_collection() {
    String device = new TimeUuidGenerator(Clock.systemUTC()).newTimeUuid().toString();
    Reply registered = api.put(path("devices") + "/" + device, "{\"model\":\"pixel\"}");
    assertThat(registered.status()).as(registered.body()).isEqualTo(200);
    assertThat(registered.entity().path("uuid").asText()).isEqualTo(device);
    assertThat(api.get(path("devices") + "/" + device).entity().path("model").asText())
        .isEqualTo("pixel");
    assertThat(api.put(path("devices") + "/" + UUID.randomUUID(), "{}").error())
        .as("entities are keyed by time uuids")
        .isEqualTo("illegal_argument");
    assertThat(api.put(path("devices") + "/" + rex, "{}").status())
        .as("a uuid another collection holds is not this collection's to take")
        .isEqualTo(404);
    assertThat(api.get(path("dogs") + "/" + rex).entity().path("name").asText()).isEqualTo("rex");

    Reply created = api.post(path("users") + "/fred/likes/dogs", "{\"name\":\"spot\"}");
    assertThat(created.status()).as(created.body()).isEqualTo(200);
    String spot = created.entity().path("uuid").asText();
    assertThat(api.get(path("dogs") + "/spot").uuids()).containsExactly(spot);
    api.post(path("users") + "/fred/likes/users/wilma", "");

    assertThat(api.get(path("users") + "/fred/likes/dogs").uuids()).containsExactly(spot);
    assertThat(api.get(path("users") + "/fred/likes").uuids()).hasSize(2);

    Reply put = api.put(path("users") + "/fred/likes/dogs/fido", "{\"color\":\"grey\"}");
    assertThat(put.status()).as(put.body()).isEqualTo(200);
    assertThat(api.get(path("users") + "/fred/likes/dogs").uuids())
        .containsExactlyInAnyOrder(spot, fido);
    assertThat(api.get(path("dogs") + "/fido").entity().path("color").asText()).isEqualTo("grey");

    ApiClient asFred = signInFred();
    Reply mine = asFred.post(path("users") + "/me/devices", "{\"model\":\"tablet\"}");
    assertThat(mine.status()).as(mine.body()).isEqualTo(200);
    assertThat(api.get(path("users") + "/fred/devices").json().findValuesAsText("model"))
        .containsExactly("tablet");
    for (String administered : List.of("roles", "notifiers")) {
      Reply refused =
          asFred.post(path("users") + "/me/likes/" + administered, "{\"name\":\"sneaky\"}");
      assertThat(refused.status())
          .as("the default role's /** does not create %s through a connection", administered)
          .isEqualTo(403);
      assertThat(api.get(path(administered) + "/sneaky").status()).isEqualTo(404);
    }

    JsonNode none =
        api.get(path("users") + "/fred/likes/dogs?connections=none").entity().path("metadata");
    assertThat(none.has("connecting")).isFalse();
    JsonNode in = api.get(path("dogs") + "?connections=in").entity().path("metadata");
    assertThat(in.has("connections")).isFalse();
    assertThat(api.get(path("dogs") + "?connections=sideways").error())
        .isEqualTo("illegal_argument");
  }

  @Test
  void creating_through_a_connection_path_needs_the_permission_to_post_to_the_collection() {
    AppAccess access = new AppAccess(api, org, app);
    access.restrictDefaultRole("get,put,post,delete:/users/${user}/**");
    ApiClient asFred = signInFred();
    AppAccess.awaitStatus(403, () -> asFred.get(path("dogs")));

    Reply refused = asFred.post(path("users") + "/me/likes/dogs", "{\"name\":\"stray\"}");
    assertThat(refused.status()).as(refused.body()).isEqualTo(403);
    assertThat(api.get(path("dogs") + "/stray").status()).isEqualTo(404);
    assertThat(api.get(path("users") + "/fred/likes").uuids()).isEmpty();

    access.grant("roles/default", "post:/dogs");
    Reply allowed =
        AppAccess.awaitStatus(
            200, () -> asFred.post(path("users") + "/me/likes/dogs", "{\"name\":\"stray\"}"));
    assertThat(api.get(path("users") + "/fred/likes/dogs").uuids())
        .containsExactly(allowed.entity().path("uuid").asText());
  }
}
