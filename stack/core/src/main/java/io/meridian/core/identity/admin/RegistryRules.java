package io.meridian.core.identity.admin;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.Emails;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the registry accepts from a request, each a 400 that changes nothing: organization names
 * that no path uses already, admin usernames and emails, organization properties within their size,
 * and an application's deletion confirmed by its name or uuid.
 */
final class RegistryRules {
  /** Names that are the first segment of other paths, so no organization may take them. */
  private static final Set<String> RESERVED =
      Set.of(
          "management",
          "system",
          "status",
          "lb-status",
          "docs",
          "console",
          "metrics",
          "openapi.json",
          "openapi.yaml",
          "asyncapi.json");

  private static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.@+-]{0,127}");

  private RegistryRules() {}

  static void requireUnreserved(String organization) {
    if (RESERVED.contains(organization.toLowerCase(Locale.ROOT))) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "'" + organization + "' is reserved; choose another name");
    }
  }

  static void requireAdminLogin(String username, String email) {
    if (username == null || !USERNAME.matcher(username).matches()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "A username is 1 to 128 letters, digits or '_.@+-', starting with a letter or digit");
    }
    if (!Emails.valid(email)) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "An admin needs a valid email");
    }
  }

  /** Organization properties as stored: a JSON object of at most {@code maxBytes} bytes. */
  static String requireProperties(JsonNode properties, int maxBytes) {
    if (properties == null || !properties.isObject()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "Send the organization's custom properties as {\"properties\": {...}}");
    }
    String json = Json.write(properties);
    if (json.getBytes(StandardCharsets.UTF_8).length > maxBytes) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "An organization's properties take at most " + maxBytes + " bytes of JSON");
    }
    return json;
  }

  static void requireDeletionConfirmed(ApplicationRef application, String confirmation) {
    if (confirmation == null
        || !(confirmation.equalsIgnoreCase(application.application())
            || confirmation.equals(application.id().toString()))) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "Confirm the deletion with confirm_application_identifier=<the application's name or"
              + " uuid>");
    }
  }
}
