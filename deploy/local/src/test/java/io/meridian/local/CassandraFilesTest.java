package io.meridian.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class CassandraFilesTest {

  private final LocalServicesConfig config =
      LocalServicesConfig.defaults(Path.of("/srv/meridian")).withPorts(19042, 17000, 19200, 19300);
  private final Layout layout = new Layout(config.dataDir());

  @Test
  void yaml_acknowledges_writes_only_after_a_batch_fsync_by_default() {
    assertThat(CassandraFiles.yaml(config, layout))
        .contains("commitlog_sync: batch\n")
        .doesNotContain("periodic");
  }

  @Test
  void yaml_gives_tables_that_opt_in_a_row_cache() {
    assertThat(CassandraFiles.yaml(config, layout)).contains("row_cache_size: 256MiB\n");
  }

  @Test
  void yaml_selects_group_and_periodic_sync() {
    assertThat(CassandraFiles.yaml(config.withCommitLogSync(CommitLogSync.GROUP), layout))
        .contains("commitlog_sync: group\ncommitlog_sync_group_window: 15ms");
    assertThat(CassandraFiles.yaml(config.withCommitLogSync(CommitLogSync.PERIODIC), layout))
        .contains("commitlog_sync: periodic\ncommitlog_sync_period: 10000ms");
  }

  @Test
  void yaml_puts_ports_addresses_and_directories_under_the_data_dir() {
    assertThat(CassandraFiles.yaml(config, layout))
        .contains("native_transport_port: 19042")
        .contains("storage_port: 17000")
        .contains("listen_address: 127.0.0.1")
        .contains("seeds: '127.0.0.1:17000'")
        .contains("commitlog_directory: '/srv/meridian/cassandra/commitlog'")
        .contains("  - '/srv/meridian/cassandra/data'")
        .contains("auto_bootstrap: false");
  }

  @Test
  void yaml_quotes_directories_with_apostrophes() {
    Layout odd = new Layout(Path.of("/srv/o'brien"));
    assertThat(CassandraFiles.yaml(config, odd)).contains("'/srv/o''brien/cassandra/hints'");
  }

  @Test
  void jvm_arguments_set_heap_config_storage_dir_and_derived_jmx_port() {
    assertThat(CassandraFiles.jvmArguments(config, layout))
        .contains("-Xms1g", "-Xmx1g")
        .contains("-Dcassandra.config=file:///srv/meridian/cassandra/conf/cassandra.yaml")
        .contains("-Dcassandra.storagedir=/srv/meridian/cassandra/")
        .contains("-Dcassandra.jmx.local.port=17199")
        .contains("--add-opens=java.base/java.lang=ALL-UNNAMED")
        .endsWith(CassandraService.MAIN_CLASS);
  }
}
