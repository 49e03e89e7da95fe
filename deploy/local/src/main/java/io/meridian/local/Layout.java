package io.meridian.local;

import java.nio.file.Path;

/** Where each file of the local services lives under the data directory. */
record Layout(Path root) {

  Path cassandraDir() {
    return root.resolve("cassandra");
  }

  Path cassandraConf() {
    return cassandraDir().resolve("conf");
  }

  Path logs() {
    return root.resolve("logs");
  }

  Path cassandraLog() {
    return logs().resolve("cassandra.log");
  }

  /** Owned by the Elasticsearch user when running as root, like everything ES writes. */
  Path elasticsearchLogs() {
    return logs().resolve("elasticsearch");
  }

  /** Elasticsearch's own log file, named after {@code cluster.name}. */
  Path elasticsearchLog() {
    return elasticsearchLogs().resolve(ElasticsearchFiles.CLUSTER_NAME + ".log");
  }

  /** Output of {@code bin/elasticsearch} itself: startup errors before logging is set up. */
  Path elasticsearchLauncherLog() {
    return logs().resolve("elasticsearch-launcher.log");
  }

  Path elasticsearchDir() {
    return root.resolve("elasticsearch");
  }

  Path elasticsearchHome(String version) {
    return elasticsearchDir().resolve("dist-" + version);
  }

  Path elasticsearchData() {
    return elasticsearchDir().resolve("data");
  }

  Path elasticsearchConfig() {
    return elasticsearchDir().resolve("config");
  }

  /** Written by Elasticsearch itself, hence in a directory its user owns. */
  Path elasticsearchPidFile() {
    return elasticsearchDir().resolve("elasticsearch.pid");
  }

  Path run() {
    return root.resolve("run");
  }

  Path cassandraPidFile() {
    return run().resolve("cassandra.pid");
  }

  Path watchdogPidFile() {
    return run().resolve("watchdog.pid");
  }

  Path watchdogScript() {
    return run().resolve("watchdog.sh");
  }

  Path lockFile() {
    return run().resolve("launcher.lock");
  }
}
