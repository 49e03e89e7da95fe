package io.meridian.local;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server artifacts recorded by {@code meridian-local-servers}, found in the local Maven
 * repository or downloaded into it from Maven Central (checked against the published SHA-1).
 */
final class ServerArtifacts {

  static final String CENTRAL = "https://repo.maven.apache.org/maven2/";
  private static final String M2_PREFIX = "@M2@/";
  private static final Logger log = LoggerFactory.getLogger(ServerArtifacts.class);

  private final Path repository;
  private final String remote;
  private final Properties servers;
  private final String cassandraClasspath;

  ServerArtifacts(Path repository, String remote, Properties servers, String cassandraClasspath) {
    this.repository = repository;
    this.remote = remote.endsWith("/") ? remote : remote + "/";
    this.servers = servers;
    this.cassandraClasspath = cassandraClasspath.trim();
  }

  /** Reads the recorded artifacts from the class path; the repository is Maven's local one. */
  static ServerArtifacts fromClasspath() {
    Properties servers = new Properties();
    try (InputStream in = resource("servers.properties")) {
      servers.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String classpath;
    try (InputStream in = resource("cassandra.classpath")) {
      classpath = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new ServerArtifacts(localRepository(), CENTRAL, servers, classpath);
  }

  private static InputStream resource(String name) {
    InputStream in = ServerArtifacts.class.getResourceAsStream("/META-INF/meridian/" + name);
    if (in == null) {
      throw new LocalServicesException(
          "META-INF/meridian/" + name + " is not on the class path: add meridian-local-servers");
    }
    return in;
  }

  static Path localRepository() {
    String configured = System.getProperty("maven.repo.local");
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured);
    }
    return Path.of(System.getProperty("user.home"), ".m2", "repository");
  }

  String cassandraVersion() {
    return servers.getProperty("cassandra.version");
  }

  String elasticsearchVersion() {
    return servers.getProperty("elasticsearch.version");
  }

  /** Repository-relative paths of Cassandra's runtime class path, in order. */
  List<String> cassandraJarPaths() {
    List<String> paths = new ArrayList<>();
    for (String entry : cassandraClasspath.split(";")) {
      String trimmed = entry.trim();
      if (!trimmed.isEmpty()) {
        paths.add(trimmed.startsWith(M2_PREFIX) ? trimmed.substring(M2_PREFIX.length()) : trimmed);
      }
    }
    return paths;
  }

  /** Cassandra's class path as absolute files, downloading any jar the repository lacks. */
  List<Path> cassandraClasspath() {
    return cassandraJarPaths().stream().map(this::resolve).toList();
  }

  Path elasticsearchZip() {
    return resolve(servers.getProperty("elasticsearch.artifact"));
  }

  /** The file for a repository-relative path, downloaded first if absent. */
  Path resolve(String relativePath) {
    Path file = repository.resolve(relativePath);
    if (Files.isRegularFile(file)) {
      return file;
    }
    download(relativePath, file);
    return file;
  }

  private void download(String relativePath, Path target) {
    log.info("Downloading {}{}", remote, relativePath);
    HttpClient client =
        HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(20))
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
    try {
      Files.createDirectories(target.getParent());
      Path tmp = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".part");
      try {
        HttpResponse<Path> body =
            client.send(get(relativePath), HttpResponse.BodyHandlers.ofFile(tmp));
        HttpResponse<String> sha1 =
            client.send(get(relativePath + ".sha1"), HttpResponse.BodyHandlers.ofString());
        if (body.statusCode() != 200 || sha1.statusCode() != 200) {
          throw new LocalServicesException(
              "Cannot download " + remote + relativePath + " (HTTP " + body.statusCode() + ")");
        }
        String expected = sha1.body().trim().split("\\s+")[0].toLowerCase(Locale.ROOT);
        String actual = sha1Of(tmp);
        if (!expected.equals(actual)) {
          throw new LocalServicesException(
              "Checksum mismatch for "
                  + relativePath
                  + ": expected "
                  + expected
                  + ", got "
                  + actual);
        }
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      throw new LocalServicesException(
          "Cannot download "
              + remote
              + relativePath
              + " into "
              + repository
              + ": "
              + e
              + ". Check the network or build once with ./mvnw install to fill the local"
              + " repository.",
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LocalServicesException("Interrupted while downloading " + relativePath, e);
    }
  }

  private HttpRequest get(String relativePath) {
    return HttpRequest.newBuilder(URI.create(remote + relativePath))
        .timeout(Duration.ofMinutes(10))
        .build();
  }

  static String sha1Of(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      MessageDigest digest = MessageDigest.getInstance("SHA-1");
      byte[] buffer = new byte[64 * 1024];
      for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
        digest.update(buffer, 0, read);
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every JDK has SHA-1", e);
    }
  }
}
