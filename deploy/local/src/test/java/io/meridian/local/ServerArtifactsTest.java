package io.meridian.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerArtifactsTest {

  private static final String JAR = "org/example/a/1.0/a-1.0.jar";
  private static final byte[] CONTENT = "jar bytes".getBytes(StandardCharsets.UTF_8);

  @TempDir Path repository;
  private HttpServer server;

  @AfterEach
  void stopServer() {
    if (server != null) {
      server.stop(0);
    }
  }

  @Test
  void resolves_the_recorded_classpath_against_the_local_repository() throws IOException {
    Files.createDirectories(repository.resolve(JAR).getParent());
    Files.write(repository.resolve(JAR), CONTENT);
    ServerArtifacts artifacts = artifacts("http://127.0.0.1:1/", "@M2@/" + JAR + ";\n");

    assertThat(artifacts.cassandraJarPaths()).containsExactly(JAR);
    assertThat(artifacts.cassandraClasspath()).containsExactly(repository.resolve(JAR));
  }

  @Test
  void downloads_a_missing_jar_and_verifies_its_sha1() throws IOException {
    String sha1 = sha1(CONTENT);
    serve(Map.of("/" + JAR, CONTENT, "/" + JAR + ".sha1", (sha1 + "  a-1.0.jar").getBytes()));

    Path jar = artifacts(url(), "@M2@/" + JAR).resolve(JAR);

    assertThat(jar).hasBinaryContent(CONTENT);
  }

  @Test
  void rejects_a_download_whose_sha1_does_not_match() throws IOException {
    serve(Map.of("/" + JAR, CONTENT, "/" + JAR + ".sha1", "0000".getBytes()));

    assertThatThrownBy(() -> artifacts(url(), "@M2@/" + JAR).resolve(JAR))
        .isInstanceOf(LocalServicesException.class)
        .hasMessageContaining("Checksum mismatch for " + JAR);
    assertThat(repository.resolve(JAR)).doesNotExist();
  }

  @Test
  void reads_the_server_versions_recorded_at_build_time() {
    ServerArtifacts artifacts = ServerArtifacts.fromClasspath();
    assertThat(artifacts.cassandraVersion()).startsWith("5.0.");
    assertThat(artifacts.elasticsearchVersion()).startsWith("8.19.");
    assertThat(artifacts.cassandraJarPaths())
        .first()
        .asString()
        .startsWith("org/apache/cassandra/cassandra-all/");
  }

  private ServerArtifacts artifacts(String remote, String classpath) {
    Properties servers = new Properties();
    servers.setProperty("elasticsearch.version", "8.19.21");
    return new ServerArtifacts(repository, remote, servers, classpath);
  }

  private void serve(Map<String, byte[]> files) throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/",
        exchange -> {
          byte[] body = files.get(exchange.getRequestURI().getPath());
          exchange.sendResponseHeaders(body == null ? 404 : 200, body == null ? -1 : body.length);
          if (body != null) {
            exchange.getResponseBody().write(body);
          }
          exchange.close();
        });
    server.start();
  }

  private String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
  }

  private String sha1(byte[] bytes) throws IOException {
    Path file = Files.createTempFile(repository, "x", ".bin");
    Files.write(file, bytes);
    String sha1 = ServerArtifacts.sha1Of(file);
    Files.delete(file);
    return sha1;
  }
}
