package io.meridian.server.storage;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * TLS trust for the connections to Cassandra and Elasticsearch: the certificates of a PEM file
 * (what Elasticsearch and most tooling hand out) or of a PKCS12/JKS trust store (what Java tooling
 * hands out); which one a file is, is read from its first bytes.
 */
final class TrustStores {
  private TrustStores() {}

  /**
   * @param truststore the file, or null for the JVM's default trust
   * @param password the trust store's password; unused for PEM
   */
  static SSLContext sslContext(String setting, Path truststore, String password) {
    try {
      if (truststore == null) {
        return SSLContext.getDefault();
      }
      KeyStore trusted = load(truststore, password);
      TrustManagerFactory trust =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(trusted);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, trust.getTrustManagers(), null);
      return context;
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException(
          "Could not read " + setting + " " + truststore + ": " + e.getMessage(), e);
    }
  }

  static KeyStore load(Path file, String password) throws IOException, GeneralSecurityException {
    byte[] bytes = Files.readAllBytes(file);
    if (new String(bytes, 0, Math.min(bytes.length, 64), StandardCharsets.US_ASCII)
        .contains("-----BEGIN")) {
      KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
      store.load(null, null);
      int n = 0;
      try (InputStream in = Files.newInputStream(file)) {
        for (Certificate certificate :
            CertificateFactory.getInstance("X.509").generateCertificates(in)) {
          store.setCertificateEntry("ca-" + n++, certificate);
        }
      }
      if (n == 0) {
        throw new GeneralSecurityException("no certificate in the PEM file");
      }
      return store;
    }
    return KeyStore.getInstance(file.toFile(), password == null ? null : password.toCharArray());
  }
}
