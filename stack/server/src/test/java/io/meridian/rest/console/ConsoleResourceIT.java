package io.meridian.rest.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.MeridianIT;
import org.junit.jupiter.api.Test;

/**
 * The console's files over HTTP: served from the jar to anyone, under a Content-Security-Policy
 * with no inline script or style and no framing; nothing but the console's own files and its
 * libraries; revalidated by entity tag.
 */
class ConsoleResourceIT extends MeridianIT {

  @Test
  void the_page_and_its_files_are_served_with_the_consoles_security_headers() {
    ApiClient anyone = api.anonymous();
    for (String path :
        new String[] {
          "/console",
          "/console/app.js",
          "/console/views/organization.js",
          "/console/lib/leaflet/leaflet.js",
          "/console/lib/uplot/uPlot.iife.min.js",
          "/console/nothing-here.js"
        }) {
      ApiClient.Reply reply = anyone.get(path);
      String policy = reply.header("Content-Security-Policy");
      assertThat(policy).as(path).contains("script-src 'self'", "frame-ancestors 'none'");
      assertThat(policy).as(path).doesNotContain("unsafe-inline", "unsafe-eval", "http:", "https:");
      assertThat(reply.header("X-Frame-Options")).as(path).isEqualTo("DENY");
      assertThat(reply.header("X-Content-Type-Options")).as(path).isEqualTo("nosniff");
    }
    ApiClient.Reply page = anyone.get("/console");
    assertThat(page.status()).isEqualTo(200);
    assertThat(page.contentType()).startsWith("text/html");
    assertThat(page.body()).contains("/console/app.js").doesNotContain("<script>", "style=\"");
    assertThat(anyone.get("/console/app.js").contentType()).startsWith("text/javascript");
  }

  @Test
  void only_the_consoles_files_are_served_and_unknown_ones_are_a_json_404() {
    ApiClient anyone = api.anonymous();
    for (String path :
        new String[] {
          "/console/nothing-here.js",
          "/console/application.yml",
          "/console/META-INF/MANIFEST.MF",
          "/console/lib/leaflet/package.json",
          "/console/io/meridian/rest/console/app.js"
        }) {
      ApiClient.Reply reply = anyone.get(path);
      assertThat(reply.status()).as(path).isEqualTo(404);
      assertThat(reply.error()).as(path).isEqualTo("not_found");
      assertThat(reply.body()).as(path).doesNotContain("Exception", "io.meridian");
    }
    for (String path :
        new String[] {
          "/console/../application.yml",
          "/console/%2e%2e/application.yml",
          "/console/views/..%2f..%2fapplication.yml"
        }) {
      ApiClient.Reply reply = anyone.get(path);
      assertThat(reply.status()).as(path).isBetween(400, 404);
      assertThat(reply.body()).as(path).doesNotContain("server:", "spring");
    }
  }

  @Test
  void a_file_is_revalidated_by_its_entity_tag() {
    ApiClient anyone = api.anonymous();
    ApiClient.Reply first = anyone.get("/console/app.js");
    String etag = first.header("ETag");
    assertThat(etag).startsWith("\"");
    assertThat(first.header("Cache-Control")).contains("no-cache");
    ApiClient.Reply again = anyone.get("/console/app.js", "If-None-Match", etag);
    assertThat(again.status()).isEqualTo(304);
    assertThat(again.body()).isEmpty();
  }

  @Test
  void no_organization_may_take_the_consoles_name() {
    ApiClient.Reply reply =
        api.anonymous()
            .post(
                "/management/orgs",
                "{\"organization\":\"console\",\"username\":\"c"
                    + app
                    + "\",\"email\":\"c"
                    + app
                    + "@example.com\",\"password\":\"a long passphrase\"}");
    assertThat(reply.status()).isEqualTo(400);
  }
}
