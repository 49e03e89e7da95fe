package io.meridian.realtime;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import io.meridian.realtime.RealtimeMessages.From;
import io.meridian.realtime.RealtimeMessages.Message;
import java.util.List;

/** The JSON Schema pieces {@link RealtimeMessages} declares its messages' payloads with. */
final class MessageSchemas {
  private MessageSchemas() {}

  static Payload client(String name, String op, String summary) {
    return new Payload(name, From.CLIENT, op, summary)
        .optional(
            "id",
            string("Any id of the client's, echoed in the answer")
                .put("maxLength", RealtimeMessages.MAX_ID_LENGTH));
  }

  static Payload server(String name, String op, String summary, boolean answer) {
    Payload payload = new Payload(name, From.SERVER, op, summary);
    return answer ? payload.optional("id", string("The `id` of the message answered")) : payload;
  }

  /** An object schema with its {@code op}, built member by member. */
  static final class Payload {
    private final String name;
    private final From from;
    private final String op;
    private final String summary;
    private final ObjectNode schema = Json.MAPPER.createObjectNode();
    private final ObjectNode properties;
    private final ArrayNode required;

    Payload(String name, From from, String op, String summary) {
      this.name = name;
      this.from = from;
      this.op = op;
      this.summary = summary;
      schema.put("type", "object");
      properties = schema.putObject("properties");
      required = schema.putArray("required");
      required("op", enumeration(List.of(op), "The message's kind"));
    }

    Payload required(String member, ObjectNode property) {
      properties.set(member, property);
      required.add(member);
      return this;
    }

    Payload optional(String member, ObjectNode property) {
      properties.set(member, property);
      return this;
    }

    /** Tells two forms of one {@code op} apart: this one never carries the member. */
    Payload without(String member) {
      schema.putObject("not").putArray("required").add(member);
      return this;
    }

    /** The payload carries exactly one of these members. */
    Payload exactlyOneOf(String... members) {
      ArrayNode oneOf = schema.putArray("oneOf");
      for (String member : members) {
        oneOf.addObject().putArray("required").add(member);
      }
      return this;
    }

    Message build() {
      return new Message(name, from, op, summary, schema);
    }
  }

  static ObjectNode described(String type, String description) {
    ObjectNode node = Json.MAPPER.createObjectNode();
    if (type != null) {
      node.put("type", type);
    }
    return node.put("description", description);
  }

  static ObjectNode string(String description) {
    return described("string", description);
  }

  static ObjectNode integer(String description) {
    return described("integer", description);
  }

  static ObjectNode any(String description) {
    return described(null, description);
  }

  static ObjectNode entity(String description) {
    return described("object", description + ", as the REST API returns it");
  }

  static ObjectNode ql(String description) {
    return string(
        description
            + "; the query language of docs/queries.md, geo included (at most"
            + " `meridian.realtime.max-query-length` characters)");
  }

  static ObjectNode seq(String description) {
    return integer(description + " (microseconds of the writing node's clock)")
        .put("format", "int64")
        .put("minimum", 0);
  }

  static ObjectNode enumeration(List<String> values, String description) {
    ObjectNode node = string(description);
    ArrayNode allowed = node.putArray("enum");
    values.forEach(allowed::add);
    return node;
  }

  static ObjectNode set(List<String> values, String description) {
    return array(enumeration(values, "One of them"), description);
  }

  static ObjectNode array(ObjectNode items, String description) {
    ObjectNode node = described("array", description);
    node.set("items", items);
    return node;
  }

  static ObjectNode nullableFence() {
    ObjectNode node = any("The fence entity, as the REST API returns it; null for `outside`");
    node.putArray("type").add("object").add("null");
    return node;
  }

  static ObjectNode query() {
    ObjectNode values = Json.MAPPER.createObjectNode();
    ArrayNode oneOf = values.putArray("oneOf");
    oneOf.addObject().put("type", "string");
    oneOf.addObject().put("type", "array").putObject("items").put("type", "string");
    ObjectNode node = described("object", "The query parameters: strings or arrays of strings");
    node.set("additionalProperties", values);
    return node;
  }
}
