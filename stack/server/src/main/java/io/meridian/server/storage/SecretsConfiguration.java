package io.meridian.server.storage;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.secret.CassandraSecretStore;
import io.meridian.core.secret.KeyEncryption;
import io.meridian.core.secret.SecretStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The cluster's secrets, wrapped at rest under the operator's key-encryption key if one is set. */
@Configuration(proxyBeanMethods = false)
class SecretsConfiguration {
  private static final Logger LOG = LoggerFactory.getLogger(SecretsConfiguration.class);

  @Bean
  SecretStore secretStore(CqlSession session, SecretsProperties properties) {
    KeyEncryption keys = keyEncryption(properties);
    if (keys.enabled()) {
      LOG.info("Secrets are encrypted at rest with key-encryption key {}", keys.currentId());
    } else {
      LOG.info(
          "No key-encryption key is configured (meridian.secrets.key-encryption-key): secrets are"
              + " stored in plain text");
    }
    return new CassandraSecretStore(session, keys);
  }

  static KeyEncryption keyEncryption(SecretsProperties properties) {
    return KeyEncryption.of(
        key(
            "meridian.secrets.key-encryption-key",
            properties.keyEncryptionKey(),
            properties.keyEncryptionKeyFile()),
        key(
            "meridian.secrets.previous-key-encryption-key",
            properties.previousKeyEncryptionKey(),
            properties.previousKeyEncryptionKeyFile()));
  }

  /** The key given inline or in a file, or null for neither; never both. */
  private static byte[] key(String setting, String inline, Path file) {
    boolean hasInline = inline != null && !inline.isBlank();
    if (hasInline && file != null) {
      throw new IllegalStateException(setting + " and " + setting + "-file are exclusive");
    }
    String text;
    if (hasInline) {
      text = inline;
    } else if (file != null) {
      try {
        text = Files.readString(file, StandardCharsets.US_ASCII);
      } catch (IOException e) {
        throw new UncheckedIOException("Could not read " + setting + "-file " + file, e);
      }
    } else {
      return null;
    }
    byte[] key;
    try {
      key = Base64.getDecoder().decode(text.strip());
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(setting + " is not base64 (openssl rand -base64 32)");
    }
    if (key.length != KeyEncryption.KEY_LENGTH) {
      throw new IllegalStateException(
          setting + " must be 32 bytes in base64 (openssl rand -base64 32); it is " + key.length);
    }
    return key;
  }
}
