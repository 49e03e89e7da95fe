package io.meridian.server.storage;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import com.datastax.oss.driver.api.core.ssl.ProgrammaticSslEngineFactory;
import io.meridian.core.common.CassandraHealth;
import io.meridian.core.common.LatencyBuckets;
import io.meridian.core.common.StorageHealth;
import io.meridian.core.schema.CassandraSchema;
import io.meridian.index.elasticsearch.ElasticsearchAccess;
import io.meridian.index.elasticsearch.ElasticsearchEntityIndex;
import io.meridian.index.elasticsearch.ElasticsearchIndexConfig;
import io.meridian.rest.metrics.MetricsProperties;
import io.meridian.server.startup.StartupProgress;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Connections to Cassandra and Elasticsearch, with the schema brought up to date. */
@Configuration(proxyBeanMethods = false)
class StorageConfiguration {
  private static final Logger LOG = LoggerFactory.getLogger(StorageConfiguration.class);

  @Bean(destroyMethod = "close")
  EmbeddedServices embeddedServices(
      CassandraProperties cassandra,
      ElasticsearchProperties elasticsearch,
      EmbeddedProperties embedded,
      StartupProgress progress) {
    return EmbeddedServices.resolve(cassandra, elasticsearch, embedded, progress);
  }

  @Bean(destroyMethod = "close")
  CqlSession cqlSession(
      EmbeddedServices services,
      CassandraProperties properties,
      MetricsProperties metrics,
      MeterRegistry registry,
      StartupProgress progress) {
    Endpoints endpoints = services.endpoints();
    progress.step("migrating the Cassandra schema (keyspace " + properties.keyspace() + ")");
    // The migrating session keeps no schema metadata: with it, the driver answered each schema
    // change only after its 1 s refresh debounce, which made a fresh keyspace take 33 s to
    // create. CassandraSchema checks agreement itself after every change.
    try (CqlSession bootstrap = builder(endpoints, properties, null, false).build()) {
      int version =
          CassandraSchema.migrate(bootstrap, properties.keyspace(), properties.replication());
      progress.done(
          "Cassandra keyspace " + properties.keyspace() + " is at schema version " + version);
    }
    return builder(endpoints, properties, metrics.enabled() ? registry : null, true)
        .withKeyspace(properties.keyspace())
        .build();
  }

  /** Whether Cassandra answers, for the health endpoints. */
  @Bean
  StorageHealth storageHealth(CqlSession session) {
    return new CassandraHealth(session);
  }

  /**
   * @param registry where the driver's own meters go ({@code meridian_cassandra_*}); null for none
   * @param schemaMetadata whether the session keeps the schema's metadata (and waits for its
   *     refresh after each schema change)
   */
  private static CqlSessionBuilder builder(
      Endpoints endpoints,
      CassandraProperties properties,
      MeterRegistry registry,
      boolean schemaMetadata) {
    ProgrammaticDriverConfigLoaderBuilder options = DriverConfigLoader.programmaticBuilder();
    if (registry != null) {
      driverMetrics(options);
    }
    DriverConfigLoader config =
        options
            .withBoolean(DefaultDriverOption.METADATA_SCHEMA_ENABLED, schemaMetadata)
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, properties.requestTimeout())
            .withDuration(
                DefaultDriverOption.CONNECTION_CONNECT_TIMEOUT, properties.connectTimeout())
            .withDuration(
                DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, properties.connectTimeout())
            .withDuration(
                DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, properties.connectTimeout())
            .withDuration(
                DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
            .withString(DefaultDriverOption.REQUEST_CONSISTENCY, properties.consistency())
            .withString(DefaultDriverOption.REQUEST_SERIAL_CONSISTENCY, "SERIAL")
            .withBoolean(DefaultDriverOption.REQUEST_DEFAULT_IDEMPOTENCE, true)
            // One request may fan out (a page reads up to 1,000 entities, 64 at a time): with
            // dozens of such requests at once the default 1,024 in flight per connection ran out
            // (measured: 503s while paging with 32 clients). Protocol v4+ allows 32,768.
            .withInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS, 32_768)
            // Reconnect quickly: a restarted local node should be back within seconds.
            .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, Duration.ofMillis(500))
            .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, Duration.ofSeconds(5))
            .build();
    CqlSessionBuilder builder =
        CqlSession.builder()
            .withConfigLoader(config)
            .withLocalDatacenter(endpoints.localDatacenter());
    for (String contactPoint : endpoints.cassandraContactPoints()) {
      builder.addContactPoint(EmbeddedServices.hostPort(contactPoint));
    }
    if (registry != null) {
      builder.withMetricRegistry(registry);
    }
    if (properties.username() != null && !properties.username().isBlank()) {
      builder.withAuthCredentials(
          properties.username(), properties.password() == null ? "" : properties.password());
    }
    CassandraProperties.Tls tls = properties.tls();
    if (tls.enabled()) {
      builder.withSslEngineFactory(
          new ProgrammaticSslEngineFactory(
              TrustStores.sslContext(
                  "meridian.cassandra.tls.truststore", tls.truststore(), tls.truststorePassword()),
              null,
              tls.hostnameValidation()));
    }
    return builder;
  }

  /**
   * The driver's request latency, timeouts and errors through its Micrometer module. Names carry a
   * {@code session} and, per node, a {@code node} tag (bounded by the cluster's size) rather than
   * the driver's default dotted names with the address inside. Latency has fixed buckets: the
   * driver's default aggregable histogram has about 60 per series.
   */
  private static void driverMetrics(ProgrammaticDriverConfigLoaderBuilder options) {
    options
        .withString(DefaultDriverOption.SESSION_NAME, "meridian")
        .withString(DefaultDriverOption.METRICS_FACTORY_CLASS, "MicrometerMetricsFactory")
        .withString(DefaultDriverOption.METRICS_ID_GENERATOR_CLASS, "TaggingMetricIdGenerator")
        .withString(DefaultDriverOption.METRICS_ID_GENERATOR_PREFIX, "meridian.cassandra")
        .withBoolean(DefaultDriverOption.METRICS_GENERATE_AGGREGABLE_HISTOGRAMS, false)
        .withDurationList(
            DefaultDriverOption.METRICS_SESSION_CQL_REQUESTS_SLO, LatencyBuckets.BOUNDS)
        .withStringList(
            DefaultDriverOption.METRICS_SESSION_ENABLED,
            List.of(
                "cql-requests",
                "cql-client-timeouts",
                "connected-nodes",
                "bytes-sent",
                "bytes-received",
                "throttling.errors"))
        .withStringList(
            DefaultDriverOption.METRICS_NODE_ENABLED,
            List.of(
                "pool.open-connections",
                "pool.in-flight",
                "errors.request.unsent",
                "errors.request.aborted",
                "errors.request.write-timeouts",
                "errors.request.read-timeouts",
                "errors.request.unavailables",
                "errors.request.others",
                "retries.total",
                "errors.connection.init"));
  }

  /** Credentials when configured; trust from the trust store, if one is given. */
  private static ElasticsearchAccess access(ElasticsearchProperties properties) {
    boolean credentials = properties.username() != null && !properties.username().isBlank();
    return new ElasticsearchAccess(
        credentials ? properties.username() : null,
        credentials ? (properties.password() == null ? "" : properties.password()) : null,
        properties.truststore() == null
            ? null
            : TrustStores.sslContext(
                "meridian.elasticsearch.truststore",
                properties.truststore(),
                properties.truststorePassword()));
  }

  @Bean(destroyMethod = "close")
  ElasticsearchEntityIndex entityIndex(
      EmbeddedServices services, ElasticsearchProperties properties, StartupProgress progress) {
    progress.step("preparing the Elasticsearch index");
    ElasticsearchEntityIndex index =
        new ElasticsearchEntityIndex(
            new ElasticsearchIndexConfig(
                services.endpoints().elasticsearchUrls(),
                properties.indexPrefix(),
                properties.shards(),
                properties.replicas(),
                properties.connectTimeout(),
                properties.requestTimeout(),
                properties.maxValuesPerEntity()),
            access(properties));
    if (index.probe()) {
      index.ensureSchema();
    } else {
      LOG.warn("Elasticsearch is unavailable; its schema is created once it answers");
    }
    return index;
  }
}
