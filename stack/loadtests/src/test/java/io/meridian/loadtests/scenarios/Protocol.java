package io.meridian.loadtests.scenarios;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.meridian.loadtests.load.MeridianClient;
import java.net.URI;

/**
 * The HTTP protocol of every simulation, and how a virtual user authenticates. A virtual user whose
 * session holds {@code token} sends it as a bearer token; one without sends no credentials (an
 * anonymous caller, under the guest role).
 */
public final class Protocol {
  public static final String TOKEN = "token";

  private Protocol() {}

  public static HttpProtocolBuilder of(URI baseUrl) {
    return http.baseUrl(baseUrl.toString())
        .acceptHeader("application/json")
        .contentTypeHeader("application/json")
        .disableCaching()
        .disableWarmUp()
        .sign(
            (request, session) -> {
              if (session.contains(TOKEN)) {
                request.getHeaders().set("Authorization", "Bearer " + session.getString(TOKEN));
              }
              return request;
            });
  }

  /**
   * The HTTP protocol with WebSockets at the same host ({@code ws://} for {@code http://}, {@code
   * wss://} for {@code https://}); an unmatched message is kept, up to {@code unmatchedBuffer}, for
   * {@code ws.processUnmatchedMessages}.
   */
  public static HttpProtocolBuilder withSockets(URI baseUrl, int unmatchedBuffer) {
    String socketUrl = baseUrl.toString().replaceFirst("^http", "ws");
    return of(baseUrl).wsBaseUrl(socketUrl).wsUnmatchedInboundMessageBufferSize(unmatchedBuffer);
  }

  /** Signs in as application user {@code #{username}} with {@code #{password}}, once. */
  public static ChainBuilder login(String appPath) {
    return exec(
        http("sign in (password grant)")
            .post(appPath + "/token")
            .body(
                StringBody(
                    session ->
                        MeridianClient.JSON
                            .createObjectNode()
                            .put("grant_type", "password")
                            .put("username", session.getString("username"))
                            .put("password", session.getString("password"))
                            .toString()))
            .check(status().is(200), jsonPath("$.access_token").saveAs(TOKEN)));
  }
}
