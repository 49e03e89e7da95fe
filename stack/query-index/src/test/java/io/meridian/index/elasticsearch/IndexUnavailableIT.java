package io.meridian.index.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.index.IndexOperation;
import io.meridian.core.index.IndexQuery;
import io.meridian.core.index.IndexUnavailableException;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** An index pointed at a closed port reports itself unavailable quickly, never hangs. */
class IndexUnavailableIT {
  private final UUID app = UUID.randomUUID();
  private ElasticsearchEntityIndex index;

  @BeforeEach
  void openOnClosedPort() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    index =
        new ElasticsearchEntityIndex(
            new ElasticsearchIndexConfig(
                List.of("http://127.0.0.1:" + port),
                "it-unavailable",
                1,
                0,
                Duration.ofMillis(500),
                Duration.ofSeconds(2)));
  }

  @AfterEach
  void close() {
    index.close();
  }

  @Test
  void apply_completes_exceptionally_with_index_unavailable() {
    long started = System.nanoTime();

    assertThatThrownBy(
            () ->
                index
                    .apply(List.of(new IndexOperation.Delete(app, "things", UUID.randomUUID(), 1)))
                    .toCompletableFuture()
                    .join())
        .isInstanceOf(CompletionException.class)
        .hasCauseInstanceOf(IndexUnavailableException.class);
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
    assertThat(index.isAvailable()).isFalse();
  }

  @Test
  void search_throws_index_unavailable() {
    assertThatThrownBy(
            () ->
                index.search(
                    IndexQuery.of(
                        app,
                        "things",
                        new io.meridian.index.query.UsergridQueryLanguage().compile("a = 1"),
                        10)))
        .isInstanceOf(IndexUnavailableException.class);
    assertThat(index.isAvailable()).isFalse();
  }

  @Test
  void ensure_schema_refresh_and_versions_report_unavailability() {
    assertThatThrownBy(index::ensureSchema).isInstanceOf(IndexUnavailableException.class);
    assertThatThrownBy(() -> index.refresh().toCompletableFuture().join())
        .hasCauseInstanceOf(IndexUnavailableException.class);
    assertThatThrownBy(
            () -> index.indexedVersions(List.of(UUID.randomUUID())).toCompletableFuture().join())
        .hasCauseInstanceOf(IndexUnavailableException.class);
  }

  @Test
  void probe_reports_false() {
    assertThat(index.probe()).isFalse();
    assertThat(index.isAvailable()).isFalse();
  }
}
