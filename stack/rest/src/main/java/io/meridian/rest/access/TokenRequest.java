package io.meridian.rest.access;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import jakarta.ws.rs.core.MultivaluedMap;
import java.time.Duration;

/**
 * An OAuth2 token request as Usergrid accepts it: fields from a JSON body, a form body or the query
 * string (the body wins), {@code ttl} in milliseconds.
 */
public record TokenRequest(
    String grantType,
    String username,
    String password,
    String clientId,
    String clientSecret,
    Duration ttl) {

  public static final String PASSWORD = "password";
  public static final String CLIENT_CREDENTIALS = "client_credentials";

  public static TokenRequest of(ObjectNode body, MultivaluedMap<String, String> query) {
    String grantType = field(body, query, "grant_type");
    if (grantType == null) {
      throw new MeridianException(
          ErrorCode.UNSUPPORTED_GRANT_TYPE,
          "grant_type is required: 'password' or 'client_credentials'");
    }
    if (!grantType.equals(PASSWORD) && !grantType.equals(CLIENT_CREDENTIALS)) {
      throw new MeridianException(
          ErrorCode.UNSUPPORTED_GRANT_TYPE,
          "Unsupported grant_type '" + grantType + "': use 'password' or 'client_credentials'");
    }
    TokenRequest request =
        new TokenRequest(
            grantType,
            field(body, query, "username"),
            field(body, query, "password"),
            field(body, query, "client_id"),
            field(body, query, "client_secret"),
            ttl(field(body, query, "ttl")));
    if (grantType.equals(PASSWORD) && (request.username == null || request.password == null)) {
      throw new MeridianException(
          ErrorCode.INVALID_GRANT, "The password grant needs a username and a password");
    }
    if (grantType.equals(CLIENT_CREDENTIALS)
        && (request.clientId == null || request.clientSecret == null)) {
      throw new MeridianException(
          ErrorCode.INVALID_GRANT,
          "The client_credentials grant needs client_id and client_secret");
    }
    return request;
  }

  private static String field(ObjectNode body, MultivaluedMap<String, String> query, String name) {
    JsonNode value = body.get(name);
    if (value != null && !value.isNull()) {
      return value.isValueNode() ? value.asText() : null;
    }
    return query.getFirst(name);
  }

  private static Duration ttl(String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      return Duration.ofMillis(Long.parseLong(value.trim()));
    } catch (NumberFormatException e) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "ttl must be a whole number of milliseconds");
    }
  }
}
