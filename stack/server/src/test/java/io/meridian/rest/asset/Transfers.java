package io.meridian.rest.asset;

import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Uploads and downloads of files as clients send them: multipart forms, raw bodies, streams. */
final class Transfers {
  static final String BOUNDARY = "meridian-test-boundary-7d1f";
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private final String base;
  private final String token;

  Transfers(String base, String token) {
    this.base = base;
    this.token = token;
  }

  /** An answer with its body as bytes. */
  record Answer(int status, byte[] body, HttpResponse<?> response) {
    String header(String name) {
      return response.headers().firstValue(name).orElse(null);
    }

    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  /** A part of a form: a text field, or the file with its type. */
  record Part(String name, String contentType, Supplier<InputStream> content, boolean file) {
    static Part text(String name, String value) {
      return new Part(name, null, () -> stream(value.getBytes(StandardCharsets.UTF_8)), false);
    }

    static Part file(String name, String contentType, byte[] bytes) {
      return new Part(name, contentType, () -> stream(bytes), true);
    }

    static Part file(String name, String contentType, long length, int seed) {
      return new Part(name, contentType, () -> new PatternStream(length, seed), true);
    }
  }

  /** A multipart form; {@code sized} sends a Content-Length, else the body is chunked. */
  Answer form(String method, String path, boolean sized, Part... parts) {
    Supplier<InputStream> body = () -> formBody(parts);
    HttpRequest.BodyPublisher publisher =
        sized
            ? HttpRequest.BodyPublishers.ofByteArray(readAll(body.get()))
            : HttpRequest.BodyPublishers.ofInputStream(body);
    return send(
        request(path)
            .header("Content-Type", "multipart/form-data; boundary=" + BOUNDARY)
            .method(method, publisher));
  }

  /** A raw body of the given type (none if null); chunked unless {@code sized}. */
  Answer raw(
      String method, String path, String contentType, Supplier<InputStream> body, boolean sized) {
    HttpRequest.BodyPublisher publisher =
        sized
            ? HttpRequest.BodyPublishers.ofByteArray(readAll(body.get()))
            : HttpRequest.BodyPublishers.ofInputStream(body);
    HttpRequest.Builder builder = request(path).method(method, publisher);
    if (contentType != null) {
      builder.header("Content-Type", contentType);
    }
    return send(builder);
  }

  Answer raw(String method, String path, String contentType, byte[] bytes) {
    return raw(method, path, contentType, () -> stream(bytes), true);
  }

  /** A GET with the given headers (name, value, ...). */
  Answer get(String path, String... headers) {
    HttpRequest.Builder builder = request(path).GET();
    if (headers.length > 0) {
      builder.headers(headers);
    }
    return send(builder);
  }

  /** A GET whose body is left to the caller to read as a stream. */
  HttpResponse<InputStream> open(String path, String... headers) {
    HttpRequest.Builder builder = request(path).GET();
    if (headers.length > 0) {
      builder.headers(headers);
    }
    try {
      return HTTP.send(builder.build(), HttpResponse.BodyHandlers.ofInputStream());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  static String md5(InputStream in) {
    try (in) {
      MessageDigest md5 = MessageDigest.getInstance("MD5");
      byte[] buffer = new byte[64 * 1024];
      for (int n; (n = in.read(buffer)) > 0; ) {
        md5.update(buffer, 0, n);
      }
      return HexFormat.of().formatHex(md5.digest());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  static String md5(byte[] bytes) {
    return md5(stream(bytes));
  }

  static byte[] readAll(InputStream in) {
    try (in) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static InputStream stream(byte[] bytes) {
    return new java.io.ByteArrayInputStream(bytes);
  }

  private static InputStream formBody(Part... parts) {
    List<InputStream> pieces = new ArrayList<>();
    for (Part part : parts) {
      StringBuilder head = new StringBuilder();
      head.append("--").append(BOUNDARY).append("\r\n");
      head.append("Content-Disposition: form-data; name=\"").append(part.name()).append('"');
      if (part.file()) {
        head.append("; filename=\"upload.bin\"");
      }
      head.append("\r\n");
      if (part.contentType() != null) {
        head.append("Content-Type: ").append(part.contentType()).append("\r\n");
      }
      head.append("\r\n");
      pieces.add(stream(head.toString().getBytes(StandardCharsets.UTF_8)));
      pieces.add(part.content().get());
      pieces.add(stream("\r\n".getBytes(StandardCharsets.UTF_8)));
    }
    pieces.add(stream(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8)));
    return new SequenceInputStream(java.util.Collections.enumeration(pieces));
  }

  private HttpRequest.Builder request(String path) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(120));
    return token == null ? builder : builder.header("Authorization", "Bearer " + token);
  }

  private static Answer send(HttpRequest.Builder request) {
    try {
      HttpResponse<byte[]> response =
          HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      return new Answer(response.statusCode(), response.body(), response);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Response headers by name, for assertions. */
  static Map<String, String> headers(HttpResponse<?> response) {
    Map<String, String> headers = new LinkedHashMap<>();
    response.headers().map().forEach((name, values) -> headers.put(name, values.get(0)));
    return headers;
  }
}
