package io.meridian.local;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code services start|stop|status}: the launcher on the command line. */
@Command(
    name = "services",
    mixinStandardHelpOptions = true,
    description = "Start, stop or inspect the local Cassandra and Elasticsearch.",
    subcommands = {
      LocalServicesCommand.Start.class,
      LocalServicesCommand.Stop.class,
      LocalServicesCommand.Status.class
    })
public final class LocalServicesCommand {

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The command with its error handling, for embedding as a subcommand elsewhere. */
  public static CommandLine commandLine() {
    CommandLine commandLine = new CommandLine(new LocalServicesCommand());
    commandLine.setExecutionExceptionHandler(
        (e, cmd, parsed) -> {
          if (e instanceof LocalServicesException) {
            cmd.getErr().println(e.getMessage());
            return 1;
          }
          throw e;
        });
    return commandLine;
  }

  /** Options shared by all subcommands; defaults are those of {@link LocalServicesConfig}. */
  static final class Options {
    @Option(names = "--data-dir", defaultValue = "data", description = "Default: ${DEFAULT-VALUE}")
    Path dataDir;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "Default: ${DEFAULT-VALUE}")
    String host;

    @Option(names = "--cassandra-port", defaultValue = "9042", description = "CQL port")
    int cassandraPort;

    @Option(names = "--cassandra-storage-port", defaultValue = "7000", description = "JMX: +199")
    int cassandraStoragePort;

    @Option(names = "--elasticsearch-port", defaultValue = "9200", description = "HTTP port")
    int elasticsearchPort;

    @Option(names = "--elasticsearch-transport-port", defaultValue = "9300")
    int elasticsearchTransportPort;

    @Option(names = "--cassandra-heap", defaultValue = "1g")
    String cassandraHeap;

    @Option(names = "--elasticsearch-heap", defaultValue = "1g")
    String elasticsearchHeap;

    @Option(
        names = "--commitlog-sync",
        defaultValue = "BATCH",
        description = "PERIODIC, GROUP or BATCH. Default: ${DEFAULT-VALUE}")
    CommitLogSync commitLogSync;

    @Option(names = "--timeout", defaultValue = "180", description = "Start timeout in seconds")
    long timeoutSeconds;

    @Option(names = "--java-home", description = "JDK 17 for both services. Default: this JVM's")
    Path javaHome;

    LocalServicesConfig config() {
      LocalServicesConfig config =
          LocalServicesConfig.defaults(dataDir)
              .withHost(host)
              .withPorts(
                  cassandraPort,
                  cassandraStoragePort,
                  elasticsearchPort,
                  elasticsearchTransportPort)
              .withHeaps(cassandraHeap, elasticsearchHeap)
              .withCommitLogSync(commitLogSync)
              .withStartTimeout(Duration.ofSeconds(timeoutSeconds));
      return javaHome == null ? config : config.withJavaHome(javaHome);
    }
  }

  @Command(name = "start", description = "Start both services, or reuse the running ones.")
  static final class Start implements Callable<Integer> {
    @Mixin Options options;

    @Option(names = "--owner-pid", description = "Stop the services once this process exits")
    Long ownerPid;

    @Override
    public Integer call() {
      LocalServices services = LocalServices.create(options.config());
      Endpoints endpoints = ownerPid == null ? services.start() : services.start(ownerPid);
      System.out.printf(
          "Cassandra     %s:%d (local datacenter %s)%nElasticsearch %s%nData in %s%n",
          endpoints.cassandraHost(),
          endpoints.cassandraPort(),
          endpoints.localDatacenter(),
          endpoints.elasticsearchUrl(),
          options.config().dataDir());
      return 0;
    }
  }

  @Command(name = "stop", description = "Stop both services (SIGTERM, then SIGKILL).")
  static final class Stop implements Callable<Integer> {
    @Mixin Options options;

    @Override
    public Integer call() {
      LocalServices.create(options.config()).stop();
      System.out.println("Stopped the services in " + options.config().dataDir());
      return 0;
    }
  }

  @Command(name = "status", description = "Show whether each service runs and is ready.")
  static final class Status implements Callable<Integer> {
    @Mixin Options options;

    @Override
    public Integer call() {
      ServicesStatus status = LocalServices.create(options.config()).status();
      System.out.println(status);
      boolean allReady = status.cassandra().ready() && status.elasticsearch().ready();
      return allReady ? 0 : 3;
    }
  }
}
