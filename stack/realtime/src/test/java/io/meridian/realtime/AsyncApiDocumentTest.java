package io.meridian.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The AsyncAPI document as built, against itself and against the contract (docs/realtime.md). */
class AsyncApiDocumentTest {
  private final JsonNode document = AsyncApiDocument.of("test").tree();

  @Test
  void is_asyncapi_3_whose_references_all_resolve() {
    assertThat(document.path("asyncapi").asText()).isEqualTo("3.0.0");
    assertThat(document.path("channels").path("realtime").path("address").asText())
        .isEqualTo("/{org}/{app}/_realtime");
    assertThat(AsyncApiContract.danglingReferences(document)).isEmpty();
  }

  @Test
  void every_payload_is_a_json_schema() {
    assertThat(document.path("components").path("messages").size()).isEqualTo(17);
    assertThat(AsyncApiContract.payloadsThatAreNotSchemas(document)).isEmpty();
  }

  @Test
  void every_message_is_received_sent_or_a_reply() {
    assertThat(AsyncApiContract.messagesWithoutOperation(document)).isEmpty();
    assertThat(document.path("operations").path("subscribe").path("reply").path("messages"))
        .extracting(reference -> reference.path("$ref").asText())
        .containsExactly(
            "#/channels/realtime/messages/subscribed", "#/channels/realtime/messages/error");
  }

  @Test
  void has_exactly_the_ops_of_the_contract() {
    Set<String> contract =
        AsyncApiContract.contractExamples().stream()
            .map(example -> example.path("op").asText())
            .collect(Collectors.toCollection(TreeSet::new));

    assertThat(contract).contains("subscribe", "event", "snapshot");
    assertThat(AsyncApiContract.ops(document)).isEqualTo(contract);
  }

  @Test
  void describes_every_example_of_the_contract() {
    List<JsonNode> examples = AsyncApiContract.contractExamples();

    assertThat(examples).hasSizeGreaterThan(15);
    assertThat(AsyncApiContract.examplesNotDescribed(document, examples)).isEmpty();
  }

  @Test
  void refuses_messages_the_contract_does_not_allow() throws Exception {
    List<JsonNode> wrong =
        List.of(
            json("{\"op\":\"subscribe\",\"id\":\"c1\"}"),
            json("{\"op\":\"subscribe\",\"collection\":\"t\",\"events\":[\"moved\"]}"),
            json(
                "{\"op\":\"subscribe\",\"collection\":\"t\",\"fences\":\"z\",\"detect\":[\"near\"]}"),
            json("{\"op\":\"ping\",\"id\":\"" + "x".repeat(65) + "\"}"),
            json("{\"op\":\"event\",\"subscription\":\"s\",\"seq\":1,\"event\":\"exit\"}"),
            json(
                "{\"op\":\"event\",\"subscription\":\"s\",\"seq\":1,\"event\":\"device_event\","
                    + "\"device\":\"d\",\"entity\":{},\"payload\":1,\"text\":\"1\"}"),
            json(
                "{\"op\":\"event\",\"subscription\":\"s\",\"seq\":1,\"event\":\"device_event\","
                    + "\"entity\":{},\"payload\":1}"),
            json("{\"op\":\"request\",\"method\":\"PATCH\",\"path\":\"/ads\"}"),
            json("{\"op\":\"teleport\"}"));

    assertThat(AsyncApiContract.examplesNotDescribed(document, wrong)).hasSize(wrong.size());
  }

  @Test
  void lists_the_close_codes_and_limits_of_the_contract() {
    Set<String> codes = new TreeSet<>();
    document
        .path("channels")
        .path("realtime")
        .path("x-close-codes")
        .forEach(code -> codes.add(code.path("code").asText()));
    Set<String> limits = new TreeSet<>();
    document
        .path("channels")
        .path("realtime")
        .path("x-limits")
        .forEach(limit -> limits.add(limit.path("property").asText()));

    assertThat(codes).isEqualTo(new TreeSet<>(AsyncApiContract.contractTable("Close codes")));
    assertThat(codes).contains("4001", "4008");
    assertThat(limits).isEqualTo(new TreeSet<>(AsyncApiContract.contractTable("Limits")));
    assertThat(document.path("channels").path("realtime").path("description").asText())
        .contains("| 4008 |", "`meridian.realtime.rate`");
  }

  @Test
  void its_checks_find_a_payload_that_is_no_schema_and_a_reference_to_nothing() throws Exception {
    JsonNode broken =
        json(
            "{\"asyncapi\":\"3.0.0\",\"components\":{\"messages\":{\"m\":{\"payload\":"
                + "{\"type\":\"strin\",\"required\":\"op\"}}}},"
                + "\"operations\":{\"o\":{\"messages\":[{\"$ref\":\"#/channels/c/messages/m\"}]}}}");

    assertThat(AsyncApiContract.payloadsThatAreNotSchemas(broken)).hasSize(1);
    assertThat(AsyncApiContract.danglingReferences(broken))
        .containsExactly("#/channels/c/messages/m");
  }

  private static JsonNode json(String text) throws Exception {
    return io.meridian.core.common.Json.MAPPER.readTree(text);
  }
}
