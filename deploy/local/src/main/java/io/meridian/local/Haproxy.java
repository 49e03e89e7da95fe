package io.meridian.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

  private static final Pattern MAX_OPEN_FILES =
      Pattern.compile("^Max open files\\s+\\S+\\s+(\\S+)", Pattern.MULTILINE);

  private Haproxy() {}

  static String ensureInstalled() {
    return PACKAGE.ensureInstalled();
  }

  /**
   * The hard limit on open files of this process, which HAProxy inherits: it raises its own soft
   * limit as far as that, and refuses to start when its {@code maxconn} needs more. -1 when unknown
   * (no {@code /proc}).
   */
  static long openFilesLimit() {
    try {
      return openFilesLimit(Files.readString(Path.of("/proc/self/limits")));
    } catch (IOException e) {
      return -1;
    }
  }

  /**
   * The hard "Max open files" of a {@code /proc/<pid>/limits} text; unlimited is Long.MAX_VALUE.
   */
  static long openFilesLimit(String limits) {
    Matcher matcher = MAX_OPEN_FILES.matcher(limits);
    if (!matcher.find()) {
      return -1;
    }
    return matcher.group(1).equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(matcher.group(1));
  }
}
