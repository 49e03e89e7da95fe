package io.meridian.core.push;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import io.meridian.core.secret.KeyEncryption;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * Seals a notifier's credentials with AES-256-GCM under the cluster's push data key (a secret of
 * the {@link io.meridian.core.secret.SecretStore}, itself wrapped under the operator's
 * key-encryption key when one is set). The application and notifier ids are the associated data:
 * sealed credentials copied to another notifier do not open.
 */
public final class PushCredentials {
  private final KeyEncryption key;

  public PushCredentials(byte[] dataKey) {
    this.key = KeyEncryption.of(dataKey, null);
  }

  byte[] seal(UUID applicationId, UUID notifier, ObjectNode credentials) {
    return key.wrap(
        name(applicationId, notifier), Json.write(credentials).getBytes(StandardCharsets.UTF_8));
  }

  ObjectNode open(UUID applicationId, UUID notifier, byte[] sealed) {
    byte[] plain = key.unwrap(name(applicationId, notifier), key.currentId(), sealed);
    return Json.parseStoredObject(new String(plain, StandardCharsets.UTF_8));
  }

  private static String name(UUID applicationId, UUID notifier) {
    return "notifier/" + applicationId + "/" + notifier;
  }
}
