package io.meridian.core.identity.admin;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
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

  /**
   * An admin's email as Usergrid takes it: no format rule beyond one {@code @} with something on
   * each side and no whitespace (a login with {@code @} is looked up as an email), and no limit on
   * the local part; the whole at most {@link #MAX_EMAIL_LENGTH} characters, so one stays a key.
   */
  private static final Pattern ADMIN_EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+");

  static final int MAX_EMAIL_LENGTH = 320;

  private RegistryRules() {}

  static boolean isReserved(String name) {
    return RESERVED.contains(name.toLowerCase(Locale.ROOT));
  }

  static void requireUnreserved(String organization) {
    if (RESERVED.contains(organization.toLowerCase(Locale.ROOT))) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "'" + organization + "' is reserved; choose another name");
    }
  }

  static void requireAdminLogin(String username, String email) {
    boolean emailAsUsername = username != null && username.equals(email);
    if (username == null || !(emailAsUsername || USERNAME.matcher(username).matches())) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "A username is 1 to 128 letters, digits or '_.@+-', starting with a letter or digit");
    }
    if (!adminEmail(email)) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "An admin needs a valid email");
    }
  }

  static boolean adminEmail(String email) {
    return email != null
        && email.length() <= MAX_EMAIL_LENGTH
        && ADMIN_EMAIL.matcher(email).matches();
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
