package io.meridian.index.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem;
import co.elastic.clients.elasticsearch.core.bulk.OperationType;
import io.meridian.core.index.IndexOperation;
import io.meridian.core.index.IndexResult;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class BulkOutcomeTest {
  private static final UUID APP = UUID.randomUUID();

  private static IndexOperation delete(UUID id) {
    return new IndexOperation.Delete(APP, "users", id, 1);
  }

  private static BulkResponseItem ok(UUID id) {
    return BulkResponseItem.of(
        b -> b.operationType(OperationType.Index).index("i").id(id.toString()).status(201));
  }

  private static BulkResponseItem error(UUID id, int status, String type) {
    return BulkResponseItem.of(
        b ->
            b.operationType(OperationType.Index)
                .index("i")
                .id(id.toString())
                .status(status)
                .error(e -> e.type(type).reason("because")));
  }

  @Test
  void sorts_items_into_applied_stale_and_failed() {
    UUID applied = UUID.randomUUID();
    UUID stale = UUID.randomUUID();
    UUID overloaded = UUID.randomUUID();
    UUID noAlias = UUID.randomUUID();

    IndexResult result =
        BulkOutcome.of(
            List.of(delete(applied), delete(stale), delete(overloaded), delete(noAlias)),
            List.of(
                ok(applied),
                error(stale, 409, "version_conflict_engine_exception"),
                error(overloaded, 429, "es_rejected_execution_exception"),
                error(noAlias, 404, "index_not_found_exception")));

    assertThat(result.applied()).isEqualTo(1);
    assertThat(result.stale()).isEqualTo(1);
    assertThat(result.failed()).containsExactly(overloaded, noAlias);
  }

  @Test
  void documents_that_can_never_be_indexed_are_not_retried() {
    UUID bad = UUID.randomUUID();

    IndexResult result =
        BulkOutcome.of(
            List.of(delete(bad)), List.of(error(bad, 400, "document_parsing_exception")));

    assertThat(result.failed()).isEmpty();
    assertThat(result.applied()).isZero();
    assertThat(result.stale()).isZero();
  }

  @Test
  void operations_without_a_response_item_count_as_failed() {
    UUID missing = UUID.randomUUID();

    assertThat(BulkOutcome.of(List.of(delete(missing)), List.of()).failed())
        .containsExactly(missing);
  }
}
