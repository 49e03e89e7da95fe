package io.meridian.index.elasticsearch;

import javax.net.ssl.SSLContext;

/**
 * How Meridian proves itself to Elasticsearch and checks Elasticsearch's certificate.
 *
 * @param username a user of Elasticsearch's native realm, or null for none (security off)
 * @param password its password
 * @param sslContext trusts the certificates of {@code https://} nodes; null for the JVM's default
 *     trust store
 */
public record ElasticsearchAccess(String username, String password, SSLContext sslContext) {
  public static final ElasticsearchAccess NONE = new ElasticsearchAccess(null, null, null);

  public ElasticsearchAccess {
    if ((username == null) != (password == null)) {
      throw new IllegalArgumentException("An Elasticsearch username needs a password, and back");
    }
  }

  @Override
  public String toString() {
    return "ElasticsearchAccess[username=" + username + ", tls=" + (sslContext != null) + "]";
  }
}
