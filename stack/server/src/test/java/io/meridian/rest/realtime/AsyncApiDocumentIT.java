package io.meridian.rest.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.meridian.realtime.AsyncApiContract;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.MeridianIT;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The AsyncAPI document as served, to anyone: valid against the AsyncAPI 3.0.0 JSON Schema (from
 * the {@code @asyncapi/specs} npm package, installed into {@code target/asyncapi-specs} by this
 * test), its references resolved and its payloads JSON Schemas, with exactly the ops of the
 * contract (docs/realtime.md), whose every example it describes.
 */
class AsyncApiDocumentIT extends MeridianIT {
  private static final String SPECS_PACKAGE = "@asyncapi/specs@6.11.1";
  private static final Path SPECS = Path.of("target/asyncapi-specs");
  private static final Path ASYNCAPI_3_SCHEMA =
      SPECS.resolve("package/schemas/3.0.0-without-$id.json");

  @BeforeAll
  static void installTheSpecification() throws IOException, InterruptedException {
    if (Files.isRegularFile(ASYNCAPI_3_SCHEMA)) {
      return;
    }
    Files.createDirectories(SPECS);
    run("npm", "pack", SPECS_PACKAGE, "--silent", "--pack-destination", SPECS.toString());
    try (Stream<Path> files = Files.list(SPECS)) {
      Path archive =
          files
              .filter(file -> file.getFileName().toString().endsWith(".tgz"))
              .findFirst()
              .orElseThrow(() -> new AssertionError("npm pack left no archive in " + SPECS));
      run("tar", "-xzf", archive.toString(), "-C", SPECS.toString());
    }
  }

  @Test
  void serves_the_asyncapi_document_of_the_contract_to_anyone() throws IOException {
    ApiClient.Reply reply = api.anonymous().get("/asyncapi.json");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.header("Content-Type")).startsWith("application/json");
    JsonNode document = reply.json();
    assertThat(document.path("asyncapi").asText()).isEqualTo("3.0.0");
    assertThat(asyncApi3Schema().validate(document))
        .as("errors against the AsyncAPI 3.0.0 schema")
        .isEmpty();
    assertThat(AsyncApiContract.danglingReferences(document)).isEmpty();
    assertThat(AsyncApiContract.payloadsThatAreNotSchemas(document)).isEmpty();
    assertThat(AsyncApiContract.messagesWithoutOperation(document)).isEmpty();
    List<JsonNode> examples = AsyncApiContract.contractExamples();
    Set<String> contractOps = new TreeSet<>();
    examples.forEach(example -> contractOps.add(example.path("op").asText()));
    assertThat(AsyncApiContract.ops(document)).isEqualTo(contractOps);
    assertThat(AsyncApiContract.examplesNotDescribed(document, examples)).isEmpty();
  }

  @Test
  void the_asyncapi_schema_refuses_a_broken_document() throws IOException {
    JsonNode document = api.anonymous().get("/asyncapi.json").json();
    ((ObjectNode) document.path("operations").path("ping")).put("action", "answer");

    assertThat(asyncApi3Schema().validate(document)).isNotEmpty();
  }

  @Test
  void is_named_in_the_openapi_document() {
    JsonNode paths = api.anonymous().get("/openapi.json").json().path("paths");

    assertThat(paths.path("/asyncapi.json").path("get").path("security").get(0).size()).isZero();
    assertThat(paths.path("/{org}/{app}/_realtime").path("get").path("responses").fieldNames())
        .toIterable()
        .contains("101", "401", "404", "426");
  }

  /** The published schema, read without Meridian's nesting limit (it is deeper than 32). */
  private static Schema asyncApi3Schema() throws IOException {
    return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7)
        .getSchema(new ObjectMapper().readTree(ASYNCAPI_3_SCHEMA.toFile()));
  }

  private static void run(String... command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(300, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new AssertionError(String.join(" ", command) + " failed:\n" + output);
    }
  }
}
