package io.meridian.server.storage;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where Meridian's Cassandra is and how it is used.
 *
 * @param contactPoints host:port of one or more nodes
 * @param replication CQL replication map used when the keyspace is created
 * @param consistency consistency level of reads and writes (QUORUM-class levels keep RF 3 safe)
 * @param username a role of Cassandra's PasswordAuthenticator, or null when authentication is off
 * @param tls client-to-node encryption
 */
@ConfigurationProperties("meridian.cassandra")
public record CassandraProperties(
    @DefaultValue("127.0.0.1:9042") List<String> contactPoints,
    @DefaultValue("datacenter1") String localDatacenter,
    @DefaultValue("meridian") String keyspace,
    @DefaultValue("{'class': 'SimpleStrategy', 'replication_factor': 1}") String replication,
    @DefaultValue("LOCAL_QUORUM") String consistency,
    @DefaultValue("2s") Duration requestTimeout,
    @DefaultValue("5s") Duration connectTimeout,
    String username,
    String password,
    @DefaultValue Tls tls) {

  /**
   * @param truststore a PEM file of CA certificates, or a PKCS12/JKS trust store; none means the
   *     JVM's default trust store
   * @param hostnameValidation whether a node's certificate must name the address connected to
   */
  public record Tls(
      boolean enabled,
      Path truststore,
      String truststorePassword,
      @DefaultValue("true") boolean hostnameValidation) {}

  @Override
  public String toString() {
    return "CassandraProperties[contactPoints=" + contactPoints + ", keyspace=" + keyspace + "]";
  }
}
