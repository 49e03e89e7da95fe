package io.meridian.rest.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.SocketClient;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Fuzzes every client message of the real-time API: each op with each of its fields replaced by
 * values of every JSON type (and odd strings), plus unknown ops and fields. Every message gets an
 * answer that is not an internal error and names no Java class, nothing is created, and the
 * connection stays open throughout.
 */
class RealtimeFuzzIT extends MeridianIT {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Each client op with a valid message and the fields it reads. */
  private static final List<String> VALID =
      List.of(
          "{\"op\":\"auth\",\"id\":\"f\",\"token\":\"x\"}",
          "{\"op\":\"subscribe\",\"id\":\"f\",\"collection\":\"fuzz\",\"ql\":\"select *\","
              + "\"events\":[\"create\"],\"resume\":1}",
          "{\"op\":\"subscribe\",\"id\":\"f\",\"collection\":\"fuzz\",\"fences\":\"zones\","
              + "\"fenceQl\":\"select *\",\"detect\":[\"enter\"]}",
          "{\"op\":\"unsubscribe\",\"id\":\"f\",\"subscription\":\"s-1\"}",
          "{\"op\":\"request\",\"id\":\"f\",\"method\":\"GET\",\"path\":\"/fuzz\","
              + "\"query\":{\"limit\":\"1\"},\"body\":{}}",
          "{\"op\":\"ping\",\"id\":\"f\"}");

  private static JsonNode oddValue(SplittableRandom random) {
    return switch (random.nextInt(14)) {
      case 0 -> NODES.nullNode();
      case 1 -> NODES.booleanNode(random.nextBoolean());
      case 2 -> NODES.numberNode(random.nextLong());
      case 3 -> NODES.numberNode(random.nextDouble() * 1e300);
      case 4 -> NODES.textNode("");
      case 5 -> NODES.textNode("x".repeat(random.nextInt(10_000)));
      case 6 -> NODES.textNode("../../management/orgs");
      case 7 -> NODES.textNode("select * where ((((");
      case 8 -> NODES.textNode("\u0000\uFFFF\uD83D\uDE00 ' \" \\ %2e%2e");
      case 9 -> NODES.arrayNode().add(1).add("a").addNull();
      case 10 -> NODES.objectNode().put("nested", NODES.objectNode().toString());
      case 11 -> NODES.textNode("POST");
      case 12 -> NODES.textNode("//evil/../x?access_token=y");
      default -> NODES.textNode("users");
    };
  }

  @Test
  void everyMutatedMessageIsAnsweredAndChangesNothing() throws Exception {
    SplittableRandom random = new SplittableRandom(19);
    int sent = 0;
    try (SocketClient socket = SocketClient.open(api.base(), org, app, api.token())) {
      for (String valid : VALID) {
        ObjectNode message = (ObjectNode) JSON.readTree(valid);
        List<String> fields = iterable(message);
        for (String field : fields) {
          for (int round = 0; round < 14; round++) {
            ObjectNode mutated = message.deepCopy();
            mutated.set(field, oddValue(random));
            if (field.equals("op") || mutated.path("op").asText().equals("request")) {
              mutated.put("method", "GET"); // a fuzzed request never writes
            }
            socket.send(mutated.toString());
            sent++;
          }
          ObjectNode extra = message.deepCopy();
          extra.set("unexpected" + random.nextInt(100), oddValue(random));
          socket.send(extra.toString());
          sent++;
        }
      }
      ArrayNode junk = NODES.arrayNode();
      for (int i = 0; i < 20; i++) {
        junk.add(oddValue(random));
      }
      for (JsonNode item : junk) {
        socket.send(item.toString());
        sent++;
      }
      socket.send("{\"op\":\"ping\",\"id\":\"last\"}");
      List<JsonNode> answers = socket.drain(Duration.ofSeconds(3));
      assertThat(answers.stream().filter(a -> a.path("id").asText().equals("last")))
          .as("the connection still answers")
          .hasSize(1);
      assertThat(socket.isClosed()).isFalse();
      for (JsonNode answer : answers) {
        String text = answer.toString();
        assertThat(answer.path("error").asText()).isNotEqualTo("internal_error");
        assertThat(answer.path("status").asInt(0)).as(text).isLessThan(500);
        assertThat(text).doesNotContain("Exception").doesNotContain("io.meridian.");
      }
      assertThat(answers.size())
          .as("one answer per message, at least")
          .isGreaterThanOrEqualTo(sent);
    }
    assertThat(api.get(path("fuzz")).json().path("entities")).isEmpty();
  }

  private static List<String> iterable(ObjectNode message) {
    List<String> fields = new java.util.ArrayList<>();
    message.fieldNames().forEachRemaining(fields::add);
    return fields;
  }
}
