package io.meridian.local;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Finds HAProxy, installing Debian's package when the launcher runs as root and it is missing. */
final class Haproxy {

  private static final Logger log = LoggerFactory.getLogger(Haproxy.class);
  private static final List<Path> LOCATIONS =
      List.of(
          Path.of("/usr/sbin/haproxy"),
          Path.of("/usr/bin/haproxy"),
          Path.of("/usr/local/sbin/haproxy"));

  private Haproxy() {}

  static synchronized String ensureInstalled() {
    for (Path location : LOCATIONS) {
      if (Files.isExecutable(location)) {
        return location.toString();
      }
    }
    if (!Processes.isRoot() || !Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
      throw new LocalServicesException(
          "HAProxy is needed in front of the REST nodes. Install it: sudo apt-get install haproxy");
    }
    log.info("Installing HAProxy from Debian's packages (apt-get install haproxy)...");
    Processes.Result install = Processes.run("apt-get", "install", "-y", "-q", "haproxy");
    if (install.exitCode() != 0) {
      Processes.Result update = Processes.run("apt-get", "update", "-q");
      install = Processes.run("apt-get", "install", "-y", "-q", "haproxy");
      if (install.exitCode() != 0) {
        throw new LocalServicesException(
            "Cannot install HAProxy (apt-get install haproxy):\n"
                + update.output()
                + "\n"
                + install.output());
      }
    }
    for (Path location : LOCATIONS) {
      if (Files.isExecutable(location)) {
        return location.toString();
      }
    }
    throw new LocalServicesException("apt-get installed haproxy, but it is not in " + LOCATIONS);
  }
}
