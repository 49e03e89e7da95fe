package io.meridian.rest.system;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.uuid.Uuids;
import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.Json;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.LoopbackClient;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.TestServers;
import io.meridian.server.cli.IndexRebuildCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Rebuilding an application's index from Cassandra, by endpoint and by command. */
class IndexRebuildIT extends MeridianIT {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String INDEX = TestServers.ENTITIES_INDEX;

  private ApiClient root;

  /** A client signed in as the superuser: /system is the operators'. */
  private ApiClient root() {
    if (root == null) {
      root = api.withToken(Identities.superuserToken(api));
    }
    return root;
  }

  @Test
  void only_the_superuser_may_start_a_rebuild() {
    assertThat(api.post("/system/index/rebuild/" + org + "/" + app, "").status()).isEqualTo(403);
    assertThat(api.anonymous().post("/system/index/rebuild/" + org + "/" + app, "").status())
        .isEqualTo(401);
    assertThat(
            api.withToken(organization.adminToken())
                .get("/system/index/rebuild/" + org + "/" + app)
                .status())
        .isEqualTo(403);
  }

  private static String basic(String username, String password) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((username + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void the_superuser_signs_in_with_http_basic_on_system_and_nowhere_else() {
    String rebuilds = "/system/index/rebuild/" + org + "/" + app;
    String right = basic("superuser", TestServers.SUPERUSER_PASSWORD);

    Reply listed = api.anonymous().call("GET", rebuilds, "Authorization", right);
    // Failed sign-ins on purpose, from an address of their own: the others sign in from 127.0.0.1.
    Reply wrong =
        LoopbackClient.from(api)
            .withHeader("Authorization", basic("superuser", "not it"))
            .get(rebuilds);
    Reply admin =
        LoopbackClient.from(api)
            .withHeader("Authorization", basic(organization.admin(), "whatever1"))
            .get(rebuilds);
    Reply elsewhere = api.anonymous().call("GET", path("rocks"), "Authorization", right);
    Reply management = api.anonymous().call("GET", "/management/me", "Authorization", right);

    assertThat(listed.status()).as(listed.body()).isEqualTo(200);
    assertThat(wrong.status()).isEqualTo(401);
    assertThat(admin.status()).isEqualTo(401);
    assertThat(elsewhere.status()).isEqualTo(401);
    assertThat(management.status()).isEqualTo(401);
  }

  @Test
  void usergrids_rebuild_by_application_uuid_and_collection_answers_number_queued() {
    api.post(path("rocks"), "{\"kind\":\"granite\"}");
    String applicationId = api.get(path("rocks")).json().path("application").asText();

    Reply start =
        api.anonymous()
            .call(
                "POST",
                "/system/index/rebuild/" + applicationId + "/rocks",
                "Authorization",
                basic("superuser", TestServers.SUPERUSER_PASSWORD));

    assertThat(start.status()).as(start.body()).isEqualTo(202);
    assertThat(start.json().path("numberQueued").isNumber()).isTrue();
    assertThat(start.json().path("jobId").asText())
        .isEqualTo(start.json().path("data").path("jobId").asText());
    JsonNode job = waitForCompletion(start.json().path("jobId").asText());
    assertThat(job.path("numberQueued").asLong()).isEqualTo(job.path("entitiesIndexed").asLong());
    assertThat(job.path("numberQueued").asLong()).isPositive();
  }

  @Test
  void a_system_path_not_served_is_404_to_the_superuser_and_401_to_anyone_else() {
    for (String unserved :
        List.of(
            "/system",
            "/system/nothing",
            "/system/a/b",
            "/system/a/b/c",
            "/system/a/b/c/d",
            "/system/index/rebuild")) {
      Reply superuser = root().get(unserved);
      Reply anonymous = api.anonymous().get(unserved);
      Reply admin = api.withToken(organization.adminToken()).get(unserved);

      assertThat(superuser.status()).as(unserved + " " + superuser.body()).isEqualTo(404);
      assertThat(anonymous.status()).as(unserved + " " + anonymous.body()).isEqualTo(401);
      assertThat(admin.status()).as(unserved + " " + admin.body()).isEqualTo(401);
      assertThat(anonymous.error()).isEqualTo("unauthorized");
    }
  }

  private List<String> query(String ql) {
    return api.get(path("rocks") + "?limit=1000&ql=" + ApiClient.encode(ql)).uuids();
  }

  /**
   * Damages the index behind Meridian's back, as if a document had been lost. The delete keeps the
   * document's own version (a plain delete would bump it): Elasticsearch remembers that version for
   * a minute, and the rebuild must write the same version again regardless.
   */
  private static void dropFromIndex(String uuid) throws Exception {
    HttpResponse<String> document =
        HTTP.send(
            HttpRequest.newBuilder(
                    URI.create(endpoints().elasticsearchUrl() + "/" + INDEX + "/_doc/" + uuid))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    long version = Json.MAPPER.readTree(document.body()).path("_version").asLong();
    assertThat(version).as(document.body()).isPositive();
    send(
        "DELETE",
        "/"
            + INDEX
            + "/_doc/"
            + uuid
            + "?version="
            + version
            + "&version_type=external_gte&refresh=true",
        null);
  }

  private static void send(String method, String path, String json) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(endpoints().elasticsearchUrl() + path))
            .method(
                method,
                json == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(json))
            .header("Content-Type", "application/json");
    HttpResponse<String> response =
        HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isLessThan(300);
  }

  private JsonNode waitForCompletion(String jobId) {
    return Eventually.within(
        Duration.ofSeconds(60),
        () -> {
          Reply reply = root().get("/system/index/rebuild/" + org + "/" + app + "/" + jobId);
          assertThat(reply.status()).isEqualTo(200);
          JsonNode job = reply.json().path("data");
          assertThat(job.path("status").asText()).isEqualTo("completed");
          return job;
        });
  }

  @Test
  void a_rebuild_restores_lost_entries_and_removes_orphans_while_serving() throws Exception {
    Reply created =
        api.post(
            path("rocks"), "[{\"kind\":\"granite\"},{\"kind\":\"granite\"},{\"kind\":\"basalt\"}]");
    List<String> rocks = created.uuids();
    api.post(path("pebbles"), "{\"kind\":\"granite\"}");
    dropFromIndex(rocks.get(0));
    dropFromIndex(rocks.get(2));
    // An entry whose entity Cassandra does not hold, as a crash could leave behind.
    String orphan = Uuids.timeBased().toString();
    send(
        "PUT",
        "/" + INDEX + "/_doc/" + orphan + "?version=5&version_type=external&refresh=true",
        "{\"app_id\":\""
            + api.get(path("rocks")).json().path("application").asText()
            + "\",\"collection\":\"rocks\",\"uuid\":\""
            + orphan
            + "\",\"deleted\":false,\"fields\":[]}");
    assertThat(query("kind = 'granite'")).containsExactly(rocks.get(1));

    Reply start = root().post("/system/index/rebuild/" + org + "/" + app, "");

    assertThat(start.status()).isEqualTo(202);
    JsonNode job = waitForCompletion(start.json().path("data").path("jobId").asText());
    // rocks, pebbles, and the roles every application starts with (guest, default, admin)
    assertThat(job.path("collectionsTotal").asInt()).isEqualTo(3);
    assertThat(job.path("collectionsDone").asInt()).isEqualTo(3);
    assertThat(job.path("entitiesIndexed").asLong()).isEqualTo(4 + 3);
    assertThat(job.path("entriesRemoved").asLong()).isEqualTo(1);
    assertThat(query("kind = 'granite'")).containsExactlyInAnyOrder(rocks.get(0), rocks.get(1));
    assertThat(query("kind = 'basalt'")).containsExactly(rocks.get(2));
    assertThat(
            root()
                .get("/system/index/rebuild/" + org + "/" + app)
                .json()
                .path("data")
                .get(0)
                .path("jobId")
                .asText())
        .isEqualTo(job.path("jobId").asText());
  }

  @Test
  void the_operator_command_starts_a_rebuild_and_reports_its_progress() throws Exception {
    List<String> rocks =
        api.post(path("rocks"), "[{\"kind\":\"slate\"},{\"kind\":\"slate\"}]").uuids();
    dropFromIndex(rocks.get(1));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine command =
        IndexRebuildCommand.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err));

    int exit =
        command.execute(
            "rebuild",
            org + "/" + app,
            "--url",
            api.base(),
            "--token",
            root().token(),
            "--poll",
            "200ms");

    assertThat(exit).as(err.toString()).isZero();
    assertThat(out.toString())
        .contains("started")
        .contains("completed")
        .contains("2/2 collections"); // rocks and roles
    assertThat(query("kind = 'slate'")).containsExactlyInAnyOrderElementsOf(rocks);
  }

  @Test
  void a_rebuild_of_an_unknown_application_or_job_is_404() {
    assertThat(root().post("/system/index/rebuild/" + org + "/nosuchapp", "").status())
        .isEqualTo(404);
    api.post(path("rocks"), "{\"kind\":\"tuff\"}");
    assertThat(
            root()
                .get("/system/index/rebuild/" + org + "/" + app + "/" + UUID.randomUUID())
                .status())
        .isEqualTo(404);
    assertThat(root().get("/system/index/rebuild/" + org + "/" + app + "/not-a-job").status())
        .isEqualTo(404);
  }
}
