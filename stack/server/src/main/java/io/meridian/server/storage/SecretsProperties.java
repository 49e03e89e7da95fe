package io.meridian.server.storage;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The operator's key-encryption keys, which wrap the cluster's secrets (the token and cursor
 * signing keys) in Cassandra. Each is 32 bytes in base64, given inline or as a file holding that
 * text (a mounted Kubernetes Secret); a key and its file are exclusive. Without a key, secrets are
 * stored in plain text.
 *
 * @param previousKeyEncryptionKey during a rotation, the key being replaced: secrets wrapped under
 *     it are read and re-wrapped under the new one
 */
@ConfigurationProperties("meridian.secrets")
public record SecretsProperties(
    String keyEncryptionKey,
    Path keyEncryptionKeyFile,
    String previousKeyEncryptionKey,
    Path previousKeyEncryptionKeyFile) {}
