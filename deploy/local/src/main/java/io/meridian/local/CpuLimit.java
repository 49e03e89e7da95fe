package io.meridian.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A CFS bandwidth limit for one process, through a cgroup of its own: {@code cpu.max} on cgroup v2,
 * {@code cpu.cfs_quota_us} on v1. The process enters the group before it execs, so the JVM sizes
 * its thread pools for the share it gets.
 */
final class CpuLimit {

  private static final long PERIOD_US = 100_000;
  private static final Path ROOT = Path.of("/sys/fs/cgroup");

  private final Path group;
  private final boolean v2;
  private final double cpus;

  private CpuLimit(Path group, boolean v2, double cpus) {
    this.group = group;
    this.v2 = v2;
    this.cpus = cpus;
  }

  /** A limit of {@code cpus} for the group {@code meridian/<name>}; fails if cgroups are closed. */
  static CpuLimit of(String name, double cpus) {
    Path v1 = ROOT.resolve("cpu");
    if (Files.isRegularFile(v1.resolve("cpu.cfs_quota_us"))) {
      return new CpuLimit(v1.resolve("meridian").resolve(name), false, cpus);
    }
    if (Files.isRegularFile(ROOT.resolve("cgroup.controllers"))) {
      return new CpuLimit(ROOT.resolve("meridian").resolve(name), true, cpus);
    }
    throw new LocalServicesException(
        "No cgroup CPU controller under " + ROOT + ": cannot limit REST nodes to " + cpus + " CPU");
  }

  long quotaMicros() {
    return Math.max(1000, Math.round(cpus * PERIOD_US));
  }

  /** Creates the group with its quota and returns {@code command} wrapped to run inside it. */
  List<String> wrap(List<String> command) {
    try {
      if (v2) {
        enableCpuController(ROOT);
        Files.createDirectories(group.getParent());
        enableCpuController(group.getParent());
      }
      Files.createDirectories(group);
      if (v2) {
        Files.writeString(group.resolve("cpu.max"), quotaMicros() + " " + PERIOD_US);
      } else {
        Files.writeString(group.resolve("cpu.cfs_period_us"), Long.toString(PERIOD_US));
        Files.writeString(group.resolve("cpu.cfs_quota_us"), Long.toString(quotaMicros()));
      }
    } catch (IOException e) {
      throw new LocalServicesException(
          "Cannot set up the cgroup " + group + " (root is needed to limit CPU): " + e.getMessage(),
          e);
    }
    List<String> wrapped = new ArrayList<>();
    wrapped.add("sh");
    wrapped.add("-c");
    wrapped.add("echo $$ > \"$0\" && exec \"$@\"");
    wrapped.add(group.resolve("cgroup.procs").toString());
    wrapped.addAll(command);
    return wrapped;
  }

  /** Removes the group once its process is gone; a group still in use stays. */
  void remove() {
    try {
      Files.deleteIfExists(group);
    } catch (IOException e) {
      // Busy or already gone: harmless, the next start reuses it.
    }
  }

  private static void enableCpuController(Path dir) throws IOException {
    Path control = dir.resolve("cgroup.subtree_control");
    if (Files.isRegularFile(control) && !Files.readString(control).contains("cpu")) {
      Files.writeString(control, "+cpu");
    }
  }

  @Override
  public String toString() {
    return cpus + " CPU (" + group + ")";
  }
}
