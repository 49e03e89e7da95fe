package io.meridian.rest.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.MeridianIT;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Asset uploads that lie about their type, or tell the truth about an active one: a page of script
 * sent as {@code image/png} or {@code text/plain}, an SVG or XHTML page with script, HTML in any
 * spelling. The API and the console share an origin, so a file a browser rendered as a document
 * there would run with an admin's token in reach. Every file comes back, to a browser's own
 * navigation, with its stored type and {@code nosniff} (no browser reads it as another type), the
 * API's {@code default-src 'none'} policy (nothing in it may run), and as an attachment unless its
 * type is one browsers only display.
 */
class LyingUploadsIT extends MeridianIT {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String NAVIGATION =
      "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
  private static final String PAGE =
      "<!doctype html><html><body><script>document.title='pwned'</script>"
          + "<img src=x onerror=\"document.title='pwned'\"></body></html>";
  private static final String SVG =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"document.title='pwned'\">"
          + "<script>document.title='pwned'</script></svg>";

  /** Declared type, served disposition: shown only when browsers merely display the type. */
  private static final Map<String, String> DECLARED =
      Map.of(
          "image/png", "inline",
          "text/plain", "inline",
          "text/html", "attachment",
          "Text/HTML; charset=utf-8", "attachment",
          "application/xhtml+xml", "attachment",
          "image/svg+xml", "attachment",
          "text/xml", "attachment",
          "application/octet-stream", "attachment");

  @Test
  void a_file_is_served_as_its_declared_type_never_sniffed_never_run_and_active_types_saved() {
    int i = 0;
    for (Map.Entry<String, String> declared : DECLARED.entrySet()) {
      String name = "file" + i++;
      String type = declared.getKey();
      byte[] bytes = (type.contains("svg") ? SVG : PAGE).getBytes(StandardCharsets.UTF_8);
      assertThat(api.post(path("uploads"), "{\"name\":\"" + name + "\"}").status()).isEqualTo(200);
      HttpResponse<String> put =
          send(
              request(path("uploads/" + name))
                  .header("Content-Type", type)
                  .PUT(HttpRequest.BodyPublishers.ofByteArray(bytes)));
      assertThat(put.statusCode()).as(type + ": " + put.body()).isEqualTo(200);

      HttpResponse<String> served =
          send(request(path("uploads/" + name)).header("Accept", NAVIGATION).GET());

      assertThat(served.statusCode()).as(type).isEqualTo(200);
      assertThat(served.body()).as(type).isEqualTo(new String(bytes, StandardCharsets.UTF_8));
      String contentType = served.headers().firstValue("Content-Type").orElse("");
      assertThat(bare(contentType)).as(type).isEqualTo(bare(type));
      assertThat(served.headers().firstValue("X-Content-Type-Options"))
          .as(type)
          .hasValue("nosniff");
      assertThat(served.headers().firstValue("Content-Security-Policy").orElse(""))
          .as(type)
          .contains("default-src 'none'")
          .doesNotContain("script-src", "unsafe-inline");
      assertThat(served.headers().firstValue("Content-Disposition"))
          .as(type)
          .hasValue(declared.getValue());
    }
  }

  private static String bare(String type) {
    return type.split(";")[0].trim().toLowerCase(Locale.ROOT);
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(URI.create(api.base() + path))
        .header("Authorization", "Bearer " + api.token());
  }

  private static HttpResponse<String> send(HttpRequest.Builder request) {
    try {
      return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new AssertionError(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
