package io.meridian.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PreflightTest {

  @TempDir Path tmp;

  @Test
  void names_the_taken_port_its_service_and_the_option_to_change_it() throws IOException {
    try (ServerSocket taken = new ServerSocket()) {
      taken.bind(new InetSocketAddress("127.0.0.1", 0));
      int port = taken.getLocalPort();
      List<Preflight.PortUse> ports =
          List.of(new Preflight.PortUse(port, "Cassandra CQL", "--cassandra-port"));

      assertThatThrownBy(() -> Preflight.checkPortsFree("127.0.0.1", ports))
          .isInstanceOf(LocalServicesException.class)
          .hasMessageContaining("Port " + port + " on 127.0.0.1 (Cassandra CQL)")
          .hasMessageContaining("--cassandra-port");
    }
  }

  @Test
  void accepts_a_free_port() throws IOException {
    int port;
    try (ServerSocket probe = new ServerSocket(0)) {
      port = probe.getLocalPort();
    }
    Preflight.checkPortsFree(
        "127.0.0.1", List.of(new Preflight.PortUse(port, "Elasticsearch HTTP", "--x")));
  }

  @Test
  void refuses_to_start_when_memory_is_short_and_says_how_much_is_needed() {
    assertThatThrownBy(
            () ->
                Preflight.checkMemory("Cassandra and Elasticsearch", List.of("1g", "1g"), 1L << 30))
        .hasMessageContaining("Not enough free memory to start Cassandra and Elasticsearch")
        .hasMessageContaining("3.0 GB")
        .hasMessageContaining("MemAvailable is 1.0 GB")
        .hasMessageContaining("--cassandra-heap");
  }

  @Test
  void accepts_enough_memory_and_unknown_memory() {
    Preflight.checkMemory("Cassandra", List.of("1g"), 8L << 30);
    Preflight.checkMemory("Cassandra", List.of("1g"), -1);
  }

  @Test
  void refuses_a_data_dir_on_a_disk_without_enough_space() {
    assertThatThrownBy(() -> Preflight.checkDisk(tmp.resolve("not/yet/there"), Long.MAX_VALUE))
        .hasMessageContaining("Not enough free disk space for " + tmp.resolve("not/yet/there"))
        .hasMessageContaining("--data-dir");
  }

  @Test
  void explains_a_missing_java() {
    assertThatThrownBy(() -> Preflight.checkJava(tmp, 17))
        .isInstanceOf(LocalServicesException.class)
        .hasMessageContaining(tmp.resolve("bin/java") + " does not exist")
        .hasMessageContaining("--java-home");
  }

  @Test
  void reads_the_running_jdk_version() {
    assertThat(Preflight.javaVersion(Path.of(System.getProperty("java.home"))))
        .isEqualTo(Runtime.version().feature());
  }

  @Test
  void parses_old_and_new_version_strings() {
    assertThat(Preflight.featureVersion("1.8.0_392")).isEqualTo(8);
    assertThat(Preflight.featureVersion("17.0.15")).isEqualTo(17);
    assertThat(Preflight.featureVersion("25")).isEqualTo(25);
  }

  @Test
  void parses_jvm_sizes() {
    assertThat(Sizes.parseBytes("512m")).isEqualTo(512L << 20);
    assertThat(Sizes.parseBytes("2G")).isEqualTo(2L << 30);
    assertThatThrownBy(() -> Sizes.parseBytes("lots")).hasMessageContaining("512m or 1g");
  }
}
