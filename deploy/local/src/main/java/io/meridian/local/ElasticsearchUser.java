package io.meridian.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;

/**
 * Elasticsearch refuses to run as root, so a root launcher runs it as an unprivileged system user
 * that owns the Elasticsearch directories.
 */
final class ElasticsearchUser {

  static final String NAME = "meridian-es";

  private ElasticsearchUser() {}

  static void ensureExists() {
    if (Processes.run("id", "-u", NAME).exitCode() == 0) {
      return;
    }
    Processes.Result created =
        Processes.run("useradd", "-r", "-M", "-s", "/usr/sbin/nologin", NAME);
    if (created.exitCode() != 0 && Processes.run("id", "-u", NAME).exitCode() != 0) {
      throw new LocalServicesException(
          "Cannot create the system user "
              + NAME
              + " that runs Elasticsearch (it refuses to run as root): "
              + created.output()
              + ". Create it with: useradd -r -M -s /usr/sbin/nologin "
              + NAME);
    }
  }

  static void chown(Path... paths) {
    for (Path path : paths) {
      Processes.Result result = Processes.run("chown", "-R", NAME + ":", path.toString());
      if (result.exitCode() != 0) {
        throw new LocalServicesException(
            "Cannot give " + path + " to user " + NAME + ": " + result.output());
      }
    }
  }

  /**
   * Fails unless every ancestor of {@code dir} lets other users through (execute permission):
   * otherwise Elasticsearch, running as {@value #NAME}, cannot reach its files.
   */
  static void checkTraversable(Path dir) {
    for (Path ancestor = dir.getParent(); ancestor != null; ancestor = ancestor.getParent()) {
      if (!traversableByOthers(ancestor)) {
        throw new LocalServicesException(
            String.format(
                "Elasticsearch runs as user %s, which cannot enter %s (no execute permission for"
                    + " other users), so it cannot reach %s. Choose a --data-dir outside it (for"
                    + " example under /var/lib or /tmp), or run: chmod o+x %s",
                NAME, ancestor, dir, ancestor));
      }
    }
  }

  static boolean traversableByOthers(Path dir) {
    try {
      PosixFileAttributes attributes = Files.readAttributes(dir, PosixFileAttributes.class);
      return attributes.permissions().contains(PosixFilePermission.OTHERS_EXECUTE)
          || attributes.owner().getName().equals(NAME);
    } catch (IOException e) {
      return true;
    }
  }
}
