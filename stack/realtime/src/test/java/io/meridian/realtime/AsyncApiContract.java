package io.meridian.realtime;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.meridian.core.common.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What keeps the AsyncAPI document honest, checked on the built document and on the served one: its
 * references resolve, its payloads are JSON Schemas, every message has an operation, and the
 * contract (docs/realtime.md) agrees with it: its examples are messages it describes, its close
 * codes and limits are its own. Each check returns what it found wrong, empty when nothing.
 */
public final class AsyncApiContract {
  public static final Path CONTRACT = Path.of("../../docs/realtime.md");

  private static final SchemaRegistry DRAFT_7 =
      SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7);
  private static final Schema META_SCHEMA =
      DRAFT_7.getSchema(SchemaLocation.of(SpecificationVersion.DRAFT_7.getDialectId()));

  /** A placeholder of the contract's examples ({@code {...truck...}}, {@code [...]}, ...). */
  private static final Pattern OBJECT_PLACEHOLDER = Pattern.compile("\\{\\.\\.\\.[^{}\"]*}");

  private static final Pattern ROW = Pattern.compile("(?m)^\\| `?([\\w.-]+)`? \\|");

  private AsyncApiContract() {}

  /** Every {@code $ref} of the document that points at nothing in it. */
  public static List<String> danglingReferences(JsonNode document) {
    List<String> dangling = new ArrayList<>();
    collectReferences(document, document, dangling);
    return dangling;
  }

  private static void collectReferences(JsonNode node, JsonNode document, List<String> dangling) {
    if (node.isObject()) {
      JsonNode ref = node.get("$ref");
      if (ref != null) {
        String text = ref.asText();
        if (!text.startsWith("#/")
            || document.at(JsonPointer.compile(text.substring(1))).isMissingNode()) {
          dangling.add(text);
        }
      }
    }
    node.forEach(child -> collectReferences(child, document, dangling));
  }

  /** Each message's payload that the JSON Schema (draft 7) meta-schema refuses, with why. */
  public static List<String> payloadsThatAreNotSchemas(JsonNode document) {
    List<String> refused = new ArrayList<>();
    for (Map.Entry<String, JsonNode> message : messages(document)) {
      JsonNode payload = message.getValue().path("payload");
      List<Error> errors = META_SCHEMA.validate(payload);
      if (payload.isMissingNode() || !errors.isEmpty()) {
        refused.add(message.getKey() + ": " + errors);
      }
    }
    return refused;
  }

  /** The channel's messages no operation sends, receives or replies with. */
  public static Set<String> messagesWithoutOperation(JsonNode document) {
    Set<String> unused = new TreeSet<>();
    document
        .path("channels")
        .forEach(channel -> channel.path("messages").fieldNames().forEachRemaining(unused::add));
    for (JsonNode operation : document.path("operations")) {
      List<JsonNode> references = new ArrayList<>();
      operation.path("messages").forEach(references::add);
      operation.path("reply").path("messages").forEach(references::add);
      for (JsonNode reference : references) {
        String ref = reference.path("$ref").asText();
        unused.remove(ref.substring(ref.lastIndexOf('/') + 1));
      }
    }
    return unused;
  }

  /** The values of {@code op} the document's payloads allow. */
  public static Set<String> ops(JsonNode document) {
    Set<String> ops = new TreeSet<>();
    for (Map.Entry<String, JsonNode> message : messages(document)) {
      message
          .getValue()
          .path("payload")
          .path("properties")
          .path("op")
          .path("enum")
          .forEach(op -> ops.add(op.asText()));
    }
    return ops;
  }

  /**
   * The contract's JSON examples: every object with an {@code op} in docs/realtime.md, its
   * placeholders ({@code {...}}, {@code [...]}, a {@code seq} of {@code ...}) made into values.
   */
  public static List<JsonNode> contractExamples() {
    String text = contract();
    text =
        OBJECT_PLACEHOLDER
            .matcher(text)
            .replaceAll("{}")
            .replace("[...]", "[]")
            .replace(":...", ":0");
    List<JsonNode> examples = new ArrayList<>();
    int start = text.indexOf("{\"op\"");
    while (start >= 0) {
      int end = endOfObject(text, start);
      try {
        examples.add(Json.MAPPER.readTree(text.substring(start, end)));
      } catch (IOException e) {
        throw new AssertionError(
            "An example of the contract is not JSON: " + text.substring(start, end), e);
      }
      start = text.indexOf("{\"op\"", end);
    }
    return examples;
  }

  /** Each example of the contract that no message of the document with its {@code op} accepts. */
  public static List<String> examplesNotDescribed(JsonNode document, List<JsonNode> examples) {
    List<String> undescribed = new ArrayList<>();
    for (JsonNode example : examples) {
      String op = example.path("op").asText();
      List<String> why = new ArrayList<>();
      boolean accepted = false;
      for (Map.Entry<String, JsonNode> message : messages(document)) {
        JsonNode payload = message.getValue().path("payload");
        if (!payload
            .path("properties")
            .path("op")
            .path("enum")
            .toString()
            .contains("\"" + op + "\"")) {
          continue;
        }
        List<Error> errors = DRAFT_7.getSchema(payload).validate(example);
        if (errors.isEmpty()) {
          accepted = true;
        } else {
          why.add(message.getKey() + ": " + errors);
        }
      }
      if (!accepted) {
        undescribed.add(example + " -> " + (why.isEmpty() ? "no message has this op" : why));
      }
    }
    return undescribed;
  }

  /** The first column of the contract's table under the heading {@code ## <heading>}. */
  public static Set<String> contractTable(String heading) {
    String text = contract();
    int start = text.indexOf("\n## " + heading + "\n");
    if (start < 0) {
      throw new AssertionError("docs/realtime.md has no section " + heading);
    }
    int end = text.indexOf("\n## ", start + 1);
    Matcher rows = ROW.matcher(end < 0 ? text.substring(start) : text.substring(start, end));
    Set<String> keys = new LinkedHashSet<>();
    while (rows.find()) {
      if (!rows.group(1).equals("code") && !rows.group(1).equals("property")) {
        keys.add(rows.group(1));
      }
    }
    return keys;
  }

  private static List<Map.Entry<String, JsonNode>> messages(JsonNode document) {
    List<Map.Entry<String, JsonNode>> messages = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it =
            document.path("components").path("messages").fields();
        it.hasNext(); ) {
      messages.add(it.next());
    }
    return messages;
  }

  /** The index after the object starting at {@code start}, strings read as strings. */
  private static int endOfObject(String text, int start) {
    int depth = 0;
    boolean inString = false;
    for (int i = start; i < text.length(); i++) {
      char c = text.charAt(i);
      if (inString) {
        if (c == '\\') {
          i++;
        } else if (c == '"') {
          inString = false;
        }
      } else if (c == '"') {
        inString = true;
      } else if (c == '{') {
        depth++;
      } else if (c == '}' && --depth == 0) {
        return i + 1;
      }
    }
    throw new AssertionError("An example of the contract does not end: " + text.substring(start));
  }

  private static String contract() {
    try {
      return Files.readString(CONTRACT);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
