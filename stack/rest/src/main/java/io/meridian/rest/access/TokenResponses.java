package io.meridian.rest.access;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import io.meridian.core.identity.token.TokenService;

/** The body of a token response, as Usergrid's: the token, its lifetime in seconds, and who. */
public final class TokenResponses {
  private TokenResponses() {}

  public static byte[] of(TokenService.Issued issued, String field, JsonNode who) {
    ObjectNode body = Json.object();
    body.put("access_token", issued.text());
    body.put("expires_in", issued.ttl().toSeconds());
    if (field != null) {
      body.set(field, who);
    }
    return Json.write(body).getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  /**
   * Usergrid's admin token answer: {@code access_token} (left out when null), {@code expires_in} in
   * seconds, {@code passwordChanged} (when the password was last set, epoch milliseconds; left out
   * when null) and {@code user}.
   */
  public static byte[] ofAdmin(String token, long expiresIn, Long passwordChanged, JsonNode user) {
    ObjectNode body = Json.object();
    if (token != null) {
      body.put("access_token", token);
    }
    body.put("expires_in", expiresIn);
    if (passwordChanged != null) {
      body.put("passwordChanged", passwordChanged);
    }
    body.set("user", user);
    return Json.write(body).getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }
}
