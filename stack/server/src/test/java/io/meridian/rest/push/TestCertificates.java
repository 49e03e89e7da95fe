package io.meridian.rest.push;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/** A private certificate authority for the tests' TLS fakes, and the keys Apple would issue. */
final class TestCertificates {
  private static final AtomicLong SERIAL = new AtomicLong(System.currentTimeMillis());

  final KeyPair authorityKeys = rsa();
  final X509Certificate authority;

  TestCertificates() {
    X500Name name = new X500Name("CN=Meridian test authority");
    authority = sign(name, authorityKeys.getPublic(), name, true, null);
  }

  /** A server certificate for 127.0.0.1 and localhost, and its key. */
  Issued server() {
    KeyPair keys = rsa();
    GeneralNames names =
        new GeneralNames(
            new GeneralName[] {
              new GeneralName(GeneralName.iPAddress, "127.0.0.1"),
              new GeneralName(GeneralName.dNSName, "localhost")
            });
    return new Issued(
        sign(new X500Name("CN=localhost"), keys.getPublic(), null, false, names),
        keys.getPrivate());
  }

  /** An APNs client certificate for one topic, as Apple issues them (the topic as the UID). */
  Issued apnsClient(String topic) {
    KeyPair keys = rsa();
    X500Name subject = new X500Name("CN=Apple Push Services: " + topic + ",UID=" + topic);
    return new Issued(sign(subject, keys.getPublic(), null, false, null), keys.getPrivate());
  }

  record Issued(X509Certificate certificate, PrivateKey key) {
    /** Base64 PKCS#12 of the key and its chain, as a notifier's {@code p12Certificate}. */
    String pkcs12(String password, X509Certificate authority) {
      try {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry(
            "apns", key, password.toCharArray(), new Certificate[] {certificate, authority});
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        store.store(out, password.toCharArray());
        return Base64.getEncoder().encodeToString(out.toByteArray());
      } catch (IOException | GeneralSecurityException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  /** A PEM file of the authority's certificate, for whatever must trust it. */
  Path authorityPem() {
    try {
      Path file = Files.createTempFile("meridian-test-ca", ".pem");
      file.toFile().deleteOnExit();
      Files.writeString(
          file, pem("CERTIFICATE", authority.getEncoded()), StandardCharsets.US_ASCII);
      return file;
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  static String pem(String type, byte[] der) {
    return "-----BEGIN "
        + type
        + "-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
        + "\n-----END "
        + type
        + "-----\n";
  }

  /** An EC P-256 key pair, as APNs token-signing keys are. */
  static KeyPair ec() {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
      generator.initialize(256);
      return generator.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static KeyPair rsa() {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
      generator.initialize(2048);
      return generator.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private X509Certificate sign(
      X500Name subject,
      java.security.PublicKey key,
      X500Name issuer,
      boolean ca,
      GeneralNames names) {
    try {
      Instant now = Instant.now();
      JcaX509v3CertificateBuilder builder =
          new JcaX509v3CertificateBuilder(
              issuer == null ? new X500Name(authority.getSubjectX500Principal().getName()) : issuer,
              BigInteger.valueOf(SERIAL.incrementAndGet()),
              Date.from(now.minus(Duration.ofHours(1))),
              Date.from(now.plus(Duration.ofDays(2))),
              subject,
              key);
      builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
      if (names != null) {
        builder.addExtension(Extension.subjectAlternativeName, false, names);
      }
      return new JcaX509CertificateConverter()
          .getCertificate(
              builder.build(
                  new JcaContentSignerBuilder("SHA256withRSA").build(authorityKeys.getPrivate())));
    } catch (Exception e) {
      throw e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e);
    }
  }

  static UncheckedIOException unchecked(IOException e) {
    return new UncheckedIOException(e);
  }
}
