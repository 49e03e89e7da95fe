package io.meridian.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Pid files and signals; Linux only, like the services themselves. */
final class Processes {

  private Processes() {}

  static OptionalLong readPid(Path pidFile) {
    try {
      String text = Files.readString(pidFile).trim();
      return text.isEmpty() ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(text));
    } catch (IOException | NumberFormatException e) {
      return OptionalLong.empty();
    }
  }

  static void writePid(Path pidFile, long pid) {
    try {
      Files.createDirectories(pidFile.getParent());
      Path tmp = pidFile.resolveSibling(pidFile.getFileName() + ".tmp");
      Files.writeString(tmp, pid + "\n");
      Files.move(tmp, pidFile, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new LocalServicesException("Cannot write pid file " + pidFile + ": " + e, e);
    }
  }

  static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // A pid file we cannot delete is overwritten on the next start; nothing else to do.
    }
  }

  /**
   * The command line of a live process, NUL separators turned into spaces; empty if it is gone.
   * Read from /proc because ProcessHandle.Info hides the arguments of other users' processes.
   */
  static String commandLine(long pid) {
    return readRaw(pid).replace('\0', ' ');
  }

  /** The arguments of a live process, empty if it is gone. */
  static java.util.List<String> arguments(long pid) {
    String line = commandLine(pid);
    return line.isEmpty() ? java.util.List.of() : java.util.List.of(readRaw(pid).split("\0"));
  }

  private static String readRaw(long pid) {
    try {
      return new String(
          Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")),
          StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }

  static boolean isAlive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  /** SIGTERM, wait up to {@code grace}, then SIGKILL; returns once the process is gone. */
  static void terminate(long pid, Duration grace) {
    ProcessHandle handle = ProcessHandle.of(pid).orElse(null);
    if (handle == null || !handle.isAlive()) {
      return;
    }
    handle.destroy();
    if (!awaitExit(handle, grace)) {
      kill(pid);
    }
  }

  /** SIGKILL and wait until the kernel has removed the process. */
  static void kill(long pid) {
    ProcessHandle handle = ProcessHandle.of(pid).orElse(null);
    if (handle == null) {
      return;
    }
    handle.destroyForcibly();
    if (!awaitExit(handle, Duration.ofSeconds(30))) {
      throw new LocalServicesException("Process " + pid + " survived SIGKILL for 30 s");
    }
  }

  private static boolean awaitExit(ProcessHandle handle, Duration timeout) {
    try {
      handle.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (TimeoutException e) {
      return false;
    } catch (ExecutionException e) {
      return !handle.isAlive();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LocalServicesException("Interrupted while waiting for process " + handle.pid());
    }
  }

  /** The resident set size of a live process, from /proc; 0 if unknown. */
  static long residentBytes(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
    } catch (IOException | NumberFormatException e) {
      // Gone, or not Linux.
    }
    return 0;
  }

  static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  /** Runs a short command to completion; returns its exit code and merged output. */
  static Result run(String... command) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getOutputStream().close();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return new Result(-1, output + "(timed out)");
      }
      return new Result(process.exitValue(), output.trim());
    } catch (IOException e) {
      return new Result(-1, e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LocalServicesException("Interrupted while running " + String.join(" ", command));
    }
  }

  record Result(int exitCode, String output) {}
}
