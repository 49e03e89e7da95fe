package io.meridian.rest.request;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.MeridianIT;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** A failed request is logged once, by route, with its id, and never with its token or body. */
@ExtendWith(OutputCaptureExtension.class)
class RequestLogIT extends MeridianIT {
  private static final String PASSWORD = "correct-horse-battery-staple-7311";

  @Test
  void a_failed_request_is_logged_with_its_id_and_route_but_not_its_token_or_body(
      CapturedOutput output) {
    String token = api.token();
    Reply reply =
        api.anonymous()
            .send(
                "POST",
                path("dogs") + "?access_token=" + token,
                "{\"name\": true, \"password\": \"" + PASSWORD + "\"}",
                "application/json");
    assertThat(reply.status()).isEqualTo(400);
    String id = reply.header("X-Request-Id");

    assertThat(loggedLines(output, "[" + id + "]"))
        .singleElement()
        .satisfies(
            line ->
                assertThat(line)
                    .contains("WARN")
                    .contains("POST /{org}/{app}/{collection} answered 400"));
    assertThat(output.getAll()).doesNotContain(token).doesNotContain(PASSWORD);
  }

  @Test
  void a_refused_token_in_the_query_is_not_logged(CapturedOutput output) {
    String forged = "forged-secret-token-" + org;
    Reply reply =
        api.anonymous()
            .call("GET", path("dogs") + "?access_token=" + forged, "X-Request-Id", "log-" + org);

    assertThat(reply.status()).isEqualTo(401);
    assertThat(loggedLines(output, "[log-" + org + "]"))
        .singleElement()
        .satisfies(
            line -> assertThat(line).contains("WARN").contains("GET UNMATCHED answered 401"));
    assertThat(output.getAll()).doesNotContain(forged).doesNotContain(org + "/" + app);
  }

  @Test
  void a_refused_method_is_logged_with_the_route_of_the_resource(CapturedOutput output) {
    Reply reply = api.call("DELETE", "/status", "X-Request-Id", "method-" + org);

    assertThat(reply.status()).isEqualTo(405);
    assertThat(loggedLines(output, "[method-" + org + "]"))
        .singleElement()
        .satisfies(line -> assertThat(line).contains("DELETE /status answered 405"));
  }

  @Test
  void a_successful_request_is_not_logged_and_an_unknown_path_is_unmatched(CapturedOutput output) {
    Reply reply = api.get("/status", "X-Request-Id", "quiet-" + org);
    api.get("/no-such-thing", "X-Request-Id", "loud-" + org);

    assertThat(reply.status()).isEqualTo(200);
    assertThat(loggedLines(output, "[loud-" + org + "]"))
        .singleElement()
        .satisfies(line -> assertThat(line).contains("GET UNMATCHED answered 404"));
    assertThat(output.getAll()).doesNotContain("quiet-" + org);
  }

  /**
   * The captured lines containing {@code text}, once there are any: a failed request is logged
   * after its response is sent, so the client may see the response before the line is written.
   */
  private static List<String> loggedLines(CapturedOutput output, String text) {
    return Eventually.within(
        Duration.ofSeconds(5),
        () -> {
          List<String> lines =
              Arrays.stream(output.getAll().split("\\R"))
                  .filter(line -> line.contains(text))
                  .toList();
          assertThat(lines).isNotEmpty();
          return lines;
        });
  }
}
