package io.meridian.loadtests.faults;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts of request outcomes by kind, safe to update from many writers at once. The acknowledged
 * outcome is counted as an attempt but is not a failure.
 */
final class Outcomes {
  static final String ACKNOWLEDGED = "acknowledged";

  private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();
  private final LongAdder attempts = new LongAdder();

  void count(String outcome) {
    attempts.increment();
    counts.computeIfAbsent(outcome, key -> new LongAdder()).increment();
  }

  long attempts() {
    return attempts.sum();
  }

  /** The failures counted so far (every outcome but {@link #ACKNOWLEDGED}). */
  Map<String, Long> snapshot() {
    Map<String, Long> failures = new LinkedHashMap<>();
    counts.forEach(
        (outcome, count) -> {
          if (!outcome.equals(ACKNOWLEDGED)) {
            failures.put(outcome, count.sum());
          }
        });
    return ordered(failures);
  }

  /** An unmodifiable copy, the most frequent outcome first, then by name; zero counts left out. */
  static Map<String, Long> ordered(Map<String, Long> counts) {
    List<Map.Entry<String, Long>> entries = new ArrayList<>(counts.entrySet());
    entries.removeIf(entry -> entry.getValue() == 0);
    entries.sort(
        Map.Entry.<String, Long>comparingByValue()
            .reversed()
            .thenComparing(Map.Entry.comparingByKey()));
    Map<String, Long> ordered = new LinkedHashMap<>();
    entries.forEach(entry -> ordered.put(entry.getKey(), entry.getValue()));
    return Collections.unmodifiableMap(ordered);
  }

  /** {@code 3 IO, 1 503}, or {@code none}. */
  static String describe(Map<String, Long> failures) {
    if (failures.isEmpty()) {
      return "none";
    }
    StringJoiner text = new StringJoiner(", ");
    failures.forEach((outcome, count) -> text.add(count + " " + outcome));
    return text.toString();
  }
}
