package io.meridian.loadtests.faults;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What an {@link AckCheck} found: of the {@code acknowledged} writes, how many were {@code found}
 * and which were lost (one line each: uuid, name, why), the ones that could not be checked, the
 * write load's failures by kind, and how long the check took. {@code found + lost + unchecked ==
 * acknowledged} for a check by uuid; a check by query has no unchecked writes.
 */
public record Report(
    String check,
    long acknowledged,
    long found,
    List<String> lostWrites,
    List<String> errors,
    Map<String, Long> writeFailures,
    Duration took) {
  /** Lost writes and errors printed in full up to this many lines each. */
  static final int PRINTED = 50;

  public Report {
    lostWrites = List.copyOf(lostWrites);
    errors = List.copyOf(errors);
    writeFailures = Outcomes.ordered(writeFailures);
  }

  /** Acknowledged writes that the check showed to be gone. */
  public long lost() {
    return lostWrites.size();
  }

  /**
   * One line: {@code [kill -9 rest-2] by uuid: acknowledged=1234 found=1234 lost=0 (writes failed:
   * 3 IO, 1 503) in 0.8 s}.
   */
  public String line(String testName) {
    String unchecked = errors.isEmpty() ? "" : " errors=" + errors.size();
    return String.format(
        Locale.ROOT,
        "[%s] %s: acknowledged=%d found=%d lost=%d%s (writes failed: %s) in %.1f s",
        testName,
        check,
        acknowledged,
        found,
        lost(),
        unchecked,
        Outcomes.describe(writeFailures),
        took.toMillis() / 1000.0);
  }

  /** The line, then the lost writes and the errors, at most {@value #PRINTED} of each. */
  public List<String> lines(String testName) {
    List<String> lines = new ArrayList<>();
    lines.add(line(testName));
    list("lost", lostWrites, lines);
    list("error", errors, lines);
    return lines;
  }

  public void print(String testName) {
    print(testName, System.out);
  }

  public void print(String testName, PrintStream out) {
    lines(testName).forEach(out::println);
  }

  private static void list(String label, List<String> items, List<String> lines) {
    for (int i = 0; i < Math.min(items.size(), PRINTED); i++) {
      lines.add("  " + label + ": " + items.get(i));
    }
    if (items.size() > PRINTED) {
      lines.add("  ... and " + (items.size() - PRINTED) + " more " + label);
    }
  }
}
