package io.meridian.loadtests.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which entities of one data set, loaded into one application, are known to be stored: ranges of
 * entity indexes, kept in a small text file so that a load interrupted at any point resumes where
 * it stopped. The file is keyed by server, application, data set and seed; it says nothing about
 * the count or the batch size, so a larger count loads only the new tail and any batch size resumes
 * any other.
 *
 * <p>A range is recorded only after the server acknowledged every entity in it, so the file may
 * under-state what is stored (a batch written but not yet recorded) but never over-state it, unless
 * the data was deleted behind the loader's back. Safe for concurrent use; every change is written
 * to disk at once, atomically (a new file renamed over the old one).
 */
final class LoadState {
  /** A half-open range of entity indexes, {@code from <= i < to}. */
  record Range(int from, int to) {
    Range {
      if (from < 0 || to <= from) {
        throw new IllegalArgumentException("Empty or negative range " + from + "-" + to);
      }
    }

    int size() {
      return to - from;
    }

    @Override
    public String toString() {
      return from + "-" + to;
    }
  }

  private static final String DONE = "done";

  private final Path file;
  private final Map<String, String> key;

  /** Disjoint, non-adjacent ranges: start to end. Guarded by {@code this}. */
  private final TreeMap<Integer, Integer> done = new TreeMap<>();

  private LoadState(Path file, Map<String, String> key) {
    this.file = file;
    this.key = key;
  }

  /** The state of this load, read from {@code directory} if an earlier run left one. */
  static LoadState open(
      Path directory, String url, String org, String app, Dataset dataset, long seed) {
    Map<String, String> key = new LinkedHashMap<>();
    key.put("url", url);
    key.put("org", org);
    key.put("app", app);
    key.put("dataset", dataset.name().toLowerCase(Locale.ROOT));
    key.put("seed", Long.toString(seed));
    String name = key.get("dataset") + "-" + fingerprint(key) + ".state";
    LoadState state = new LoadState(directory.resolve(name), key);
    state.read();
    return state;
  }

  Path file() {
    return file;
  }

  /** The ranges not yet done within {@code [0, count)}, in order. */
  synchronized List<Range> pending(int count) {
    List<Range> gaps = new ArrayList<>();
    int next = 0;
    for (Map.Entry<Integer, Integer> range : done.entrySet()) {
      if (range.getKey() >= count) {
        break;
      }
      if (range.getKey() > next) {
        gaps.add(new Range(next, range.getKey()));
      }
      next = Math.max(next, range.getValue());
    }
    if (next < count) {
      gaps.add(new Range(next, count));
    }
    return gaps;
  }

  /** How many of the entities {@code [0, count)} are done. */
  synchronized int doneWithin(int count) {
    int total = 0;
    for (Map.Entry<Integer, Integer> range : done.entrySet()) {
      if (range.getKey() >= count) {
        break;
      }
      total += Math.min(range.getValue(), count) - range.getKey();
    }
    return total;
  }

  /** The done ranges, in order. */
  synchronized List<Range> done() {
    return done.entrySet().stream()
        .map(range -> new Range(range.getKey(), range.getValue()))
        .toList();
  }

  /** Records a range as stored, merging it with its neighbours, and saves the file. */
  synchronized void markDone(Range range) {
    merge(range);
    save();
  }

  /** Forgets every range (the data they stood for is gone) and saves the file. */
  synchronized void clear() {
    done.clear();
    save();
  }

  private void read() {
    if (!Files.exists(file)) {
      return;
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new LoadException("Cannot read the load state " + file + ": " + e, e);
    }
    Map<String, String> fields = new LinkedHashMap<>();
    for (String line : lines) {
      int equals = line.indexOf('=');
      if (!line.startsWith("#") && equals > 0) {
        fields.put(line.substring(0, equals).trim(), line.substring(equals + 1).trim());
      }
    }
    for (Map.Entry<String, String> field : key.entrySet()) {
      if (!field.getValue().equals(fields.get(field.getKey()))) {
        throw new LoadException(
            "The load state "
                + file
                + " belongs to another load ("
                + field.getKey()
                + "="
                + fields.get(field.getKey())
                + "); delete it or use another state directory");
      }
    }
    String ranges = fields.getOrDefault(DONE, "");
    for (String text : ranges.split(",")) {
      if (text.isBlank()) {
        continue;
      }
      String[] bounds = text.trim().split("-");
      try {
        merge(new Range(Integer.parseInt(bounds[0]), Integer.parseInt(bounds[1])));
      } catch (RuntimeException e) {
        throw new LoadException(
            "The load state " + file + " is damaged at '" + text + "'; delete it to start over", e);
      }
    }
  }

  private void merge(Range range) {
    int from = range.from();
    int to = range.to();
    Map.Entry<Integer, Integer> before = done.floorEntry(from);
    if (before != null && before.getValue() >= from) {
      from = before.getKey();
      to = Math.max(to, before.getValue());
    }
    Map.Entry<Integer, Integer> after = done.ceilingEntry(from);
    while (after != null && after.getKey() <= to) {
      to = Math.max(to, after.getValue());
      done.remove(after.getKey());
      after = done.ceilingEntry(from);
    }
    done.put(from, to);
  }

  private void save() {
    StringBuilder text = new StringBuilder();
    text.append("# Meridian loader state: the entity ranges known to be stored.\n");
    text.append("# Delete this file to make the next load check every entity again.\n");
    key.forEach((name, value) -> text.append(name).append('=').append(value).append('\n'));
    text.append(DONE).append('=');
    text.append(String.join(",", done().stream().map(Range::toString).toList()));
    text.append('\n');
    try {
      Files.createDirectories(file.getParent());
      Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
      Files.writeString(temporary, text, StandardCharsets.UTF_8);
      try {
        Files.move(
            temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new LoadException("Cannot write the load state " + file + ": " + e, e);
    }
  }

  private static String fingerprint(Map<String, String> key) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      byte[] digest = sha.digest(key.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("Every JVM has SHA-256", e);
    }
  }
}
