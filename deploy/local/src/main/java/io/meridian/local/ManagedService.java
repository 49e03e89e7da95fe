package io.meridian.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One server process tracked by a pid file: start (or reuse), readiness wait, stop, kill. A process
 * counts as ours only if its command line names the service and this data directory, so a recycled
 * pid or another instance on other ports is never touched.
 */
abstract class ManagedService {

  private static final Logger log = LoggerFactory.getLogger(ManagedService.class);
  private static final Duration POLL = Duration.ofMillis(250);

  final LocalServicesConfig config;
  final Layout layout;

  ManagedService(LocalServicesConfig config) {
    this.config = config;
    this.layout = new Layout(config.dataDir());
  }

  abstract String name();

  abstract Path pidFile();

  /** The log whose tail explains a failed start. */
  abstract List<Path> logFiles();

  /** A string only this service's command line contains. */
  abstract String processMarker();

  abstract List<Preflight.PortUse> ports();

  abstract Path dataDir();

  abstract boolean isReady();

  /** Writes configuration and spawns the server; returns the spawned (launcher) process. */
  abstract Process launch() throws IOException;

  /** The server's pid once known; the launcher's own pid for servers that do not fork. */
  abstract OptionalLong serverPid(Process launcher);

  abstract Duration stopGrace();

  /** The pid of a live process of ours named by the pid file; a stale pid file is removed. */
  OptionalLong runningPid() {
    OptionalLong pid = Processes.readPid(pidFile());
    if (pid.isPresent() && isOurs(pid.getAsLong())) {
      return pid;
    }
    if (pid.isPresent()) {
      Processes.deleteQuietly(pidFile());
    }
    return OptionalLong.empty();
  }

  boolean isOurs(long pid) {
    String commandLine = Processes.commandLine(pid);
    return commandLine.contains(processMarker())
        && commandLine.contains(config.dataDir().toString() + "/");
  }

  /** Port checks for a start; empty when the service already runs and will be reused. */
  List<Preflight.PortUse> portsToCheck() {
    return runningPid().isPresent() ? List.of() : ports();
  }

  /** Starts the service or reuses the running one; returns once it is ready. */
  void start() {
    long deadline = System.nanoTime() + config.startTimeout().toNanos();
    OptionalLong running = runningPid();
    if (running.isPresent()) {
      awaitReady(null, running.getAsLong(), deadline);
      log.debug("{} already running with pid {}", name(), running.getAsLong());
      return;
    }
    Preflight.checkPortsFree(config.host(), ports());
    log.info("Starting {} (data {})", name(), dataDir());
    long started = System.nanoTime();
    Process launcher;
    try {
      launcher = launch();
    } catch (IOException e) {
      throw new LocalServicesException("Cannot start " + name() + ": " + e.getMessage(), e);
    }
    long pid = awaitReady(launcher, -1, deadline);
    if (Processes.readPid(pidFile()).orElse(-1) != pid) {
      Processes.writePid(pidFile(), pid);
    }
    log.info(
        "{} ready in {} s (pid {})",
        name(),
        String.format("%.1f", (System.nanoTime() - started) / 1e9),
        pid);
  }

  private long awaitReady(Process launcher, long knownPid, long deadline) {
    long pid = knownPid;
    while (System.nanoTime() < deadline) {
      if (launcher != null && pid < 0) {
        pid = serverPid(launcher).orElse(-1);
      }
      boolean launcherFailed = launcher != null && !launcher.isAlive() && launcher.exitValue() != 0;
      if (launcherFailed || (pid > 0 && !Processes.isAlive(pid))) {
        Processes.deleteQuietly(pidFile());
        throw new LocalServicesException(
            name() + " died during start. Its log says:\n" + logTails());
      }
      if (pid > 0 && isReady()) {
        return pid;
      }
      sleep(POLL);
    }
    if (pid > 0 && launcher != null) {
      // Never leave a half-started server behind: nobody would know to stop it.
      Processes.terminate(pid, stopGrace());
      Processes.deleteQuietly(pidFile());
    }
    throw new LocalServicesException(
        String.format(
            "%s did not become ready within %d s (port %d on %s). Raise the timeout with"
                + " --timeout if the machine is slow. Its log says:%n%s",
            name(),
            config.startTimeout().toSeconds(),
            ports().get(0).port(),
            config.host(),
            logTails()));
  }

  String logTails() {
    StringBuilder text = new StringBuilder();
    for (Path file : logFiles()) {
      if (Files.isRegularFile(file)) {
        text.append(LogTail.of(file)).append('\n');
      }
    }
    return text.isEmpty() ? "(no log written yet: " + logFiles() + ")" : text.toString();
  }

  /** Graceful stop: SIGTERM, then SIGKILL after the grace period. Idempotent. */
  void stop() {
    OptionalLong pid = runningPid();
    if (pid.isPresent()) {
      Processes.terminate(pid.getAsLong(), stopGrace());
      log.info("{} stopped (pid {})", name(), pid.getAsLong());
    }
    Processes.deleteQuietly(pidFile());
  }

  /** SIGKILL, as a crash would; for fault tests. */
  void kill() {
    OptionalLong pid = runningPid();
    if (pid.isPresent()) {
      Processes.kill(pid.getAsLong());
      log.info("{} killed (pid {})", name(), pid.getAsLong());
    }
    Processes.deleteQuietly(pidFile());
  }

  ServicesStatus.Service status() {
    OptionalLong pid = runningPid();
    boolean ready = pid.isPresent() && isReady();
    List<Integer> portNumbers = ports().stream().map(Preflight.PortUse::port).toList();
    return new ServicesStatus.Service(
        name(), pid.isPresent(), pid, portNumbers, ready, dataDir(), logFiles().get(0));
  }

  static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LocalServicesException("Interrupted while waiting for the local services");
    }
  }
}
