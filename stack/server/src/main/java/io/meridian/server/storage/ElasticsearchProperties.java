package io.meridian.server.storage;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where Meridian's Elasticsearch is and how its index is laid out.
 *
 * @param maxValuesPerEntity how many property values of one entity are indexed at most; values
 *     beyond are stored but not searchable
 * @param username a user of Elasticsearch's security, or null when security is off
 * @param truststore for {@code https://} URLs: a PEM file of CA certificates (Elasticsearch's
 *     {@code http_ca.crt}), or a PKCS12/JKS trust store; none means the JVM's default trust store
 */
@ConfigurationProperties("meridian.elasticsearch")
public record ElasticsearchProperties(
    @DefaultValue("http://127.0.0.1:9200") List<String> urls,
    @DefaultValue("meridian") String indexPrefix,
    @DefaultValue("1") int shards,
    @DefaultValue("0") int replicas,
    @DefaultValue("1s") Duration connectTimeout,
    @DefaultValue("10s") Duration requestTimeout,
    @DefaultValue("2000") int maxValuesPerEntity,
    String username,
    String password,
    Path truststore,
    String truststorePassword) {

  @Override
  public String toString() {
    return "ElasticsearchProperties[urls=" + urls + ", indexPrefix=" + indexPrefix + "]";
  }
}
