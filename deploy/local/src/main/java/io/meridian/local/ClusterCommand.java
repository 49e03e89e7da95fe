package io.meridian.local;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code cluster up|status|scale|kill|stop|start|down}: the local cluster on the command line. */
@Command(
    name = "cluster",
    mixinStandardHelpOptions = true,
    description =
        "A local Meridian cluster: 3 Cassandra nodes (127.0.0.1-3, RF 3), 2 Elasticsearch nodes,"
            + " N REST nodes and HAProxy, over loopback.",
    subcommands = {
      ClusterCommand.Up.class,
      ClusterCommand.Status.class,
      ClusterCommand.Scale.class,
      ClusterCommand.Kill.class,
      ClusterCommand.Stop.class,
      ClusterCommand.Start.class,
      ClusterCommand.Down.class
    })
public final class ClusterCommand {

  /** The command with its error handling, for embedding as a subcommand elsewhere. */
  public static CommandLine commandLine() {
    CommandLine commandLine = new CommandLine(new ClusterCommand());
    commandLine.setExecutionExceptionHandler(
        (e, cmd, parsed) -> {
          if (e instanceof LocalServicesException || e instanceof IllegalArgumentException) {
            cmd.getErr().println(e.getMessage());
            return 1;
          }
          throw e;
        });
    return commandLine;
  }

  /** Options shared by all subcommands; defaults are those of {@link ClusterConfig}. */
  static final class Options {
    @Option(
        names = "--data-dir",
        defaultValue = "cluster",
        description = "Where all cluster state lives. Default: ${DEFAULT-VALUE}")
    Path dataDir;

    @Option(
        names = "--jar",
        description = "The Meridian server jar. Default: the running jar, else ${DEFAULT-VALUE}",
        defaultValue = "stack/server/target/meridian.jar")
    Path jar;

    @Option(
        names = "--port-offset",
        defaultValue = "0",
        description =
            "Added to every port (load balancer 28080, REST 28081.., devices 28400, 28401..,"
                + " MQTT 28883, 28884.., CQL 29042, ES 29200..)")
    int portOffset;

    @Option(names = "--cassandra-heap", defaultValue = "1g")
    String cassandraHeap;

    @Option(names = "--elasticsearch-heap", defaultValue = "768m")
    String elasticsearchHeap;

    @Option(names = "--rest-heap", defaultValue = "1g")
    String restHeap;

    @Option(
        names = "--rest-cpus",
        defaultValue = "0",
        description = "CPU share of each REST node through a cgroup (e.g. 0.25); 0: no limit")
    double restCpus;

    @Option(
        names = "--rest-arg",
        description = "Extra server argument for every REST node, e.g. --rest-arg=--x.y=z")
    List<String> restArguments = new ArrayList<>();

    @Option(names = "--timeout", defaultValue = "300", description = "Start timeout in seconds")
    long timeoutSeconds;

    @Option(names = "--java-home", description = "JDK 17 for every node. Default: this JVM's")
    Path javaHome;

    ClusterConfig config() {
      ClusterConfig config =
          ClusterConfig.defaults(dataDir, runningJar().orElse(jar))
              .withPortOffset(portOffset)
              .withHeaps(cassandraHeap, elasticsearchHeap, restHeap)
              .withRestCpus(restCpus)
              .withRestArguments(restArguments)
              .withStartTimeout(Duration.ofSeconds(timeoutSeconds));
      return javaHome == null ? config : config.withJavaHome(javaHome);
    }

    /** When run as {@code java -jar meridian.jar cluster ...}, that jar serves the REST nodes. */
    private java.util.Optional<Path> runningJar() {
      String classPath = System.getProperty("java.class.path", "");
      if (jar.toString().equals("stack/server/target/meridian.jar")
          && classPath.endsWith(".jar")
          && !classPath.contains(java.io.File.pathSeparator)
          && Files.isRegularFile(Path.of(classPath))) {
        return java.util.Optional.of(Path.of(classPath));
      }
      return java.util.Optional.empty();
    }
  }

  @Command(name = "up", description = "Start every missing part; scale the REST tier to N.")
  static final class Up implements Callable<Integer> {
    @Mixin Options options;

    @Parameters(arity = "0..1", description = "REST nodes (default: as last time, 3 at first)")
    Integer restNodes;

    @Override
    public Integer call() {
      LocalCluster cluster = LocalCluster.create(options.config());
      ClusterStatus status = restNodes == null ? cluster.up() : cluster.up(restNodes);
      System.out.print(status);
      System.out.printf(
          "Meridian: %s%nSuperuser: superuser / %s (kept in %s)%n",
          cluster.loadBalancerUrl(),
          cluster.superuserPassword(),
          options.config().dataDir().resolve("run/credentials.properties"));
      return 0;
    }
  }

  @Command(name = "status", description = "Show every node, its memory and the load balancer.")
  static final class Status implements Callable<Integer> {
    @Mixin Options options;

    @Override
    public Integer call() {
      ClusterStatus status = LocalCluster.create(options.config()).status();
      System.out.print(status);
      return status.healthy() ? 0 : 3;
    }
  }

  @Command(name = "scale", description = "Run N REST nodes behind the load balancer.")
  static final class Scale implements Callable<Integer> {
    @Mixin Options options;

    @Parameters(description = "REST nodes, 1 to 16")
    int restNodes;

    @Override
    public Integer call() {
      System.out.print(LocalCluster.create(options.config()).scale(restNodes));
      return 0;
    }
  }

  /** A subcommand acting on one node, named as the cluster names its nodes. */
  abstract static class NodeCommand implements Callable<Integer> {
    @Mixin Options options;

    @Parameters(description = "rest-N, cassandra-1..3, es-1..2 or lb")
    String node;

    @Override
    public Integer call() {
      System.out.println(act(LocalCluster.create(options.config()), node));
      return 0;
    }

    /** Acts on the node; what to tell the operator. */
    abstract String act(LocalCluster cluster, String node);
  }

  @Command(name = "kill", description = "SIGKILL one node: rest-N, cassandra-N, es-N or lb.")
  static final class Kill extends NodeCommand {
    @Override
    String act(LocalCluster cluster, String node) {
      cluster.kill(node);
      return "Killed " + node + "; `cluster up` brings it back";
    }
  }

  @Command(name = "stop", description = "Stop one node gracefully.")
  static final class Stop extends NodeCommand {
    @Override
    String act(LocalCluster cluster, String node) {
      cluster.stop(node);
      return "Stopped " + node;
    }
  }

  @Command(name = "start", description = "Start one node.")
  static final class Start extends NodeCommand {
    @Override
    String act(LocalCluster cluster, String node) {
      cluster.start(node);
      return "Started " + node;
    }
  }

  @Command(name = "down", description = "Stop the whole cluster; its data stays.")
  static final class Down implements Callable<Integer> {
    @Mixin Options options;

    @Override
    public Integer call() {
      LocalCluster.create(options.config()).down();
      System.out.println("Stopped the cluster in " + options.config().dataDir());
      return 0;
    }
  }
}
