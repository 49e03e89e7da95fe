package io.meridian.rest.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.MeridianIT;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The AsyncAPI document as served, to anyone: valid AsyncAPI 3 as far as its references and schemas
 * go, with exactly the ops of the contract (docs/realtime.md), whose every example it describes.
 */
class AsyncApiDocumentIT extends MeridianIT {
  @Test
  void serves_the_asyncapi_document_of_the_contract_to_anyone() {
    ApiClient.Reply reply = api.anonymous().get("/asyncapi.json");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.header("Content-Type")).startsWith("application/json");
    JsonNode document = reply.json();
    assertThat(document.path("asyncapi").asText()).isEqualTo("3.0.0");
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
  void is_named_in_the_openapi_document() {
    JsonNode paths = api.anonymous().get("/openapi.json").json().path("paths");

    assertThat(paths.path("/asyncapi.json").path("get").path("security").get(0).size()).isZero();
    assertThat(paths.path("/{org}/{app}/_realtime").path("get").path("responses").fieldNames())
        .toIterable()
        .contains("101", "401", "404", "426");
  }
}
