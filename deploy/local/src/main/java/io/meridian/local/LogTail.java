package io.meridian.local;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** The last lines of a log, for error messages. */
final class LogTail {

  static final int LINES = 30;
  private static final int MAX_BYTES = 64 * 1024;

  private LogTail() {}

  static String of(Path log) {
    return of(log, LINES);
  }

  static String of(Path log, int lines) {
    if (!Files.isRegularFile(log)) {
      return "(" + log + " does not exist)";
    }
    try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
      long start = Math.max(0, file.length() - MAX_BYTES);
      byte[] bytes = new byte[(int) (file.length() - start)];
      file.seek(start);
      file.readFully(bytes);
      List<String> all = Arrays.asList(new String(bytes, StandardCharsets.UTF_8).split("\n"));
      List<String> last = all.subList(Math.max(0, all.size() - lines), all.size());
      return "--- last " + last.size() + " lines of " + log + " ---\n" + String.join("\n", last);
    } catch (IOException e) {
      return "(cannot read " + log + ": " + e.getMessage() + ")";
    }
  }
}
