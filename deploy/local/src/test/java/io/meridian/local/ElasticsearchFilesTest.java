package io.meridian.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ElasticsearchFilesTest {

  @TempDir Path tmp;

  @Test
  void yaml_configures_a_single_open_node_on_the_chosen_ports() {
    LocalServicesConfig config =
        LocalServicesConfig.defaults(Path.of("/srv/m")).withPorts(9042, 7000, 19200, 19300);
    assertThat(ElasticsearchFiles.yaml(config, new Layout(config.dataDir())))
        .contains("discovery.type: single-node")
        .contains("xpack.security.enabled: false")
        .contains("network.host: 127.0.0.1")
        .contains("http.port: 19200")
        .contains("transport.port: 19300")
        .contains("path.data: '/srv/m/elasticsearch/data'")
        .contains("path.logs: '/srv/m/logs/elasticsearch'");
  }

  @Test
  void unpacks_once_without_the_top_directory_and_makes_bin_executable() throws IOException {
    Path zip = tmp.resolve("es.zip");
    try (OutputStream out = Files.newOutputStream(zip);
        ZipOutputStream entries = new ZipOutputStream(out)) {
      entries.putNextEntry(new ZipEntry("elasticsearch-1.0/bin/elasticsearch"));
      entries.write("#!/bin/sh\n".getBytes(StandardCharsets.UTF_8));
      entries.putNextEntry(new ZipEntry("elasticsearch-1.0/lib/x.jar"));
      entries.write(new byte[] {1});
    }
    Path home = tmp.resolve("dist-1.0");

    ElasticsearchFiles.unpackOnce(zip, home);
    Files.delete(home.resolve("lib/x.jar"));
    ElasticsearchFiles.unpackOnce(zip, home);

    assertThat(Files.isExecutable(home.resolve("bin/elasticsearch"))).isTrue();
    assertThat(Files.isExecutable(home.resolve("lib"))).isTrue();
    assertThat(home.resolve("lib/x.jar")).doesNotExist();
    assertThat(tmp.resolve("dist-1.0.partial")).doesNotExist();
  }
}
