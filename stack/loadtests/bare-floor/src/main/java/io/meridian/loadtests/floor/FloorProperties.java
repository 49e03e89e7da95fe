package io.meridian.loadtests.floor;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the floor reads: Meridian's Cassandra, keyspace and application. The driver settings that
 * matter for a read (consistency, timeouts) default to Meridian's own defaults ({@code
 * meridian.cassandra.*} in docs/configuration.md).
 *
 * @param org the organization whose application's entities {@code /floor/{uuid}} reads
 * @param app that application (names are looked up lower-cased, as Meridian stores them)
 */
@ConfigurationProperties("floor")
public record FloorProperties(
    @DefaultValue("127.0.0.1:9042") List<String> contactPoints,
    @DefaultValue("datacenter1") String localDatacenter,
    @DefaultValue("meridian") String keyspace,
    @DefaultValue("LOCAL_QUORUM") String consistency,
    @DefaultValue("2s") Duration requestTimeout,
    @DefaultValue("5s") Duration connectTimeout,
    String org,
    String app) {

  String orgKey() {
    return org == null ? null : org.toLowerCase(Locale.ROOT);
  }

  String appKey() {
    return app == null ? null : app.toLowerCase(Locale.ROOT);
  }
}
