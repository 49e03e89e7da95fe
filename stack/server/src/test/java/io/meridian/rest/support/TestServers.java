package io.meridian.rest.support;

import io.meridian.local.Endpoints;
import io.meridian.local.SharedServices;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Server settings for tests: the shared services, a test keyspace and index, and a repairer that
 * follows the change log closely so convergence is observable within seconds.
 */
public final class TestServers {
  public static final String SUPERUSER_PASSWORD = "superuser secret for tests";
  public static final String SCRAPE_TOKEN = "scrape token for tests";

  /**
   * The keyspace and index prefix of the tests: {@code meridian.it.keyspace} and {@code
   * meridian.it.index-prefix} let several builds share one Cassandra and Elasticsearch.
   */
  public static final String KEYSPACE = System.getProperty("meridian.it.keyspace", "meridian_it");

  public static final String INDEX_PREFIX =
      System.getProperty("meridian.it.index-prefix", "meridian-it");

  /** The entities index of the tests. */
  public static final String ENTITIES_INDEX = INDEX_PREFIX + "-entities";

  private TestServers() {}

  public static Map<String, String> properties() {
    Endpoints services = SharedServices.get();
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put(
        "meridian.cassandra.contact-points",
        services.cassandraHost() + ":" + services.cassandraPort());
    properties.put("meridian.cassandra.local-datacenter", services.localDatacenter());
    properties.put("meridian.cassandra.keyspace", KEYSPACE);
    properties.put("meridian.elasticsearch.urls", services.elasticsearchUrl());
    properties.put("meridian.elasticsearch.index-prefix", INDEX_PREFIX);
    properties.put("meridian.embedded.enabled", "false");
    properties.put("meridian.indexing.change-log-bucket", "2s");
    properties.put("meridian.indexing.repair-lag", "3s");
    properties.put("meridian.indexing.repair-interval", "500ms");
    // A write waits for visibility up to this long before returning anyway: on a loaded CI machine
    // running four test classes at once a 1,000-entity bulk took longer than the default 5 s, and
    // the tests that query right after writing assert read-your-writes.
    properties.put("meridian.indexing.visibility-timeout", "30s");
    properties.put("meridian.api.max-body-size", "64KB");
    // Proxies for the tests that forward addresses (LoopbackClient never picks one by chance).
    properties.put("meridian.api.trusted-proxies", "127.255.0.0/16");
    // Low enough that a polygon over the cap fits in a test's 64 KB body.
    properties.put("meridian.geo.max-vertices", "1000");
    // Tests register organizations freely; bcrypt's cost is lowered so each test's sign-ups and
    // sign-ins stay cheap (production keeps the default).
    properties.put("meridian.identity.open-registration", "true");
    properties.put("meridian.identity.bcrypt-strength", "4");
    properties.put("meridian.identity.superuser-password", SUPERUSER_PASSWORD);
    // Every test class registers an organization per test, and many invite admins, from 127.0.0.1
    // (the fuzzing run alone invites dozens); RegistrationRationingIT checks both allowances on a
    // node of its own.
    properties.put("meridian.identity.registrations.per-address", "100000");
    properties.put("meridian.identity.invitations.per-address", "100000");
    // Tests send bursts of bad requests; RequestLogIT must find its line whatever ran before it.
    properties.put("meridian.request-log.max-failures-per-second", "100000");
    properties.put("meridian.metrics.scrape-token", SCRAPE_TOKEN);
    // Files: a limit a test can exceed quickly; replaced files' chunks go soon after.
    properties.put("meridian.assets.max-size", "16MB");
    properties.put("meridian.assets.replaced-file-grace", "3s");
    // Device ports: any free ones, so that test servers and extra nodes never collide.
    properties.put("meridian.edge.port", "0");
    properties.put("meridian.edge.mqtt-port", "0");
    properties.put("meridian.edge.attach-timeout", "2s");
    // Webhooks of device events: tests receive them on the loopback address, retried soon.
    properties.put("meridian.edge.webhook.allow-private-addresses", "true");
    properties.put("meridian.edge.webhook.first-backoff", "100ms");
    return properties;
  }
}
