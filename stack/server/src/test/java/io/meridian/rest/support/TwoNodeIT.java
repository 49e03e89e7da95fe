package io.meridian.rest.support;

import io.meridian.server.MeridianApplication;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Base of tests that need a second server node beside the shared one: its own Spring context on a
 * free port, on the same Cassandra and Elasticsearch, started once per test class.
 */
@ResourceLock(SharedResources.SECOND_NODE)
public abstract class TwoNodeIT extends MeridianIT {
  private static ConfigurableApplicationContext secondNode;

  /** A client of the second node, without credentials (use {@code withToken}). */
  protected static ApiClient second;

  @BeforeAll
  static void startSecondNode() {
    List<String> arguments = new ArrayList<>();
    arguments.add("--server.port=0");
    TestServers.properties().forEach((key, value) -> arguments.add("--" + key + "=" + value));
    secondNode =
        new SpringApplicationBuilder(MeridianApplication.class)
            .run(arguments.toArray(String[]::new));
    second =
        new ApiClient(
            "http://127.0.0.1:" + secondNode.getEnvironment().getProperty("local.server.port"));
  }

  /** A bean of the second node: its edge server, to attach devices to it. */
  protected static <T> T secondNodeBean(Class<T> type) {
    return secondNode.getBean(type);
  }

  @AfterAll
  static void stopSecondNode() {
    if (secondNode != null) {
      secondNode.close();
    }
  }
}
