package io.meridian.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogTailTest {

  @TempDir Path tmp;

  @Test
  void shows_the_last_lines_of_a_log() throws IOException {
    Path log = tmp.resolve("x.log");
    Files.writeString(
        log,
        IntStream.rangeClosed(1, 100).mapToObj(i -> "line " + i).collect(Collectors.joining("\n")));

    String tail = LogTail.of(log, 3);

    assertThat(tail).endsWith("line 98\nline 99\nline 100").doesNotContain("line 97");
  }

  @Test
  void says_when_there_is_no_log() {
    assertThat(LogTail.of(tmp.resolve("none.log"))).contains("does not exist");
  }
}
