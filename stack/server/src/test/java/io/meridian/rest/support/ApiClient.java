package io.meridian.rest.support;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A plain HTTP client for the API under test: real requests over loopback. */
public final class ApiClient {
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private final String base;
  private final String token;

  public ApiClient(String base) {
    this(base, null);
  }

  private ApiClient(String base, String token) {
    this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    this.token = token;
  }

  /** The same client sending {@code Authorization: Bearer <token>} on every request. */
  public ApiClient withToken(String bearer) {
    return new ApiClient(base, bearer);
  }

  /** The same client without credentials. */
  public ApiClient anonymous() {
    return new ApiClient(base, null);
  }

  public String token() {
    return token;
  }

  public String base() {
    return base;
  }

  public Reply get(String path) {
    return send(request(path).GET());
  }

  public Reply delete(String path) {
    return send(request(path).DELETE());
  }

  /** A request with any extra headers, e.g. a forged {@code Authorization}. */
  public Reply get(String path, String... headers) {
    return send(HttpRequest.newBuilder(uri(path)).headers(headers).GET());
  }

  /** Any method without a body, with extra headers, and with this client's token if it has one. */
  public Reply call(String method, String path, String... headers) {
    HttpRequest.Builder builder = request(path).method(method, HttpRequest.BodyPublishers.noBody());
    return send(headers.length == 0 ? builder : builder.headers(headers));
  }

  public Reply post(String path, String json) {
    return send(body("POST", path, json, "application/json"));
  }

  public Reply put(String path, String json) {
    return send(body("PUT", path, json, "application/json"));
  }

  public Reply send(String method, String path, String body, String contentType) {
    return send(body(method, path, body, contentType));
  }

  public static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private HttpRequest.Builder body(String method, String path, String body, String contentType) {
    HttpRequest.Builder builder =
        request(path)
            .method(method, HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    return contentType == null ? builder : builder.header("Content-Type", contentType);
  }

  private HttpRequest.Builder request(String path) {
    HttpRequest.Builder builder = HttpRequest.newBuilder(uri(path));
    return token == null ? builder : builder.header("Authorization", "Bearer " + token);
  }

  private URI uri(String path) {
    return URI.create(base + path);
  }

  private static Reply send(HttpRequest.Builder request) {
    try {
      HttpResponse<String> response =
          HTTP.send(
              request.timeout(Duration.ofSeconds(30)).build(),
              HttpResponse.BodyHandlers.ofString());
      return new Reply(
          response.statusCode(),
          response.body(),
          response.headers().firstValue("Content-Type").orElse(null),
          response.headers().map());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A response: status, raw body and its JSON, and its headers (names in any case). */
  public record Reply(
      int status, String body, String contentType, Map<String, List<String>> headers) {
    public Reply {
      Map<String, List<String>> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      byName.putAll(headers);
      headers = Collections.unmodifiableMap(byName);
    }

    /** The header's first value, or null. */
    public String header(String name) {
      List<String> values = headers.get(name);
      return values == null || values.isEmpty() ? null : values.get(0);
    }

    public JsonNode json() {
      try {
        return Json.MAPPER.readTree(body);
      } catch (IOException e) {
        throw new AssertionError("Response is not JSON (" + status + "): " + body, e);
      }
    }

    public JsonNode entity() {
      return json().path("entities").path(0);
    }

    /** The uuids of the returned entities, in order; fails unless the status is 200. */
    public List<String> uuids() {
      if (status != 200) {
        throw new AssertionError("Expected 200 but got " + status + ": " + body);
      }
      List<String> uuids = new ArrayList<>();
      for (JsonNode entity : json().path("entities")) {
        uuids.add(entity.path("uuid").asText());
      }
      return uuids;
    }

    public String error() {
      return json().path("error").asText();
    }
  }
}
