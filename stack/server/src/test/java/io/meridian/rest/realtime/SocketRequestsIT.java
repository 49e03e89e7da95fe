package io.meridian.rest.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.socket.SocketRequest;
import io.meridian.api.socket.SocketRequests;
import io.meridian.api.socket.SocketResponse;
import io.meridian.core.common.Json;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Requests served through {@link SocketRequests} answer what the same requests answer over HTTP:
 * status and body, the fields that differ between any two requests (the time, the duration, the
 * request's id) and, for two writes, the entity's own uuid and times set aside.
 */
class SocketRequestsIT extends MeridianIT {
  /** What differs between two identical requests made one after the other. */
  private static final Set<String> PER_REQUEST = Set.of("timestamp", "duration", "error_id");

  /** What differs between two entities written alike. */
  private static final Set<String> PER_ENTITY = Set.of("created", "modified");

  @Autowired private SocketRequests sockets;
  @Autowired private MeterRegistry registry;

  private SocketResponse socket(String token, String method, String path, String body) {
    return socket(token, method, path, Map.of(), body, null);
  }

  private SocketResponse socket(
      String token,
      String method,
      String path,
      Map<String, List<String>> query,
      String body,
      String requestId) {
    return sockets.execute(
        new SocketRequest(
            URI.create(api.base() + "/"),
            org,
            app,
            token,
            "127.0.0.1",
            requestId,
            method,
            path,
            query,
            body == null ? null : parse(body)));
  }

  private static JsonNode parse(String json) {
    try {
      return Json.MAPPER.readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void assertSame(SocketResponse socket, Reply http, Set<String> ignored) {
    assertThat(socket.status()).as(http.body()).isEqualTo(http.status());
    assertThat(without(socket.body(), ignored)).isEqualTo(without(http.json(), ignored));
  }

  private static void assertSame(SocketResponse socket, Reply http) {
    assertSame(socket, http, PER_REQUEST);
  }

  /** Two writes of different entities: alike once each one's uuid and times are set aside. */
  private static void assertAlike(
      SocketResponse socket, String socketUuid, Reply http, String httpUuid) {
    assertThat(socket.status()).as(http.body()).isEqualTo(http.status());
    Set<String> ignored = new java.util.HashSet<>(PER_REQUEST);
    ignored.addAll(PER_ENTITY);
    JsonNode fromSocket = parse(Json.write(socket.body()).replace(socketUuid, "<uuid>"));
    JsonNode fromHttp = parse(http.body().replace(httpUuid, "<uuid>"));
    assertThat(without(fromSocket, ignored)).isEqualTo(without(fromHttp, ignored));
  }

  private static JsonNode without(JsonNode json, Set<String> names) {
    JsonNode copy = json.deepCopy();
    strip(copy, names);
    return copy;
  }

  private static void strip(JsonNode node, Set<String> names) {
    if (node instanceof ObjectNode object) {
      object.remove(names);
    }
    for (Iterator<JsonNode> children = node.elements(); children.hasNext(); ) {
      strip(children.next(), names);
    }
  }

  private static String uuid(SocketResponse response) {
    return response.body().path("entities").path(0).path("uuid").asText();
  }

  @Test
  void create_read_update_and_delete_answer_as_over_http() {
    String body = "{\"color\":\"red\",\"load\":3,\"tags\":[\"a\",\"b\"]}";
    SocketResponse created = socket(api.token(), "POST", "/trucks", body);
    Reply createdOverHttp = api.post(path("trucks"), body);
    assertThat(created.status()).as(Json.write(created.body())).isEqualTo(200);
    String overSocket = uuid(created);
    String overHttp = createdOverHttp.entity().path("uuid").asText();
    assertAlike(created, overSocket, createdOverHttp, overHttp);

    assertSame(
        socket(api.token(), "GET", "/trucks/" + overSocket, null),
        api.get(path("trucks") + "/" + overSocket));

    String change = "{\"color\":\"blue\"}";
    SocketResponse updated = socket(api.token(), "PUT", "/trucks/" + overSocket, change);
    Reply updatedOverHttp = api.put(path("trucks") + "/" + overHttp, change);
    assertThat(updated.body().path("entities").path(0).path("color").asText()).isEqualTo("blue");
    assertAlike(updated, overSocket, updatedOverHttp, overHttp);

    SocketResponse deleted = socket(api.token(), "DELETE", "/trucks/" + overSocket, null);
    Reply deletedOverHttp = api.delete(path("trucks") + "/" + overHttp);
    assertAlike(deleted, overSocket, deletedOverHttp, overHttp);

    SocketResponse gone = socket(api.token(), "GET", "/trucks/" + overSocket, null);
    assertThat(gone.status()).isEqualTo(404);
    assertSame(gone, api.get(path("trucks") + "/" + overSocket));
  }

  @Test
  void a_geometry_contains_lookup_on_fences_answers_as_over_http() {
    String fence =
        api.post(
                path("zones"),
                "{\"name\":\"square\",\"kind\":\"r&d 'é' \\\"x\\\"\",\"geometry\":{\"type\":"
                    + "\"Polygon\",\"coordinates\":[[[0,0],[1,0],[1,1],[0,1],[0,0]]]}}")
            .entity()
            .path("uuid")
            .asText();
    api.post(
        path("zones"),
        "{\"name\":\"elsewhere\",\"kind\":\"other\",\"geometry\":{\"type\":"
            + "\"Polygon\",\"coordinates\":[[[10,10],[11,10],[11,11],[10,11],[10,10]]]}}");
    String ql = "select * where geometry contains 0.5, 0.5 and kind = 'r&d \\'é\\' \"x\"'";
    Map<String, List<String>> query = new LinkedHashMap<>();
    query.put("ql", List.of(ql));
    query.put("limit", List.of("10"));

    SocketResponse lookup = socket(api.token(), "GET", "/zones", query, null, null);
    Reply overHttp = api.get(path("zones") + "?ql=" + ApiClient.encode(ql) + "&limit=10");

    assertThat(overHttp.uuids()).containsExactly(fence);
    assertSame(lookup, overHttp);
    assertThat(lookup.body().path("params").path("ql").path(0).asText()).isEqualTo(ql);
  }

  @Test
  void errors_are_the_same_status_and_body_as_over_http() {
    String missing = UUID.randomUUID().toString();
    assertSame(
        socket(api.token(), "GET", "/trucks/" + missing, null),
        api.get(path("trucks") + "/" + missing));

    String badQl = "select * where color = ";
    SocketResponse badQuery =
        socket(api.token(), "GET", "/trucks", Map.of("ql", List.of(badQl)), null, null);
    assertThat(badQuery.status()).isEqualTo(400);
    assertSame(badQuery, api.get(path("trucks") + "?ql=" + ApiClient.encode(badQl)));

    SocketResponse badToken = socket("not-a-token", "GET", "/trucks", null);
    assertThat(badToken.status()).isEqualTo(401);
    assertSame(badToken, api.get(path("trucks"), "Authorization", "Bearer not-a-token"));

    SocketResponse notJson =
        sockets.execute(
            new SocketRequest(
                URI.create(api.base()),
                org,
                app,
                api.token(),
                "127.0.0.1",
                null,
                "POST",
                "/trucks",
                null,
                Json.MAPPER.getNodeFactory().textNode("a string")));
    assertSame(notJson, api.post(path("trucks"), "\"a string\""));
  }

  @Test
  void a_guest_and_a_user_are_refused_as_over_http() {
    SocketResponse guest = socket(null, "GET", "/trucks", null);
    assertThat(guest.status()).isIn(401, 403);
    assertSame(guest, api.anonymous().get(path("trucks")));

    Identities.user(api, org, app, "driver");
    String user = Identities.userToken(api, org, app, "driver");
    String role = "{\"name\":\"dispatcher\"}";
    SocketResponse forbidden = socket(user, "POST", "/roles", role);
    assertThat(forbidden.status()).isEqualTo(403);
    assertSame(forbidden, api.withToken(user).post(path("roles"), role));
  }

  @Test
  void a_sign_up_and_a_sign_in_read_the_client_address_of_the_socket() {
    SocketResponse signedUp =
        socket(
            null,
            "POST",
            "/users",
            "{\"username\":\"rider\",\"password\":\"" + Identities.PASSWORD + "\"}");
    SocketResponse signedUpByAdmin =
        socket(
            api.token(),
            "POST",
            "/users",
            "{\"username\":\"walker\",\"password\":\"" + Identities.PASSWORD + "\"}");
    assertThat(signedUpByAdmin.status()).as(Json.write(signedUpByAdmin.body())).isEqualTo(200);
    assertThat(signedUp.status())
        .as("a guest signs up as over HTTP")
        .isEqualTo(
            api.anonymous()
                .post(
                    path("users"),
                    "{\"username\":\"runner\",\"password\":\"" + Identities.PASSWORD + "\"}")
                .status());

    SocketResponse token =
        socket(
            null,
            "POST",
            "/token",
            "{\"grant_type\":\"password\",\"username\":\"walker\",\"password\":\""
                + Identities.PASSWORD
                + "\"}");
    assertThat(token.status()).as(Json.write(token.body())).isEqualTo(200);
    String issued = token.body().path("access_token").asText();
    assertThat(issued).isNotEmpty();
    assertThat(socket(issued, "GET", "/users/walker", null).status()).isEqualTo(200);
  }

  @Test
  void a_path_that_leaves_the_application_is_refused() {
    for (String escape :
        List.of(
            "/../" + app + "/trucks",
            "/trucks/../../other/app",
            "/./trucks",
            "//example.com/trucks",
            "http://example.com/" + org + "/" + app + "/trucks",
            "trucks",
            "/trucks\\..\\..")) {
      SocketResponse refused = socket(api.token(), "GET", escape, null);
      assertThat(refused.status()).as(escape).isEqualTo(400);
      assertThat(refused.body().path("error").asText()).as(escape).isEqualTo("bad_request");
    }
    assertThat(
            socket(api.token(), "GET", "/trucks", Map.of("access_token", List.of("x")), null, null)
                .status())
        .isEqualTo(400);
    assertThat(socket(api.token(), "PATCH", "/trucks", null).status()).isEqualTo(400);
  }

  @Test
  void characters_of_a_path_are_names_not_delimiters() {
    // A collection named "trucks?ql=select%20*", not a query of trucks.
    assertSame(
        socket(api.token(), "GET", "/trucks?ql=select%20*", null),
        api.get(path("trucks%3Fql=select%2520*")));
    SocketResponse encoded = socket(api.token(), "GET", "/trucks/%2e%2e", null);
    assertThat(encoded.status()).isEqualTo(404);
    assertSame(encoded, api.get(path("trucks") + "/%252e%252e"));
    assertSame(socket(api.token(), "GET", "/trucks//", null), api.get(path("trucks")));
  }

  @Test
  void an_error_quotes_the_request_id_the_socket_chose() {
    SocketResponse missing =
        socket(api.token(), "GET", "/trucks/" + UUID.randomUUID(), Map.of(), null, "socket-7f3a");
    assertThat(missing.requestId()).isEqualTo("socket-7f3a");
    assertThat(missing.body().path("error_id").asText()).isEqualTo("socket-7f3a");
    SocketResponse fresh = socket(api.token(), "GET", "/trucks/" + UUID.randomUUID(), null);
    assertThat(fresh.body().path("error_id").asText()).isEqualTo(fresh.requestId()).hasSize(16);
  }

  @Test
  void a_request_over_the_socket_is_timed_by_the_request_metrics() {
    String uuid = uuid(socket(api.token(), "POST", "/meters", "{\"reading\":1}"));
    long before = readsOfOneEntity();

    assertThat(socket(api.token(), "GET", "/meters/" + uuid, null).status()).isEqualTo(200);

    assertThat(readsOfOneEntity()).isEqualTo(before + 1);
  }

  private long readsOfOneEntity() {
    Timer timer =
        registry
            .find("meridian.http.server.requests")
            .tag("method", "GET")
            .tag("route", "/{org}/{app}/{collection}/{entity}")
            .tag("status", "2xx")
            .timer();
    return timer == null ? 0 : timer.count();
  }
}
