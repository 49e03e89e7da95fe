package io.meridian.local;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A program from one of Debian's packages that the launcher or a test needs: found where the
 * package puts it, or installed with {@code apt-get} when this process runs as root (a fresh
 * machine has neither HAProxy nor wrk), else a message saying how to install it.
 *
 * @param name the package's name, which is also what the messages call the program
 * @param purpose why it is needed, for the message when it cannot be installed
 * @param locations where the package installs the program, in the order to look
 */
public record DebianPackage(String name, String purpose, List<Path> locations) {

  private static final Logger log = LoggerFactory.getLogger(DebianPackage.class);

  /** wrk, the HTTP load generator of the benchmark scripts in {@code stack/loadtests/wrk}. */
  public static final DebianPackage WRK =
      new DebianPackage(
          "wrk", "to load Meridian in the benchmarks", List.of(Path.of("/usr/bin/wrk")));

  /** The program's path, installing the package first when it is missing. */
  public String ensureInstalled() {
    synchronized (DebianPackage.class) {
      Optional<String> found = find();
      if (found.isPresent()) {
        return found.get();
      }
      if (!Processes.isRoot() || !Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
        throw new LocalServicesException(
            name + " is needed " + purpose + ". Install it: sudo apt-get install " + name);
      }
      log.info("Installing {} from Debian's packages (apt-get install {})...", name, name);
      Processes.Result install = Processes.run("apt-get", "install", "-y", "-q", name);
      if (install.exitCode() != 0) {
        Processes.Result update = Processes.run("apt-get", "update", "-q");
        install = Processes.run("apt-get", "install", "-y", "-q", name);
        if (install.exitCode() != 0) {
          throw new LocalServicesException(
              "Cannot install "
                  + name
                  + " (apt-get install "
                  + name
                  + "):\n"
                  + update.output()
                  + "\n"
                  + install.output());
        }
      }
      return find()
          .orElseThrow(
              () ->
                  new LocalServicesException(
                      "apt-get installed " + name + ", but it is not in " + locations));
    }
  }

  private Optional<String> find() {
    return locations.stream().filter(Files::isExecutable).map(Path::toString).findFirst();
  }
}
