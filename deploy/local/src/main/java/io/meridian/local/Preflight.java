package io.meridian.local;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Checks made before any process starts, each failing with what to do about it. */
final class Preflight {

  static final long MIN_FREE_DISK = 2L << 30;

  /** Off-heap memory (metaspace, direct buffers, code cache) per JVM beyond its heap. */
  static final long JVM_OVERHEAD = 512L << 20;

  private static final Pattern MEM_AVAILABLE = Pattern.compile("MemAvailable:\\s+(\\d+) kB");

  /** A port a service will bind, and the command-line option that changes it. */
  record PortUse(int port, String service, String option) {}

  private Preflight() {}

  /** Returns the Java feature version of {@code javaHome}, or fails if it is not usable. */
  static int checkJava(Path javaHome, int minimum) {
    Path java = javaHome.resolve("bin").resolve("java");
    if (!Files.isExecutable(java)) {
      throw new LocalServicesException(
          "Java not found: "
              + java
              + " does not exist or is not executable. Install a JDK 17 (e.g. apt-get install"
              + " openjdk-17-jdk-headless) or pass --java-home <jdk-17-directory>.");
    }
    int version = javaVersion(javaHome);
    if (version < minimum) {
      throw new LocalServicesException(
          "Java "
              + version
              + " at "
              + javaHome
              + " is too old: Java "
              + minimum
              + " or newer is needed. Pass --java-home <jdk-17-directory>.");
    }
    return version;
  }

  /** The feature version from the JDK's {@code release} file, or from {@code java -version}. */
  static int javaVersion(Path javaHome) {
    Path release = javaHome.resolve("release");
    if (Files.isRegularFile(release)) {
      Properties properties = new Properties();
      try (var in = Files.newInputStream(release)) {
        properties.load(in);
        String version = properties.getProperty("JAVA_VERSION", "").replace("\"", "");
        if (!version.isEmpty()) {
          return featureVersion(version);
        }
      } catch (IOException | NumberFormatException e) {
        // Fall through to asking the JVM itself.
      }
    }
    Processes.Result result =
        Processes.run(javaHome.resolve("bin").resolve("java").toString(), "-version");
    Matcher matcher = Pattern.compile("version \"([^\"]+)\"").matcher(result.output());
    if (result.exitCode() != 0 || !matcher.find()) {
      throw new LocalServicesException(
          "Cannot run " + javaHome.resolve("bin/java") + " -version: " + result.output());
    }
    return featureVersion(matcher.group(1));
  }

  static int featureVersion(String version) {
    String[] parts = version.split("[.+-]");
    int first = Integer.parseInt(parts[0]);
    return first == 1 && parts.length > 1 ? Integer.parseInt(parts[1]) : first;
  }

  static void checkPortsFree(String host, List<PortUse> ports) {
    for (PortUse use : ports) {
      if (!isFree(host, use.port())) {
        throw new LocalServicesException(
            String.format(
                "Port %d on %s (%s) is already in use by another process. Stop that process or"
                    + " choose another port with %s.",
                use.port(), host, use.service(), use.option()));
      }
    }
  }

  static boolean isFree(String host, int port) {
    try (ServerSocket socket = new ServerSocket()) {
      // As the servers do, so that a port in TIME_WAIT does not count as taken.
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(host, port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  static void checkMemory(String services, List<String> heaps, long availableBytes) {
    long needed = 0;
    for (String heap : heaps) {
      needed += Sizes.parseBytes(heap) + JVM_OVERHEAD;
    }
    if (availableBytes >= 0 && availableBytes < needed) {
      throw new LocalServicesException(
          String.format(
              "Not enough free memory to start %s: about %s is needed (heaps %s plus JVM"
                  + " overhead) but MemAvailable is %s. Free memory or lower the heaps with"
                  + " --cassandra-heap / --elasticsearch-heap.",
              services,
              Sizes.human(needed),
              String.join(" + ", heaps),
              Sizes.human(availableBytes)));
    }
  }

  /** MemAvailable from /proc/meminfo in bytes, or -1 where that file does not exist. */
  static long availableMemory() {
    try {
      Matcher matcher = MEM_AVAILABLE.matcher(Files.readString(Path.of("/proc/meminfo")));
      return matcher.find() ? Long.parseLong(matcher.group(1)) * 1024 : -1;
    } catch (IOException e) {
      return -1;
    }
  }

  static void checkDisk(Path dataDir, long minimumFree) {
    Path existing = dataDir;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return;
    }
    try {
      long usable = Files.getFileStore(existing).getUsableSpace();
      if (usable < minimumFree) {
        throw new LocalServicesException(
            String.format(
                "Not enough free disk space for %s: %s free, at least %s needed. Free some space"
                    + " or choose another --data-dir.",
                dataDir, Sizes.human(usable), Sizes.human(minimumFree)));
      }
    } catch (IOException e) {
      throw new LocalServicesException("Cannot read free space of " + existing + ": " + e, e);
    }
  }
}
