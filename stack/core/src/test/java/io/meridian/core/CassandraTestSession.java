package io.meridian.core;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import io.meridian.core.schema.CassandraSchema;
import io.meridian.local.Endpoints;
import io.meridian.local.SharedServices;
import java.net.InetSocketAddress;
import java.time.Duration;

/** A session on the shared test Cassandra, in a keyspace migrated to the newest schema. */
public final class CassandraTestSession {
  public static final String KEYSPACE = "meridian_core_it";

  private CassandraTestSession() {}

  public static CqlSession open() {
    Endpoints services = SharedServices.get();
    // As the server's migrating session: without schema metadata a schema change is not held up
    // by the driver's 1 s refresh debounce (CassandraSchema checks agreement itself). No test reads
    // the driver's schema metadata, and some change the schema (MigrationsRerunIT), so the session
    // they get does without it too.
    DriverConfigLoader config =
        DriverConfigLoader.programmaticBuilder()
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(10))
            .withString(DefaultDriverOption.REQUEST_CONSISTENCY, "LOCAL_QUORUM")
            .withBoolean(DefaultDriverOption.METADATA_SCHEMA_ENABLED, false)
            .build();
    InetSocketAddress address =
        new InetSocketAddress(services.cassandraHost(), services.cassandraPort());
    try (CqlSession bootstrap =
        CqlSession.builder()
            .withConfigLoader(config)
            .addContactPoint(address)
            .withLocalDatacenter(services.localDatacenter())
            .build()) {
      CassandraSchema.migrate(
          bootstrap, KEYSPACE, "{'class': 'SimpleStrategy', 'replication_factor': 1}");
    }
    return CqlSession.builder()
        .withConfigLoader(config)
        .addContactPoint(address)
        .withLocalDatacenter(services.localDatacenter())
        .withKeyspace(KEYSPACE)
        .build();
  }
}
