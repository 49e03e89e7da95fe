package io.meridian.loadtests.floor;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.Row;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.UUID;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The session, configured like Meridian's serving session (stack/server's StorageConfiguration):
 * the same consistency, timeouts, idempotence, in-flight limit and reconnection policy, schema
 * metadata kept. Only the driver's Micrometer meters are left out: they are Meridian's own cost.
 */
@Configuration(proxyBeanMethods = false)
class FloorStorage {

  @Bean(destroyMethod = "close")
  CqlSession cqlSession(FloorProperties properties) {
    DriverConfigLoader config =
        DriverConfigLoader.programmaticBuilder()
            .withBoolean(DefaultDriverOption.METADATA_SCHEMA_ENABLED, true)
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
            .withInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS, 32_768)
            .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, Duration.ofMillis(500))
            .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, Duration.ofSeconds(5))
            .build();
    CqlSessionBuilder builder =
        CqlSession.builder()
            .withConfigLoader(config)
            .withLocalDatacenter(properties.localDatacenter())
            .withKeyspace(properties.keyspace());
    for (String contactPoint : properties.contactPoints()) {
      int colon = contactPoint.lastIndexOf(':');
      builder.addContactPoint(
          colon < 0
              ? new InetSocketAddress(contactPoint, 9042)
              : new InetSocketAddress(
                  contactPoint.substring(0, colon),
                  Integer.parseInt(contactPoint.substring(colon + 1))));
    }
    return builder.build();
  }

  /** The application whose entities the floor reads, resolved once from Meridian's own table. */
  @Bean
  FloorApplication floorApplication(CqlSession session, FloorProperties properties) {
    if (properties.org() == null || properties.app() == null) {
      throw new IllegalStateException("Set --floor.org and --floor.app (the application to read)");
    }
    Row row =
        session
            .execute(
                session
                    .prepare("SELECT app_id FROM applications WHERE org = ? AND app = ?")
                    .bind(properties.orgKey(), properties.appKey()))
            .one();
    if (row == null) {
      throw new IllegalStateException(
          "No application " + properties.org() + "/" + properties.app() + " in this keyspace");
    }
    return new FloorApplication(row.getUuid("app_id"));
  }

  record FloorApplication(UUID id) {}
}
