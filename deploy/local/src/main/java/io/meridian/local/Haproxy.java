package io.meridian.local;

import java.nio.file.Path;
import java.util.List;

/** Finds HAProxy, installing Debian's package when the launcher runs as root and it is missing. */
final class Haproxy {

  private static final DebianPackage PACKAGE =
      new DebianPackage(
          "haproxy",
          "in front of the REST nodes",
          List.of(
              Path.of("/usr/sbin/haproxy"),
              Path.of("/usr/bin/haproxy"),
              Path.of("/usr/local/sbin/haproxy")));

  private Haproxy() {}

  static String ensureInstalled() {
    return PACKAGE.ensureInstalled();
  }
}
