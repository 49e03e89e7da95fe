package io.meridian.core.device;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Iterator;
import java.util.Locale;
import java.util.Set;

/**
 * An application's settings of the device edge.
 *
 * @param deviceSecretRequired whether a device must present its secret ({@link DeviceSecrets}) to
 *     attach: knowing the application's key (its public client id) is then not enough
 * @param webhookUrl where devices' upstream events are posted, or null for no webhook
 */
public record EdgeSettings(boolean deviceSecretRequired, URI webhookUrl) {
  /**
   * An application that never changed its settings: devices prove who they are, no webhook.
   * Settings stored while secrets were not required by default (before 2026-11-29) keep what they
   * say.
   */
  public static final EdgeSettings DEFAULTS = new EdgeSettings(true, null);

  public static final String DEVICE_SECRET_REQUIRED = "device_secret_required";
  public static final String WEBHOOK_URL = "webhook_url";

  /** Asks for a new webhook signing key in an update; not a setting. */
  public static final String REGENERATE_WEBHOOK_KEY = "regenerate_webhook_key";

  static final int MAX_URL_LENGTH = 2_000;

  private static final Set<String> KNOWN =
      Set.of(DEVICE_SECRET_REQUIRED, WEBHOOK_URL, REGENERATE_WEBHOOK_KEY);

  /** The settings as stored and shown. */
  public ObjectNode toJson() {
    ObjectNode json = Json.object();
    json.put(DEVICE_SECRET_REQUIRED, deviceSecretRequired);
    if (webhookUrl == null) {
      json.putNull(WEBHOOK_URL);
    } else {
      json.put(WEBHOOK_URL, webhookUrl.toString());
    }
    return json;
  }

  /** Settings this system stored. */
  static EdgeSettings fromStored(String text) {
    if (text == null) {
      return DEFAULTS;
    }
    ObjectNode json = Json.parseStoredObject(text);
    JsonNode url = json.path(WEBHOOK_URL);
    return new EdgeSettings(
        json.path(DEVICE_SECRET_REQUIRED).asBoolean(DEFAULTS.deviceSecretRequired()),
        url.isTextual() ? URI.create(url.asText()) : null);
  }

  /**
   * These settings changed by a client's update: members absent stay as they are, {@code
   * "webhook_url": null} removes the webhook. 400 {@code illegal_argument} for anything but a JSON
   * object of known members with values of their type.
   */
  public EdgeSettings updatedBy(JsonNode update) {
    if (update == null || !update.isObject()) {
      throw invalid(
          "Edge settings are a JSON object, e.g. {\"" + DEVICE_SECRET_REQUIRED + "\": true}");
    }
    for (Iterator<String> names = update.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!KNOWN.contains(name)) {
        throw invalid(
            "Unknown edge setting '"
                + name
                + "'; known: "
                + String.join(", ", KNOWN.stream().sorted().toList()));
      }
    }
    boolean secretRequired = deviceSecretRequired;
    JsonNode required = update.get(DEVICE_SECRET_REQUIRED);
    if (required != null) {
      if (!required.isBoolean()) {
        throw invalid("Setting '" + DEVICE_SECRET_REQUIRED + "' must be true or false");
      }
      secretRequired = required.booleanValue();
    }
    URI url = webhookUrl;
    JsonNode urlNode = update.get(WEBHOOK_URL);
    if (urlNode != null) {
      if (urlNode.isNull()) {
        url = null;
      } else if (!urlNode.isTextual()) {
        throw invalid("Setting '" + WEBHOOK_URL + "' must be an http or https URL, or null");
      } else {
        url = webhookUrl(urlNode.asText());
      }
    }
    JsonNode regenerate = update.get(REGENERATE_WEBHOOK_KEY);
    if (regenerate != null && !regenerate.isBoolean()) {
      throw invalid("'" + REGENERATE_WEBHOOK_KEY + "' must be true or false");
    }
    return new EdgeSettings(secretRequired, url);
  }

  /** Whether an update asks for a new webhook signing key. */
  public static boolean regeneratesKey(JsonNode update) {
    return update != null && update.path(REGENERATE_WEBHOOK_KEY).asBoolean(false);
  }

  /**
   * A webhook's URL: absolute http or https with a host, no credentials, no fragment; 400 for any
   * other.
   */
  public static URI webhookUrl(String text) {
    if (text.length() > MAX_URL_LENGTH) {
      throw invalid(
          "Setting '" + WEBHOOK_URL + "' is longer than " + MAX_URL_LENGTH + " characters");
    }
    URI uri;
    try {
      uri = new URI(text);
    } catch (URISyntaxException e) {
      throw invalid("Setting '" + WEBHOOK_URL + "' is not a URL: " + e.getReason());
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!uri.isAbsolute() || !(scheme.equals("http") || scheme.equals("https"))) {
      throw invalid("Setting '" + WEBHOOK_URL + "' must be an http or https URL");
    }
    if (uri.getHost() == null || uri.getHost().isEmpty()) {
      throw invalid("Setting '" + WEBHOOK_URL + "' must name a host");
    }
    if (uri.getRawUserInfo() != null) {
      throw invalid(
          "Setting '" + WEBHOOK_URL + "' may not carry credentials; the body is signed instead");
    }
    if (uri.getRawFragment() != null) {
      throw invalid("Setting '" + WEBHOOK_URL + "' may not have a fragment");
    }
    return uri;
  }

  private static MeridianException invalid(String description) {
    return new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, description);
  }
}
