package io.meridian.loadtests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The CPU time every process on this machine has used, summed by the role it plays in a run, read
 * from {@code /proc} (Linux; elsewhere, empty). Two readings give each role's cores over the time
 * between them, so that a benchmark shows where the machine's CPU went: whether Cassandra,
 * Elasticsearch and the load generator kept headroom, or the machine was the bottleneck.
 *
 * <p>Roles, by command line: {@code cassandra} (CassandraDaemon), {@code elasticsearch}, {@code
 * meridian} (every process running {@code meridian.jar}: the REST nodes), {@code haproxy}, {@code
 * loadGenerator} (this process, which runs Gatling) and {@code other} (everything else, Maven's own
 * JVM and the kernel's threads included). A process that starts or ends between two readings counts
 * only for the part seen in both.
 */
record RoleCpu(Map<Long, Sample> processes) {

  /** Linux's USER_HZ, the unit of utime and stime in {@code /proc/<pid>/stat}. */
  private static final double TICKS_PER_SECOND = 100;

  static final String[] ROLES = {
    "meridian", "cassandra", "elasticsearch", "haproxy", "loadGenerator", "other"
  };

  record Sample(String role, long ticks) {}

  static RoleCpu now() {
    Map<Long, Sample> processes = new LinkedHashMap<>();
    long self = ProcessHandle.current().pid();
    try (DirectoryStream<Path> proc = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
      for (Path dir : proc) {
        long pid = Long.parseLong(dir.getFileName().toString());
        try {
          long ticks = ticks(Files.readString(dir.resolve("stat"), StandardCharsets.UTF_8));
          String command =
              new String(Files.readAllBytes(dir.resolve("cmdline")), StandardCharsets.UTF_8);
          processes.put(pid, new Sample(pid == self ? "loadGenerator" : role(command), ticks));
        } catch (IOException | RuntimeException gone) {
          // The process ended while it was read.
        }
      }
    } catch (IOException notLinux) {
      return new RoleCpu(Map.of());
    }
    return new RoleCpu(processes);
  }

  /** Each role's cores (CPU seconds per second) from {@code start} to this reading. */
  Map<String, Double> coresSince(RoleCpu start, double seconds) {
    Map<String, Double> cores = new LinkedHashMap<>();
    if (processes.isEmpty() || start.processes.isEmpty() || seconds <= 0) {
      return cores;
    }
    for (String role : ROLES) {
      cores.put(role, 0.0);
    }
    processes.forEach(
        (pid, end) -> {
          Sample begin = start.processes.get(pid);
          if (begin != null && begin.role().equals(end.role())) {
            double used = (end.ticks() - begin.ticks()) / TICKS_PER_SECOND / seconds;
            cores.merge(end.role(), used, Double::sum);
          }
        });
    return cores;
  }

  static String role(String commandLine) {
    if (commandLine.contains("org.apache.cassandra.service.CassandraDaemon")) {
      return "cassandra";
    }
    if (commandLine.contains("org.elasticsearch.")) {
      return "elasticsearch";
    }
    if (commandLine.contains("meridian.jar")) {
      return "meridian";
    }
    if (commandLine.startsWith("haproxy") || commandLine.contains("/haproxy\0")) {
      return "haproxy";
    }
    return "other";
  }

  /** utime + stime of a {@code /proc/<pid>/stat} line (fields 14 and 15, after the command). */
  static long ticks(String stat) {
    // The command, field 2, is in parentheses and may hold spaces and parentheses itself.
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
    return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
  }
}
