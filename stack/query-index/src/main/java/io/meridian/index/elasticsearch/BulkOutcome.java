package io.meridian.index.elasticsearch;

import co.elastic.clients.elasticsearch._types.ErrorCause;
import co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem;
import io.meridian.core.index.IndexOperation;
import io.meridian.core.index.IndexResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Sorts the items of a bulk response into applied, stale, failed (retry) and rejected. */
final class BulkOutcome {
  private static final Logger LOG = LoggerFactory.getLogger(BulkOutcome.class);

  /**
   * Errors that retrying the same document cannot fix. The flattened documents only use mapped
   * fields, so these mean a bug or a hand-edited mapping: they are logged for the operator and not
   * reported as failed, so the repairer does not retry them forever.
   */
  private static final Set<String> PERMANENT =
      Set.of(
          "mapper_parsing_exception",
          "document_parsing_exception",
          "strict_dynamic_mapping_exception",
          "illegal_argument_exception");

  private BulkOutcome() {}

  static IndexResult of(List<IndexOperation> operations, List<BulkResponseItem> items) {
    int applied = 0;
    int stale = 0;
    List<UUID> failed = new ArrayList<>();
    String firstFailure = "no item in the response";
    for (int i = 0; i < operations.size(); i++) {
      IndexOperation operation = operations.get(i);
      BulkResponseItem item = i < items.size() ? items.get(i) : null;
      ErrorCause error = item == null ? null : item.error();
      if (item != null && error == null) {
        applied++;
      } else if (item == null) {
        failed.add(operation.entityId());
      } else if (item.status() == 409 || "version_conflict_engine_exception".equals(error.type())) {
        stale++;
      } else if (PERMANENT.contains(error.type())) {
        LOG.warn(
            "Elasticsearch rejected entity {} of application {} at version {} for good: {}: {}",
            operation.entityId(),
            operation.applicationId(),
            operation.version(),
            error.type(),
            error.reason());
      } else {
        if (failed.isEmpty()) {
          firstFailure = error.type() + " (" + item.status() + "): " + error.reason();
        }
        failed.add(operation.entityId());
      }
    }
    if (!failed.isEmpty()) {
      // Once per bulk, not per item: a busy node refusing a bulk of 1000 is one event.
      LOG.warn(
          "Elasticsearch failed {} of {} items of a bulk, to be retried; the first: {}",
          failed.size(),
          operations.size(),
          firstFailure);
    }
    return new IndexResult(applied, stale, failed);
  }
}
