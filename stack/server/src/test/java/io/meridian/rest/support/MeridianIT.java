package io.meridian.rest.support;

import io.meridian.local.Endpoints;
import io.meridian.local.SharedServices;
import io.meridian.server.MeridianApplication;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of the REST integration tests: one Meridian server (a Spring context shared by all test
 * classes) on the real Cassandra and Elasticsearch that the launcher starts once per build. Each
 * test class works in an organization and application of its own.
 */
@SpringBootTest(
    classes = MeridianApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
public abstract class MeridianIT {
  protected final String org = "org" + UUID.randomUUID().toString().substring(0, 8);
  protected final String app = "app" + UUID.randomUUID().toString().substring(0, 8);

  @LocalServerPort private int port;
  protected ApiClient api;

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    TestServers.properties().forEach((key, value) -> registry.add(key, () -> value));
  }

  /** This test's organization (with its admin's token) and application credentials. */
  protected Identities.Organization organization;

  protected Identities.Credentials credentials;

  /**
   * Registers this test's organization and application through the management API; {@code api} then
   * acts with the application's client credentials (full access to it), {@code api.anonymous()} as
   * a guest.
   */
  @BeforeEach
  void client() {
    ApiClient anonymous = new ApiClient("http://127.0.0.1:" + port);
    organization = Identities.organization(anonymous, org);
    credentials = Identities.application(anonymous, organization, app);
    api = anonymous.withToken(Identities.clientToken(anonymous, org, app, credentials));
  }

  /** The path of a collection of this test's application. */
  protected String path(String collection) {
    return "/" + org + "/" + app + "/" + collection;
  }

  /**
   * A device's secret in this test's application, as its administrator reads it to install it on
   * the device: what a device presents to attach unless the application allows open attachment.
   */
  protected String deviceSecret(String device) {
    ApiClient.Reply reply = api.get(path("devices") + "/" + device + "/secret");
    if (reply.status() != 200) {
      throw new AssertionError("No secret for device " + device + ": " + reply.body());
    }
    return reply.json().path("data").path("secret").asText();
  }

  protected static Endpoints endpoints() {
    return SharedServices.get();
  }
}
