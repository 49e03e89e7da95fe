package io.meridian.rest.support;

import io.meridian.server.MeridianApplication;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A server node beside the shared one, on the same Cassandra and Elasticsearch but with some
 * settings changed: how a test sees the cluster after an operator changed its configuration and
 * restarted. Started and closed by the test that needs it.
 */
public final class ExtraNode implements AutoCloseable {
  private final ConfigurableApplicationContext context;
  private final ApiClient client;

  private ExtraNode(ConfigurableApplicationContext context) {
    this.context = context;
    this.client =
        new ApiClient(
            "http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port"));
  }

  /** A node with the test settings, these replaced. */
  public static ExtraNode start(Map<String, String> overrides) {
    Map<String, String> properties = new TreeMap<>(TestServers.properties());
    properties.putAll(overrides);
    List<String> arguments = new ArrayList<>();
    arguments.add("--server.port=0");
    properties.forEach((key, value) -> arguments.add("--" + key + "=" + value));
    return new ExtraNode(
        new SpringApplicationBuilder(MeridianApplication.class)
            .run(arguments.toArray(String[]::new)));
  }

  /** A bean of this node (its edge server, for the port devices attach to). */
  public <T> T bean(Class<T> type) {
    return context.getBean(type);
  }

  /** A client of this node, without credentials. */
  public ApiClient client() {
    return client;
  }

  @Override
  public void close() {
    context.close();
  }
}
