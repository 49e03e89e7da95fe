package io.meridian.rest.push;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import io.meridian.core.common.Json;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.UUID;

/**
 * FCM as the tests meet it: WireMock serving the HTTP v1 send endpoint (200 with the access token
 * Google's token endpoint gave, FCM's 404 UNREGISTERED for one token, 429 with Retry-After twice
 * for another) and the OAuth 2 token endpoint, which answers a JWT-bearer assertion.
 */
final class FcmFake {
  /** The state every WireMock scenario starts in. */
  private static final String FIRST_STATE = "Started";

  static final String PROJECT = "meridian-test";
  static final String ACCESS_TOKEN = "ya29.test-" + UUID.randomUUID();
  static final String SEND = "/v1/projects/" + PROJECT + "/messages:send";

  final WireMockServer server = start();

  private static WireMockServer start() {
    WireMockServer server = new WireMockServer(options().dynamicPort());
    server.start();
    server.givenThat(
        post(urlEqualTo("/token"))
            .withRequestBody(containing("jwt-bearer"))
            .willReturn(
                aResponse()
                    .withHeader("Content-Type", "application/json")
                    .withBody(
                        "{\"access_token\":\""
                            + ACCESS_TOKEN
                            + "\",\"expires_in\":3600,\"token_type\":\"Bearer\"}")));
    server.givenThat(
        post(urlEqualTo(SEND))
            .withHeader("Authorization", equalTo("Bearer " + ACCESS_TOKEN))
            .atPriority(5)
            .willReturn(
                aResponse()
                    .withHeader("Content-Type", "application/json")
                    .withBody("{\"name\":\"projects/" + PROJECT + "/messages/1\"}")));
    server.givenThat(
        post(urlEqualTo(SEND))
            .withRequestBody(matchingJsonPath("$.message.token", equalTo("gone-token")))
            .atPriority(1)
            .willReturn(
                aResponse()
                    .withStatus(404)
                    .withHeader("Content-Type", "application/json")
                    .withBody(
                        "{\"error\":{\"code\":404,\"status\":\"NOT_FOUND\",\"message\":\"Requested"
                            + " entity was not found.\",\"details\":[{\"@type\":"
                            + "\"type.googleapis.com/google.firebase.fcm.v1.FcmError\","
                            + "\"errorCode\":\"UNREGISTERED\"}]}}")));
    for (int i = 0; i < 2; i++) {
      server.givenThat(
          post(urlEqualTo(SEND))
              .withRequestBody(matchingJsonPath("$.message.token", equalTo("busy-token")))
              .atPriority(1)
              .inScenario("busy")
              .whenScenarioStateIs(i == 0 ? FIRST_STATE : "once")
              .willSetStateTo(i == 0 ? "once" : "twice")
              .willReturn(
                  aResponse()
                      .withStatus(429)
                      .withHeader("Retry-After", "1")
                      .withHeader("Content-Type", "application/json")
                      .withBody(
                          "{\"error\":{\"code\":429,\"status\":\"RESOURCE_EXHAUSTED\","
                              + "\"details\":[{\"errorCode\":\"QUOTA_EXCEEDED\"}]}}")));
    }
    return server;
  }

  /** A Google service-account key for a notifier: a fresh RSA key, this fake's project. */
  static ObjectNode serviceAccount() {
    KeyPair keys;
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
      generator.initialize(2048);
      keys = generator.generateKeyPair();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    ObjectNode account = Json.object();
    account.put("type", "service_account");
    account.put("project_id", PROJECT);
    account.put("private_key_id", "key1");
    account.put("private_key", TestCertificates.pem("PRIVATE KEY", keys.getPrivate().getEncoded()));
    account.put("client_email", "push@" + PROJECT + ".iam.gserviceaccount.com");
    account.put("client_id", "1234567890");
    return account;
  }
}
