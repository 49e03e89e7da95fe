package io.meridian.local;

import java.nio.file.Path;
import java.util.Optional;

/**
 * One Cassandra and one Elasticsearch for all integration tests of a Maven build: the first test
 * JVM starts them, later ones reuse them, and a watchdog stops them when Maven exits.
 *
 * <p>System properties: {@code meridian.it.data-dir} (default {@code target/it-services}), {@code
 * meridian.it.cassandra-port} (19042), {@code meridian.it.cassandra-storage-port} (17000), {@code
 * meridian.it.elasticsearch-port} (19200), {@code meridian.it.elasticsearch-transport-port}
 * (19300), {@code meridian.it.owner-pid} (default: the Maven JVM).
 */
public final class SharedServices {

  private static final String[] MAVEN_LAUNCHERS = {
    "plexus-classworlds", "org.codehaus.plexus.classworlds"
  };

  private static LocalServices services;
  private static Endpoints endpoints;

  private SharedServices() {}

  /** Starts the shared services unless they already run, and returns where to reach them. */
  public static synchronized Endpoints get() {
    if (endpoints == null) {
      endpoints = services().start(ownerPid());
    }
    return endpoints;
  }

  /** The shared instance, so that fault tests can kill, stop and start the services. */
  public static synchronized LocalServices services() {
    if (services == null) {
      services = LocalServices.create(config());
    }
    return services;
  }

  static LocalServicesConfig config() {
    Path dataDir = Path.of(System.getProperty("meridian.it.data-dir", "target/it-services"));
    return LocalServicesConfig.defaults(dataDir)
        .withPorts(
            Integer.getInteger("meridian.it.cassandra-port", 19042),
            Integer.getInteger("meridian.it.cassandra-storage-port", 17000),
            Integer.getInteger("meridian.it.elasticsearch-port", 19200),
            Integer.getInteger("meridian.it.elasticsearch-transport-port", 19300));
  }

  /** The Maven JVM: the outermost ancestor running Maven's launcher, else the direct parent. */
  public static long ownerPid() {
    Long configured = Long.getLong("meridian.it.owner-pid");
    if (configured != null) {
      return configured;
    }
    ProcessHandle current = ProcessHandle.current();
    return outermostMaven(current)
        .orElseGet(() -> current.parent().map(ProcessHandle::pid).orElse(current.pid()));
  }

  static Optional<Long> outermostMaven(ProcessHandle start) {
    Long found = null;
    for (Optional<ProcessHandle> p = start.parent(); p.isPresent(); p = p.get().parent()) {
      if (isMaven(Processes.commandLine(p.get().pid()))) {
        found = p.get().pid();
      }
    }
    return Optional.ofNullable(found);
  }

  static boolean isMaven(String commandLine) {
    for (String launcher : MAVEN_LAUNCHERS) {
      if (commandLine.contains(launcher)) {
        return true;
      }
    }
    return false;
  }
}
