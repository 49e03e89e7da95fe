package io.meridian.loadtests.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReportTest {
  @Test
  void prints_one_line_with_the_counts_and_the_write_failures() {
    Map<String, Long> failures = new LinkedHashMap<>();
    failures.put("503", 1L);
    failures.put("IO", 3L);
    Report report =
        new Report("by uuid", 1234, 1234, List.of(), List.of(), failures, Duration.ofMillis(840));

    assertThat(report.lines("kill -9 rest-2"))
        .containsExactly(
            "[kill -9 rest-2] by uuid: acknowledged=1234 found=1234 lost=0"
                + " (writes failed: 3 IO, 1 503) in 0.8 s");
  }

  @Test
  void lists_lost_writes_and_errors_under_the_line() {
    Report report =
        new Report(
            "by uuid",
            3,
            1,
            List.of("u1 r-0-1: 404 entity_not_found"),
            List.of("u2 r-0-2: 5 reads failed, last 503 storage_unavailable"),
            Map.of(),
            Duration.ofSeconds(2));

    assertThat(report.lost()).isEqualTo(1);
    assertThat(report.lines("es down"))
        .containsExactly(
            "[es down] by uuid: acknowledged=3 found=1 lost=1 errors=1 (writes failed: none)"
                + " in 2.0 s",
            "  lost: u1 r-0-1: 404 entity_not_found",
            "  error: u2 r-0-2: 5 reads failed, last 503 storage_unavailable");
  }

  @Test
  void cuts_a_long_list_of_lost_writes() {
    List<String> lost = new ArrayList<>();
    for (int i = 0; i < Report.PRINTED + 7; i++) {
      lost.add("u" + i);
    }
    Report report = new Report("by query", 100, 43, lost, List.of(), Map.of(), Duration.ZERO);

    List<String> lines = report.lines("t");

    assertThat(lines).hasSize(1 + Report.PRINTED + 1);
    assertThat(lines.get(lines.size() - 1)).isEqualTo("  ... and 7 more lost");
  }
}
