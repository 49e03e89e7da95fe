package io.meridian.rest.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.api.JerseyConfig;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.MeridianIT;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.glassfish.jersey.server.model.Resource;
import org.glassfish.jersey.server.model.ResourceMethod;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The OpenAPI document against what the running server serves: every route Jersey serves is in the
 * document, and every operation the document names reaches a resource method (it is neither
 * Jersey's "no resource" 404 nor a 405).
 */
class ApiDocumentIT extends MeridianIT {
  private static final Pattern PARAMETER =
      Pattern.compile("\\{\\s*(\\w+)\\s*(?::\\s*((?:[^{}]|\\{[^{}]*})+))?}");

  @Autowired private JerseyConfig jersey;

  @Test
  void serves_the_document_to_anyone_as_json_and_yaml() {
    ApiClient.Reply json = api.anonymous().get("/openapi.json");
    ApiClient.Reply yaml = api.anonymous().get("/openapi.yaml");

    assertThat(json.status()).isEqualTo(200);
    assertThat(json.json().path("openapi").asText()).startsWith("3.");
    assertThat(json.json().path("paths").size()).isGreaterThan(40);
    assertThat(yaml.status()).isEqualTo(200);
    assertThat(yaml.body()).startsWith("openapi: 3.");
  }

  @Test
  void serves_the_reference_page_and_its_files_from_the_jar() {
    ApiClient anonymous = api.anonymous();

    assertThat(anonymous.get("/docs").body()).contains("/docs/swagger-ui-bundle.js");
    assertThat(anonymous.get("/docs/swagger-ui-bundle.js").status()).isEqualTo(200);
    assertThat(anonymous.get("/docs/docs.js").body()).contains("/openapi.json");
    ApiClient.Reply missing = anonymous.get("/docs/application.yml");
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.error()).isEqualTo("not_found");
  }

  @Test
  void documents_every_route_jersey_serves() {
    JsonNode paths = api.anonymous().get("/openapi.json").json().path("paths");
    List<String> missing = new ArrayList<>();
    List<Class<?>> served = new ArrayList<>(jersey.getClasses());
    jersey.getInstances().forEach(instance -> served.add(instance.getClass()));
    for (Class<?> type : served) {
      if (!type.isAnnotationPresent(jakarta.ws.rs.Path.class)) {
        continue;
      }
      Resource resource = Resource.from(type);
      for (ResourceMethod method : resource.getResourceMethods()) {
        check(paths, resource.getPath(), method, missing);
      }
      for (Resource child : resource.getChildResources()) {
        for (ResourceMethod method : child.getResourceMethods()) {
          check(paths, resource.getPath() + "/" + child.getPath(), method, missing);
        }
      }
    }
    assertThat(missing).as("routes Jersey serves that the document lacks").isEmpty();
  }

  @Test
  void every_documented_operation_reaches_a_resource_method() {
    JsonNode paths = api.anonymous().get("/openapi.json").json().path("paths");
    ApiClient admin = api.withToken(organization.adminToken());
    List<String> unserved = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = paths.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> path = it.next();
      String concrete = sample(path.getKey());
      for (Iterator<String> methods = path.getValue().fieldNames(); methods.hasNext(); ) {
        String method = methods.next().toUpperCase(Locale.ROOT);
        ApiClient.Reply reply =
            method.equals("GET") || method.equals("DELETE")
                ? admin.call(method, concrete)
                : admin.send(method, concrete, "{}", "application/json");
        boolean noResource =
            reply.status() == 404
                && (reply.body().contains("\"not_found\"")
                    || reply.body().contains("\"service_resource_not_found\""))
                && reply.body().contains("No resource at");
        // Jersey's own 405 (no method for the verb), not a resource method's refusal of the
        // request (a collection DELETE without a query).
        boolean noMethod = reply.status() == 405 && reply.body().contains(" is not supported on ");
        if (noMethod || noResource) {
          unserved.add(method + " " + path.getKey() + " -> " + reply.status());
        }
      }
    }
    assertThat(unserved).as("documented operations the server does not serve").isEmpty();
  }

  private void check(JsonNode paths, String template, ResourceMethod method, List<String> missing) {
    Pattern served = Pattern.compile(regex(template));
    String httpMethod = method.getHttpMethod().toLowerCase(Locale.ROOT);
    for (Iterator<Map.Entry<String, JsonNode>> it = paths.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> path = it.next();
      if (path.getValue().has(httpMethod) && served.matcher(sample(path.getKey())).matches()) {
        return;
      }
    }
    missing.add(method.getHttpMethod() + " " + template);
  }

  /** A JAX-RS template as a regular expression over concrete paths. */
  private static String regex(String template) {
    StringBuilder regex = new StringBuilder();
    Matcher matcher = PARAMETER.matcher(template.replaceAll("/+", "/"));
    int last = 0;
    String normalized = template.replaceAll("/+", "/");
    while (matcher.find()) {
      regex.append(Pattern.quote(normalized.substring(last, matcher.start())));
      regex.append(matcher.group(2) == null ? "[^/]+" : "(?:" + matcher.group(2) + ")");
      last = matcher.end();
    }
    regex.append(Pattern.quote(normalized.substring(last)));
    String result = regex.toString();
    return (result.startsWith("\\Q/") ? result : "/?" + result) + "/?";
  }

  /** The path with this test's organization and application and a value for each parameter. */
  private String sample(String path) {
    return path.replace("{org}", org)
        .replace("{app}", app)
        .replace("{asset}", "docs.js")
        .replaceAll("\\{[^}]+}", "nope1");
  }
}
