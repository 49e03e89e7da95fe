package io.meridian.rest.asset;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.Json;
import io.meridian.rest.asset.Transfers.Answer;
import io.meridian.rest.asset.Transfers.Part;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Files on entities, through the API as Usergrid clients use it. */
class AssetsIT extends MeridianIT {
  private static final byte[] PNG = PatternStream.bytes(0, 3000, 1);
  private static final long LIMIT = 16L * 1024 * 1024;
  private static final int CHUNK = 256 * 1024;

  @Autowired private CqlSession session;
  private Transfers transfers;

  @BeforeEach
  void transfers() {
    transfers = new Transfers(api.base(), api.token());
  }

  @Test
  void a_multipart_post_to_a_collection_creates_an_entity_holding_the_file() {
    Answer created =
        transfers.form(
            "POST",
            path("pictures"),
            true,
            Part.text("name", "clouds"),
            Part.file("file", "image/png", PNG));
    assertThat(created.status()).as(created.text()).isEqualTo(200);
    JsonNode entity = Json.parseStoredObject(created.text()).path("entities").path(0);
    assertThat(entity.path("name").asText()).isEqualTo("clouds");
    JsonNode metadata = entity.path("file-metadata");
    assertThat(metadata.path("content-type").asText()).isEqualTo("image/png");
    assertThat(metadata.path("content-length").asLong()).isEqualTo(PNG.length);
    assertThat(metadata.path("checksum").asText()).isEqualTo(Transfers.md5(PNG));
    assertThat(metadata.path("etag").asText()).isEqualTo("\"" + Transfers.md5(PNG) + "\"");
    assertThat(metadata.path("last-modified").asLong()).isPositive();

    Answer file = transfers.get(path("pictures/clouds"), "Accept", "image/png");
    assertThat(file.status()).isEqualTo(200);
    assertThat(file.body()).isEqualTo(PNG);
    assertThat(file.header("Content-Type")).isEqualTo("image/png");
    assertThat(file.header("ETag")).isEqualTo(metadata.path("etag").asText());
    assertThat(file.header("Accept-Ranges")).isEqualTo("bytes");
    assertThat(file.header("X-Content-Type-Options")).isEqualTo("nosniff");
    assertThat(file.header("Content-Disposition")).isEqualTo("inline");

    Reply json = api.get(path("pictures/clouds"));
    assertThat(json.contentType()).startsWith("application/json");
    assertThat(json.entity().path("file-metadata")).isEqualTo(metadata);
  }

  @Test
  void a_raw_put_gives_an_existing_entity_a_file_of_the_bodys_type() {
    String uuid = api.post(path("pages"), "{\"name\":\"home\"}").uuids().get(0);
    byte[] html = "<html><script>alert(1)</script></html>".getBytes(StandardCharsets.UTF_8);

    Answer put = transfers.raw("PUT", path("pages/" + uuid), "text/html", html);
    assertThat(put.status()).as(put.text()).isEqualTo(200);

    Answer file = transfers.get(path("pages/home"), "Accept", "text/html");
    assertThat(file.body()).isEqualTo(html);
    assertThat(file.header("Content-Type")).startsWith("text/html");
    // Never rendered on the API's origin: saved, not sniffed, and no script may run.
    assertThat(file.header("Content-Disposition")).isEqualTo("attachment");
    assertThat(file.header("X-Content-Type-Options")).isEqualTo("nosniff");
    assertThat(file.header("Content-Security-Policy")).contains("default-src 'none'");
    assertThat(
            api.get(path("pages/home"))
                .entity()
                .path("file-metadata")
                .path("content-type")
                .asText())
        .isEqualTo("text/html");
  }

  @Test
  void a_multipart_put_to_an_entity_replaces_its_file_and_sets_the_other_parts_as_properties() {
    api.post(path("pictures"), "{\"name\":\"sky\"}");
    byte[] second = PatternStream.bytes(0, 5000, 2);
    transfers.form("PUT", path("pictures/sky"), true, Part.file("file", "image/png", PNG));

    Answer replaced =
        transfers.form(
            "PUT",
            path("pictures/sky"),
            false,
            Part.file("file", "image/jpeg", second),
            Part.text("caption", "blue"));

    assertThat(replaced.status()).as(replaced.text()).isEqualTo(200);
    JsonNode entity = api.get(path("pictures/sky")).entity();
    assertThat(entity.path("caption").asText()).isEqualTo("blue");
    assertThat(entity.path("file-metadata").path("checksum").asText())
        .isEqualTo(Transfers.md5(second));
    Answer file = transfers.get(path("pictures/sky"), "Accept", "image/jpeg");
    assertThat(file.body()).isEqualTo(second);
    assertThat(file.header("Content-Type")).isEqualTo("image/jpeg");
  }

  @Test
  void a_json_body_cannot_set_or_remove_file_metadata() {
    api.post(path("pictures"), "{\"name\":\"kept\"}");
    transfers.raw("PUT", path("pictures/kept"), "image/png", PNG);
    JsonNode before = api.get(path("pictures/kept")).entity().path("file-metadata");

    api.put(path("pictures/kept"), "{\"file-metadata\":{\"content-length\":1},\"color\":\"red\"}");
    api.put(path("pictures/kept"), "{\"file-metadata\":null}");

    JsonNode after = api.get(path("pictures/kept")).entity();
    assertThat(after.path("color").asText()).isEqualTo("red");
    assertThat(after.path("file-metadata")).isEqualTo(before);
    assertThat(
            api.post(path("pictures"), "{\"name\":\"forged\",\"file-metadata\":{\"etag\":\"x\"}}")
                .entity()
                .has("file-metadata"))
        .isFalse();
  }

  @Test
  void ranges_are_served_from_the_chunks_they_fall_in() {
    long size = 3L * CHUNK + 1000;
    String uuid = api.post(path("videos"), "{\"name\":\"clip\"}").uuids().get(0);
    Answer put =
        transfers.raw(
            "PUT", path("videos/clip"), "video/mp4", () -> new PatternStream(size, 3), true);
    assertThat(put.status()).as(put.text()).isEqualTo(200);

    Answer middle =
        transfers.get(path("videos/" + uuid), "Accept", "video/mp4", "Range", "bytes=10-19");
    assertThat(middle.status()).isEqualTo(206);
    assertThat(middle.body()).isEqualTo(PatternStream.bytes(10, 10, 3));
    assertThat(middle.header("Content-Range")).isEqualTo("bytes 10-19/" + size);
    assertThat(middle.header("Content-Length")).isEqualTo("10");

    long across = CHUNK - 100;
    Answer spanning =
        transfers.get(
            path("videos/clip"),
            "Accept",
            "video/*",
            "Range",
            "bytes=" + across + "-" + (across + 2 * CHUNK));
    assertThat(spanning.status()).isEqualTo(206);
    assertThat(spanning.body()).isEqualTo(PatternStream.bytes(across, 2 * CHUNK + 1, 3));

    Answer suffix = transfers.get(path("videos/clip"), "Accept", "video/mp4", "Range", "bytes=-7");
    assertThat(suffix.body()).isEqualTo(PatternStream.bytes(size - 7, 7, 3));
    Answer open =
        transfers.get(
            path("videos/clip"), "Accept", "video/mp4", "Range", "bytes=" + (size - 3) + "-");
    assertThat(open.body()).isEqualTo(PatternStream.bytes(size - 3, 3, 3));
    Answer clamped =
        transfers.get(
            path("videos/clip"),
            "Accept",
            "video/mp4",
            "Range",
            "bytes=" + (size - 2) + "-" + (size + 50));
    assertThat(clamped.header("Content-Range"))
        .isEqualTo("bytes " + (size - 2) + "-" + (size - 1) + "/" + size);
  }

  @Test
  void a_range_that_cannot_be_served_is_416_with_a_json_error() {
    api.post(path("videos"), "{\"name\":\"short\"}");
    transfers.raw("PUT", path("videos/short"), "video/mp4", PNG);
    for (String range :
        new String[] {
          "bytes=abc",
          "bytes=5-1",
          "bytes=" + PNG.length + "-",
          "bytes=0-1,5-6",
          "lines=1-2",
          "bytes=-0",
          "bytes=99999999999999999999-"
        }) {
      Answer refused = transfers.get(path("videos/short"), "Accept", "video/mp4", "Range", range);
      assertThat(refused.status()).as(range).isEqualTo(416);
      assertThat(refused.header("Content-Type")).startsWith("application/json");
      JsonNode error = Json.parseStoredObject(refused.text());
      assertThat(error.path("error").asText()).isEqualTo("requested_range_not_satisfiable");
      assertThat(error.path("error_description").asText()).isNotBlank();
    }
  }

  @Test
  void an_unchanged_file_is_304_for_its_entity_tag_and_its_date() {
    api.post(path("pictures"), "{\"name\":\"cached\"}");
    transfers.raw("PUT", path("pictures/cached"), "image/png", PNG);
    Answer first = transfers.get(path("pictures/cached"), "Accept", "image/png");
    String etag = first.header("ETag");
    assertThat(first.header("Cache-Control")).isEqualTo("private, no-cache");
    assertThat(first.header("Last-Modified")).endsWith("GMT");

    Answer again =
        transfers.get(path("pictures/cached"), "Accept", "image/png", "If-None-Match", etag);
    assertThat(again.status()).isEqualTo(304);
    assertThat(again.body()).isEmpty();
    assertThat(again.header("ETag")).isEqualTo(etag);

    Answer other =
        transfers.get(path("pictures/cached"), "Accept", "image/png", "If-None-Match", "\"other\"");
    assertThat(other.status()).isEqualTo(200);
    Answer dated =
        transfers.get(
            path("pictures/cached"),
            "Accept",
            "image/png",
            "If-Modified-Since",
            first.header("Last-Modified"));
    assertThat(dated.status()).isEqualTo(304);

    transfers.raw("PUT", path("pictures/cached"), "image/png", PatternStream.bytes(0, 100, 9));
    assertThat(
            transfers
                .get(path("pictures/cached"), "Accept", "image/png", "If-None-Match", etag)
                .status())
        .isEqualTo(200);
  }

  @Test
  void a_file_over_the_limit_is_413_and_creates_or_changes_nothing() {
    // Declared too large: refused before a byte is read.
    api.post(path("pictures"), "{\"name\":\"small\"}");
    transfers.raw("PUT", path("pictures/small"), "image/png", PNG);
    JsonNode before = api.get(path("pictures/small")).entity();

    Answer declared =
        transfers.raw(
            "PUT",
            path("pictures/small"),
            "image/png",
            () -> new PatternStream(LIMIT + 1, 4),
            true);
    assertError(declared, 413, "request_entity_too_large");

    // Chunked, no length: counted as it streams, refused when it passes the limit.
    Answer streamed =
        transfers.raw(
            "PUT",
            path("pictures/small"),
            "image/png",
            () -> new PatternStream(LIMIT + 1, 4),
            false);
    assertError(streamed, 413, "request_entity_too_large");

    // A multipart create over the limit creates no entity.
    Answer form =
        transfers.form(
            "POST",
            path("pictures"),
            false,
            Part.text("name", "huge"),
            Part.file("file", "image/png", LIMIT + 1, 5));
    assertError(form, 413, "request_entity_too_large");

    assertThat(api.get(path("pictures/huge")).status()).isEqualTo(404);
    assertThat(api.get(path("pictures/small")).entity()).isEqualTo(before);
    assertThat(transfers.get(path("pictures/small"), "Accept", "image/png").body()).isEqualTo(PNG);
  }

  @Test
  void bad_uploads_get_a_clear_4xx_and_change_nothing() {
    api.post(path("pictures"), "{\"name\":\"steady\"}");
    transfers.raw("PUT", path("pictures/steady"), "image/png", PNG);
    JsonNode before = api.get(path("pictures/steady")).entity();

    assertError(
        transfers.form("POST", path("pictures"), true, Part.text("name", "nofile")),
        400,
        "bad_request");
    assertError(
        transfers.form("PUT", path("pictures/steady"), true, Part.text("color", "red")),
        400,
        "bad_request");
    assertError(
        transfers.form(
            "PUT",
            path("pictures/steady"),
            true,
            Part.file("file", "image/png", PNG),
            Part.file("file", "image/png", PNG)),
        400,
        "bad_request");
    assertError(
        transfers.raw(
            "PUT",
            path("pictures/steady"),
            "multipart/form-data",
            "--x--".getBytes(StandardCharsets.UTF_8)),
        400,
        "bad_request");
    assertError(
        transfers.raw("PUT", path("pictures/steady"), "application/x-www-form-urlencoded", PNG),
        415,
        "unsupported_media_type");
    assertError(
        transfers.raw(
            "POST",
            path("pictures/steady"),
            "application/json",
            "{}".getBytes(StandardCharsets.UTF_8)),
        415,
        "unsupported_media_type");
    // Without a Content-Type a body is never taken for a file: it is read as JSON, as Usergrid
    // did, and refused as such (a JSON POST onto an entity is 415, a PUT of bytes is no JSON).
    assertError(
        transfers.raw("POST", path("pictures/steady"), null, PNG), 415, "unsupported_media_type");
    assertError(transfers.raw("PUT", path("pictures/steady"), null, PNG), 400, "json_parse");
    assertError(
        transfers.raw("PUT", path("pictures/steady"), "image/png", new byte[0]),
        400,
        "bad_request");
    assertError(
        transfers.raw("PUT", path("pictures/missing-one"), "image/png", PNG),
        404,
        "entity_not_found");
    assertError(
        transfers.raw("PUT", path("pictures/" + UUID.randomUUID()), "image/png", PNG),
        404,
        "entity_not_found");
    assertError(
        transfers.form("POST", path("users"), true, Part.file("file", "image/png", PNG)),
        400,
        "illegal_argument");

    assertThat(api.get(path("pictures/steady")).entity()).isEqualTo(before);
    assertThat(api.get(path("pictures/nofile")).status()).isEqualTo(404);
    assertThat(api.get(path("pictures/missing-one")).status()).isEqualTo(404);
  }

  @Test
  void an_entity_without_a_file_downloads_as_404() {
    api.post(path("pictures"), "{\"name\":\"bare\"}");
    Answer none = transfers.get(path("pictures/bare"), "Accept", "image/png");
    assertError(none, 404, "not_found");
    assertError(
        transfers.get(path("pictures/nobody"), "Accept", "image/png"), 404, "entity_not_found");
  }

  @Test
  void deleting_the_entity_deletes_its_file() {
    String uuid = api.post(path("pictures"), "{\"name\":\"gone\"}").uuids().get(0);
    transfers.raw(
        "PUT",
        path("pictures/gone"),
        "image/png",
        () -> new PatternStream(CHUNK * 2L + 5, 6),
        true);
    Row pointer = pointer(uuid);
    UUID version = pointer.getUuid("version");
    assertThat(chunksOf(version, 3)).isEqualTo(3);

    assertThat(api.delete(path("pictures/gone")).status()).isEqualTo(200);

    assertThat(pointer(uuid)).isNull();
    assertThat(chunksOf(version, 3)).isZero();
  }

  @Test
  void a_download_under_way_finishes_with_the_old_file_when_it_is_replaced() throws IOException {
    long size = 4L * CHUNK;
    String uuid = api.post(path("videos"), "{\"name\":\"swap\"}").uuids().get(0);
    transfers.raw("PUT", path("videos/swap"), "video/mp4", () -> new PatternStream(size, 7), true);
    UUID oldVersion = pointer(uuid).getUuid("version");

    HttpResponse<InputStream> reading = transfers.open(path("videos/swap"), "Accept", "video/mp4");
    InputStream body = reading.body();
    byte[] start = body.readNBytes(1000);
    Answer replaced =
        transfers.raw(
            "PUT", path("videos/swap"), "video/mp4", () -> new PatternStream(size, 8), true);
    assertThat(replaced.status()).isEqualTo(200);
    byte[] rest = body.readAllBytes();

    byte[] whole = new byte[start.length + rest.length];
    System.arraycopy(start, 0, whole, 0, start.length);
    System.arraycopy(rest, 0, whole, start.length, rest.length);
    assertThat(whole.length).isEqualTo(size);
    assertThat(Arrays.equals(whole, PatternStream.bytes(0, (int) size, 7))).isTrue();
    assertThat(transfers.get(path("videos/swap"), "Accept", "video/mp4").body())
        .isEqualTo(PatternStream.bytes(0, (int) size, 8));
    // The replaced file's chunks go once the grace has passed.
    Eventually.within(Duration.ofSeconds(20), () -> assertThat(chunksOf(oldVersion, 4)).isZero());
  }

  @Test
  void concurrent_uploads_to_one_entity_leave_one_whole_file() throws Exception {
    api.post(path("videos"), "{\"name\":\"contested\"}");
    int uploads = 4;
    long size = 2L * CHUNK + 123;
    var pool = java.util.concurrent.Executors.newFixedThreadPool(uploads);
    try {
      var answers = new ArrayList<java.util.concurrent.Future<Answer>>();
      for (int seed = 0; seed < uploads; seed++) {
        int s = 100 + seed;
        answers.add(
            pool.submit(
                () ->
                    transfers.raw(
                        "PUT",
                        path("videos/contested"),
                        "video/mp4",
                        () -> new PatternStream(size, s),
                        true)));
      }
      for (var answer : answers) {
        assertThat(answer.get().status()).isIn(200, 429);
      }
    } finally {
      pool.shutdown();
    }
    Answer file = transfers.get(path("videos/contested"), "Accept", "video/mp4");
    String checksum = Transfers.md5(file.body());
    assertThat(file.header("ETag")).isEqualTo("\"" + checksum + "\"");
    boolean oneOfThem = false;
    for (int seed = 0; seed < uploads; seed++) {
      oneOfThem |= checksum.equals(Transfers.md5(new PatternStream(size, 100 + seed)));
    }
    assertThat(oneOfThem).as("the file is one of the uploads, whole").isTrue();
  }

  @Test
  void a_file_many_times_what_a_request_holds_streams_both_ways() {
    // An upload holds at most three chunks (768 KB) in memory; this file is 15 MB, sent chunked.
    long size = 15L * 1024 * 1024;
    assertThat(size).isGreaterThanOrEqualTo(10L * 3 * CHUNK);
    api.post(path("videos"), "{\"name\":\"long\"}");
    Answer put =
        transfers.raw(
            "PUT", path("videos/long"), "video/mp4", () -> new PatternStream(size, 11), false);
    assertThat(put.status()).as(put.text()).isEqualTo(200);
    String expected = Transfers.md5(new PatternStream(size, 11));
    assertThat(
            api.get(path("videos/long")).entity().path("file-metadata").path("checksum").asText())
        .isEqualTo(expected);

    HttpResponse<InputStream> download = transfers.open(path("videos/long"), "Accept", "video/mp4");
    assertThat(download.headers().firstValue("Content-Length")).hasValue(Long.toString(size));
    assertThat(Transfers.md5(download.body())).isEqualTo(expected);
  }

  @Test
  void uploads_and_downloads_need_the_permissions_of_the_entity() {
    AppAccess access = new AppAccess(api, org, app);
    api.post(path("pictures"), "{\"name\":\"guarded\"}");
    transfers.raw("PUT", path("pictures/guarded"), "image/png", PNG);
    access.user("viewer");
    access.restrictDefaultRole("get:/pictures/*");
    Transfers asViewer = new Transfers(api.base(), access.signIn("viewer").token());
    Transfers anonymous = new Transfers(api.base(), null);

    AppAccess.awaitStatus(200, () -> access.signIn("viewer").get(path("pictures/guarded")));
    assertThat(asViewer.get(path("pictures/guarded"), "Accept", "image/png").body()).isEqualTo(PNG);
    assertThat(
            asViewer
                .raw("PUT", path("pictures/guarded"), "image/png", PatternStream.bytes(0, 10, 12))
                .status())
        .isEqualTo(403);
    assertThat(
            asViewer
                .form("POST", path("pictures"), true, Part.file("file", "image/png", PNG))
                .status())
        .isEqualTo(403);
    int guestRead = api.anonymous().get(path("pictures/guarded")).status();
    assertThat(anonymous.get(path("pictures/guarded"), "Accept", "image/png").status())
        .isEqualTo(guestRead);
    assertThat(anonymous.raw("PUT", path("pictures/guarded"), "image/png", PNG).status())
        .isIn(401, 403);
    assertThat(transfers.get(path("pictures/guarded"), "Accept", "image/png").body())
        .isEqualTo(PNG);
  }

  @Test
  void another_tenant_can_neither_download_nor_replace_a_file() {
    api.post(path("pictures"), "{\"name\":\"private\"}");
    transfers.raw("PUT", path("pictures/private"), "image/png", PNG);
    Identities.Organization other =
        Identities.organization(api, "other" + UUID.randomUUID().toString().substring(0, 8));
    Identities.application(api, other, "otherapp");
    Transfers stranger = new Transfers(api.base(), other.adminToken());

    Answer read = stranger.get(path("pictures/private"), "Accept", "image/png");
    Answer write =
        stranger.raw("PUT", path("pictures/private"), "image/png", PatternStream.bytes(0, 9, 13));
    Answer form =
        stranger.form("POST", path("pictures"), true, Part.file("file", "image/png", PNG));

    assertThat(read.status()).isIn(401, 403, 404);
    assertThat(read.text()).doesNotContain(new String(PNG, StandardCharsets.ISO_8859_1));
    assertThat(write.status()).isIn(401, 403, 404);
    assertThat(form.status()).isIn(401, 403, 404);
    assertThat(transfers.get(path("pictures/private"), "Accept", "image/png").body())
        .isEqualTo(PNG);
  }

  @Test
  void a_user_uploads_its_own_picture_but_no_identity_property_through_a_form() {
    AppAccess access = new AppAccess(api, org, app);
    access.user("ann");
    Transfers ann = new Transfers(api.base(), access.signIn("ann").token());

    Answer avatar = ann.raw("PUT", path("users/me"), "image/jpeg", PNG);
    assertThat(avatar.status()).as(avatar.text()).isEqualTo(200);
    assertThat(ann.get(path("users/me"), "Accept", "image/jpeg").body()).isEqualTo(PNG);

    Answer sneaky =
        ann.form(
            "PUT",
            path("users/me"),
            true,
            Part.text("password", "a new password nobody hashed"),
            Part.file("file", "image/jpeg", PNG));
    assertError(sneaky, 400, "illegal_argument");
    assertThat(api.get(path("users/ann")).entity().has("password")).isFalse();
    // The password is still the one she signed up with.
    assertThat(access.signIn("ann").get(path("users/me")).status()).isEqualTo(200);
  }

  private static void assertError(Answer answer, int status, String code) {
    assertThat(answer.status()).as(answer.text()).isEqualTo(status);
    JsonNode error = Json.parseStoredObject(answer.text());
    assertThat(error.path("error").asText()).as(answer.text()).isEqualTo(code);
    assertThat(error.path("error_description").asText()).isNotBlank();
    assertThat(answer.text()).doesNotContain("Exception").doesNotContain("io.meridian");
  }

  private Row pointer(String entity) {
    return session
        .execute(
            "SELECT version FROM assets WHERE app_id = ? AND entity = ?",
            UUID.fromString(api.post(path("things"), "{}").json().path("application").asText()),
            UUID.fromString(entity))
        .one();
  }

  private long chunksOf(UUID version, int count) {
    long found = 0;
    for (int index = 0; index < count; index++) {
      if (session
              .execute(
                  "SELECT chunk FROM asset_chunks WHERE version = ? AND chunk = ?", version, index)
              .one()
          != null) {
        found++;
      }
    }
    return found;
  }

  /** Usergrid answers a JPEG sent as octet-stream (or untyped in a form) as image/jpeg. */
  @Test
  void a_file_of_unknown_type_is_stored_with_the_type_its_bytes_show() {
    byte[] jpeg = new byte[600];
    jpeg[0] = (byte) 0xFF;
    jpeg[1] = (byte) 0xD8;
    jpeg[2] = (byte) 0xFF;
    jpeg[3] = (byte) 0xE0;
    api.post(path("photos"), "{\"name\":\"raw\"}");

    Answer raw = transfers.raw("PUT", path("photos/raw"), "application/octet-stream", jpeg);
    Answer form =
        transfers.form(
            "POST",
            path("photos"),
            true,
            Part.text("name", "formed"),
            Part.file("file", "application/octet-stream", jpeg));
    Answer typed =
        transfers.form(
            "POST",
            path("photos"),
            true,
            Part.text("name", "typed"),
            Part.file("file", "image/png", PNG));

    assertThat(raw.status()).as(raw.text()).isEqualTo(200);
    assertThat(form.status()).as(form.text()).isEqualTo(200);
    assertThat(typed.status()).as(typed.text()).isEqualTo(200);
    for (String name : List.of("raw", "formed")) {
      assertThat(
              api.get(path("photos/" + name)).entity().at("/file-metadata/content-type").asText())
          .as(name)
          .isEqualTo("image/jpeg");
      Answer file = transfers.get(path("photos/" + name), "Accept", "image/jpeg");
      assertThat(file.header("Content-Type")).isEqualTo("image/jpeg");
      assertThat(file.body()).isEqualTo(jpeg);
    }
    assertThat(api.get(path("photos/typed")).entity().at("/file-metadata/content-type").asText())
        .isEqualTo("image/png");
  }
}
