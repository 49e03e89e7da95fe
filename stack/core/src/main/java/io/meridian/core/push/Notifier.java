package io.meridian.core.push;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.UUID;

/**
 * A notifier as a sender needs it: its public settings and its decrypted credentials. Never
 * rendered: the API shows the notifier entity, which holds no credential.
 *
 * @param version the entity's version, so that a provider reconnects after the notifier changed
 */
public record Notifier(
    UUID applicationId,
    UUID uuid,
    String name,
    String provider,
    long version,
    ObjectNode settings,
    ObjectNode credentials) {

  /** A setting as text, or null. */
  public String setting(String key) {
    var value = settings.get(key);
    return value == null || value.isNull() ? null : value.asText();
  }

  /** A credential as text, or null. */
  public String credential(String key) {
    var value = credentials.get(key);
    return value == null || value.isNull()
        ? null
        : value.isTextual() ? value.asText() : value.toString();
  }

  @Override
  public String toString() {
    return "Notifier[" + name + ", " + provider + ", " + uuid + "]"; // never the credentials
  }
}
