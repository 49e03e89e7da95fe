package io.meridian.server.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collections;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrustStoresTest {
  @TempDir Path dir;

  private Path pem() throws Exception {
    Path file = dir.resolve("ca.pem");
    try (InputStream in = getClass().getResourceAsStream("/tls/test-ca.pem")) {
      Files.copy(in, file);
    }
    return file;
  }

  private static Certificate certificate(Path pem) throws Exception {
    try (InputStream in = Files.newInputStream(pem)) {
      return CertificateFactory.getInstance("X.509").generateCertificate(in);
    }
  }

  private static boolean holds(KeyStore store, Certificate certificate) throws Exception {
    for (String alias : Collections.list(store.aliases())) {
      if (certificate.equals(store.getCertificate(alias))) {
        return true;
      }
    }
    return false;
  }

  @Test
  void a_pem_file_of_ca_certificates_is_a_trust_store() throws Exception {
    Path pem = pem();

    assertThat(holds(TrustStores.load(pem, null), certificate(pem))).isTrue();
    assertThat(TrustStores.sslContext("setting", pem, null).getProtocol()).isEqualTo("TLS");
  }

  @Test
  void a_pkcs12_trust_store_is_read_with_its_password() throws Exception {
    Path pem = pem();
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    store.setCertificateEntry("ca", certificate(pem));
    Path p12 = dir.resolve("trust.p12");
    try (OutputStream out = Files.newOutputStream(p12)) {
      store.store(out, "changeit".toCharArray());
    }

    assertThat(holds(TrustStores.load(p12, "changeit"), certificate(pem))).isTrue();
    assertThat(TrustStores.sslContext("setting", p12, "changeit")).isNotNull();
  }

  @Test
  void no_trust_store_means_the_default_trust() throws Exception {
    assertThat(TrustStores.sslContext("setting", null, null)).isSameAs(SSLContext.getDefault());
  }

  @Test
  void an_unreadable_trust_store_names_its_setting() throws Exception {
    Path garbage = dir.resolve("garbage.p12");
    Files.writeString(garbage, "not a trust store");

    assertThatThrownBy(
            () -> TrustStores.sslContext("meridian.cassandra.tls.truststore", garbage, "x"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("meridian.cassandra.tls.truststore");
  }
}
