package io.meridian.rest.api;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.Json;
import jakarta.ws.rs.core.MultivaluedMap;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * The Usergrid 2 response envelope. Entities are embedded as the JSON text stored in Cassandra, so
 * serving an entity costs no parsing. Null members are omitted. What echoes the request ({@code
 * params}, {@code path}, {@code uri}) is redacted here by {@link SecretParameters}, whatever the
 * caller passed, so no resource can echo a credential sent in the query string.
 */
public final class Envelope {
  private final String action;
  private ApplicationRef application;
  private MultivaluedMap<String, String> params;
  private String path;
  private String uri;
  private List<String> entities;
  private List<JsonNode> list;
  private JsonNode data;
  private String cursor;
  private Map<String, JsonNode> fields;

  private Envelope(String action) {
    this.action = action;
  }

  public static Envelope of(String action) {
    return new Envelope(action);
  }

  public Envelope application(ApplicationRef value) {
    this.application = value;
    return this;
  }

  public Envelope params(MultivaluedMap<String, String> value) {
    this.params = value;
    return this;
  }

  public Envelope path(String value) {
    this.path = value;
    return this;
  }

  public Envelope uri(String value) {
    this.uri = value;
    return this;
  }

  /** Entities as their stored JSON text. */
  public Envelope entities(List<String> json) {
    this.entities = json;
    return this;
  }

  /** A projection's rows ({@code select a, b}), in place of entities. */
  public Envelope list(List<JsonNode> rows) {
    this.list = rows;
    return this;
  }

  /** A non-entity payload (operations endpoints). */
  public Envelope data(JsonNode value) {
    this.data = value;
    return this;
  }

  public Envelope cursor(String value) {
    this.cursor = value;
    return this;
  }

  /** A top-level field of its own (the management API's {@code credentials}, {@code status}). */
  public Envelope field(String name, JsonNode value) {
    if (fields == null) {
      fields = new java.util.LinkedHashMap<>();
    }
    fields.put(name, value);
    return this;
  }

  public byte[] toJson() {
    RequestInfo request = RequestInfo.current();
    ByteArrayOutputStream out = new ByteArrayOutputStream(512);
    try (JsonGenerator json = Json.MAPPER.getFactory().createGenerator(out)) {
      json.writeStartObject();
      json.writeStringField("action", action);
      if (application != null) {
        json.writeStringField("application", application.id().toString());
      }
      if (params != null) {
        json.writeObjectFieldStart("params");
        for (Map.Entry<String, List<String>> param : params.entrySet()) {
          boolean secret = SecretParameters.isSecret(param.getKey());
          json.writeArrayFieldStart(param.getKey());
          for (String value : param.getValue()) {
            json.writeString(secret ? SecretParameters.REDACTED : value);
          }
          json.writeEndArray();
        }
        json.writeEndObject();
      }
      writeIfPresent(json, "path", path == null ? null : SecretParameters.redactPath(path));
      writeIfPresent(json, "uri", uri == null ? null : SecretParameters.redactUri(uri));
      if (entities != null) {
        json.writeArrayFieldStart("entities");
        for (String entity : entities) {
          json.writeRawValue(entity);
        }
        json.writeEndArray();
        json.writeNumberField("count", entities.size());
      }
      if (list != null) {
        json.writeArrayFieldStart("list");
        for (JsonNode row : list) {
          json.writeTree(row);
        }
        json.writeEndArray();
        json.writeNumberField("count", list.size());
      }
      if (data != null) {
        json.writeFieldName("data");
        json.writeTree(data);
      }
      writeIfPresent(json, "cursor", cursor);
      if (fields != null) {
        for (Map.Entry<String, JsonNode> field : fields.entrySet()) {
          json.writeFieldName(field.getKey());
          json.writeTree(field.getValue());
        }
      }
      json.writeNumberField("timestamp", request.startedMillis());
      json.writeNumberField("duration", request.elapsedMillis());
      if (application != null) {
        json.writeStringField("organization", application.organization());
        json.writeStringField("applicationName", application.application());
      }
      json.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static void writeIfPresent(JsonGenerator json, String field, String value)
      throws IOException {
    if (value != null) {
      json.writeStringField(field, value);
    }
  }
}
