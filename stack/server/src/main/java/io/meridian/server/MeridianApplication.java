package io.meridian.server;

import io.meridian.console.ConsoleConfiguration;
import io.meridian.edge.EdgeConfiguration;
import io.meridian.local.ClusterCommand;
import io.meridian.local.LocalServicesCommand;
import io.meridian.realtime.RealtimeConfiguration;
import io.meridian.rest.RestConfiguration;
import io.meridian.server.cli.IndexRebuildCommand;
import java.util.Arrays;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Import;

/**
 * The Meridian server: core's use cases wired to their stores (this module's configurations, one
 * per feature), with the protocol modules it assembles: the HTTP API, the real-time WebSocket, the
 * device edge and the console, each bringing its own configuration.
 *
 * <p>{@code java -jar meridian.jar services start|stop|status} runs the local services launcher
 * instead, and {@code index rebuild <org>/<app>} rebuilds an application's index through a running
 * server, and {@code cluster up|status|scale|kill|down} runs a local cluster of this jar, so one
 * artifact serves operators too.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
@Import({
  RestConfiguration.class,
  RealtimeConfiguration.class,
  EdgeConfiguration.class,
  ConsoleConfiguration.class
})
public class MeridianApplication {
  public static void main(String[] args) {
    if (args.length > 0 && args[0].equals("services")) {
      System.exit(
          LocalServicesCommand.commandLine().execute(Arrays.copyOfRange(args, 1, args.length)));
    }
    if (args.length > 0 && args[0].equals("cluster")) {
      System.exit(ClusterCommand.commandLine().execute(Arrays.copyOfRange(args, 1, args.length)));
    }
    if (args.length > 0 && args[0].equals("index")) {
      System.exit(
          IndexRebuildCommand.commandLine().execute(Arrays.copyOfRange(args, 1, args.length)));
    }
    SpringApplication.run(MeridianApplication.class, args);
  }
}
