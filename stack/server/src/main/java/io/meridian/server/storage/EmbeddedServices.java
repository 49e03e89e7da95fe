package io.meridian.server.storage;

import io.meridian.local.CommitLogSync;
import io.meridian.local.LocalServices;
import io.meridian.local.LocalServicesConfig;
import io.meridian.server.startup.StartupProgress;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides which Cassandra and Elasticsearch the server uses. Configured ones that answer are used
 * as they are. With the embedded default on, ones that do not answer are started locally through
 * the launcher, on the configured ports, and stopped again when the server stops (a watchdog stops
 * them too if the server is killed).
 */
final class EmbeddedServices implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedServices.class);
  private static final int PROBE_TIMEOUT_MILLIS = 1000;

  private final Endpoints endpoints;
  private final LocalServices started;

  private EmbeddedServices(Endpoints endpoints, LocalServices started) {
    this.endpoints = endpoints;
    this.started = started;
  }

  static EmbeddedServices resolve(
      CassandraProperties cassandra,
      ElasticsearchProperties elasticsearch,
      EmbeddedProperties embedded,
      StartupProgress progress) {
    Endpoints configured =
        new Endpoints(cassandra.contactPoints(), cassandra.localDatacenter(), elasticsearch.urls());
    InetSocketAddress cassandraAddress = hostPort(cassandra.contactPoints().get(0));
    URI elasticsearchUri = URI.create(elasticsearch.urls().get(0));
    InetSocketAddress elasticsearchAddress =
        new InetSocketAddress(elasticsearchUri.getHost(), elasticsearchUri.getPort());
    boolean cassandraUp = answers(cassandraAddress);
    boolean elasticsearchUp = answers(elasticsearchAddress);
    if (cassandraUp && elasticsearchUp) {
      return new EmbeddedServices(configured, null);
    }
    if (!embedded.enabled()) {
      if (!cassandraUp) {
        throw new IllegalStateException(
            "Cassandra does not answer at "
                + cassandra.contactPoints()
                + ". Start it, point meridian.cassandra.contact-points at a running cluster, or"
                + " set meridian.embedded.enabled=true to have Meridian start a local one.");
      }
      LOG.warn(
          "Elasticsearch does not answer at {}: writes are accepted and indexed once it is back",
          elasticsearch.urls());
      return new EmbeddedServices(configured, null);
    }
    LocalServicesConfig defaults = LocalServicesConfig.defaults(embedded.dataDir());
    LocalServicesConfig config =
        defaults
            .withHeaps(embedded.cassandraHeap(), embedded.elasticsearchHeap())
            .withPorts(
                cassandraAddress.getPort(),
                defaults.cassandraStoragePort(),
                elasticsearchAddress.getPort(),
                defaults.elasticsearchTransportPort())
            .withCommitLogSync(
                CommitLogSync.valueOf(embedded.commitLogSync().toUpperCase(Locale.ROOT)))
            .withStartTimeout(embedded.startTimeout());
    LocalServices local = LocalServices.create(config);
    if (!cassandraUp && !elasticsearchUp) {
      progress.step("starting Cassandra and Elasticsearch in " + config.dataDir());
      local.start(ProcessHandle.current().pid());
      progress.done("Cassandra and Elasticsearch are up");
    } else if (!cassandraUp) {
      progress.step("starting Cassandra in " + config.dataDir());
      local.startCassandra();
      progress.done("Cassandra is up");
    } else {
      progress.step("starting Elasticsearch in " + config.dataDir());
      local.startElasticsearch();
      progress.done("Elasticsearch is up");
    }
    return new EmbeddedServices(configured, local);
  }

  Endpoints endpoints() {
    return endpoints;
  }

  @Override
  public void close() {
    if (started != null) {
      LOG.info("Stopping the embedded services this server started");
      started.stop();
    }
  }

  static InetSocketAddress hostPort(String contactPoint) {
    int colon = contactPoint.lastIndexOf(':');
    if (colon < 0) {
      return new InetSocketAddress(contactPoint, 9042);
    }
    return new InetSocketAddress(
        contactPoint.substring(0, colon), Integer.parseInt(contactPoint.substring(colon + 1)));
  }

  private static boolean answers(InetSocketAddress address) {
    try (Socket socket = new Socket()) {
      socket.connect(address, PROBE_TIMEOUT_MILLIS);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
