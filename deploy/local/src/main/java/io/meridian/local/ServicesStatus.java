package io.meridian.local;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/** The state of both local services, as seen from their pid files and ports. */
public record ServicesStatus(Service cassandra, Service elasticsearch) {

  /**
   * One service: {@code running} means its pid file names a live process of ours; {@code ready}
   * means it answers on its client port.
   */
  public record Service(
      String name,
      boolean running,
      OptionalLong pid,
      List<Integer> ports,
      boolean ready,
      Path dataDir,
      Path logFile) {

    @Override
    public String toString() {
      String state = running ? (ready ? "running, ready" : "running, not ready") : "stopped";
      String pidText = pid.isPresent() ? ", pid " + pid.getAsLong() : "";
      return String.format(
          "%-13s %s%s, ports %s, data %s, log %s", name, state, pidText, ports, dataDir, logFile);
    }
  }

  @Override
  public String toString() {
    return cassandra + System.lineSeparator() + elasticsearch;
  }
}
