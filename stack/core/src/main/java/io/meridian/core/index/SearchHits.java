package io.meridian.core.index;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

/** The entities a query matched, in result order, with the version the index held for each. */
public record SearchHits(List<Hit> hits) {
  public SearchHits {
    hits = List.copyOf(hits);
  }

  /**
   * @param sortValues the hit's position in the result order, to continue after it ({@link
   *     IndexQuery#searchAfter()}). Only strings, longs, finite doubles, booleans and nulls, so a
   *     cursor can carry them as JSON
   * @param distanceMeters the distance from a {@code within} query's centre, or null
   */
  public record Hit(UUID entityId, long version, List<Object> sortValues, Double distanceMeters) {
    public Hit {
      // A copy that may hold nulls, which List.copyOf refuses.
      sortValues = Collections.unmodifiableList(new ArrayList<>(sortValues));
    }
  }
}
