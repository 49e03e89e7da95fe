package io.meridian.core.index;

import java.util.List;
import java.util.UUID;

/** The entities a query matched, in result order, with the version the index held for each. */
public record SearchHits(List<Hit> hits) {
  public SearchHits {
    hits = List.copyOf(hits);
  }

  public record Hit(UUID entityId, long version) {}
}
