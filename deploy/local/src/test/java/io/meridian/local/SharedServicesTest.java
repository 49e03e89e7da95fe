package io.meridian.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class SharedServicesTest {

  @Test
  void recognises_the_maven_launcher_in_a_command_line() {
    assertThat(
            SharedServices.isMaven(
                "java -classpath /m/boot/plexus-classworlds-2.9.0.jar"
                    + " org.codehaus.plexus.classworlds.launcher.Launcher verify"))
        .isTrue();
    assertThat(SharedServices.isMaven("java -jar surefirebooter.jar")).isFalse();
  }

  @Test
  void uses_the_integration_test_ports_so_a_developer_instance_can_run_beside() {
    LocalServicesConfig config = SharedServices.config();
    assertThat(config.cassandraPort()).isEqualTo(19042);
    assertThat(config.cassandraStoragePort()).isEqualTo(17000);
    assertThat(config.elasticsearchPort()).isEqualTo(19200);
    assertThat(config.elasticsearchTransportPort()).isEqualTo(19300);
    assertThat(config.cassandraJmxPort()).isEqualTo(17199);
    assertThat(config.dataDir()).isAbsolute();
  }

  @Test
  void owner_pid_can_be_overridden() {
    System.setProperty("meridian.it.owner-pid", "4242");
    try {
      assertThat(SharedServices.ownerPid()).isEqualTo(4242);
    } finally {
      System.clearProperty("meridian.it.owner-pid");
    }
  }

  @Test
  void watchdog_script_stops_both_services_of_its_data_dir_only() {
    LocalServicesConfig config = LocalServicesConfig.defaults(Path.of("/srv/it's"));
    ServerArtifacts artifacts = new ServerArtifacts(Path.of("/m2"), "", new Properties(), "");
    String script =
        Watchdog.script(
            new Layout(config.dataDir()),
            List.of(
                new CassandraService(config, artifacts),
                new ElasticsearchService(config, artifacts)));
    assertThat(script)
        .contains(
            "stop_service '/srv/it'\\''s/run/cassandra.pid' '" + CassandraService.MAIN_CLASS + "'")
        .contains("stop_service '/srv/it'\\''s/elasticsearch/elasticsearch.pid'")
        .contains("current || exit 0");
  }
}
