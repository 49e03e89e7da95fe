package io.meridian.rest.app;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.WriteOptions;

/** Parsing of the query parameters shared by entity endpoints, with 400s for bad values. */
public final class QueryParameters {
  private QueryParameters() {}

  /**
   * The page size: the default when none is given, or when {@code limit=} is sent empty (as
   * Usergrid's clients do when they have no limit to send, and as Usergrid ignores it); a given one
   * must be a whole number in range.
   */
  public static int limit(String value) {
    return limit(value, EntityQueries.DEFAULT_LIMIT);
  }

  /** {@link #limit(String)} with another default. */
  public static int limit(String value, int byDefault) {
    if (value == null || value.isBlank()) {
      return byDefault;
    }
    try {
      return EntityQueries.requireLimit(Integer.parseInt(value.trim()));
    } catch (NumberFormatException e) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "limit must be a whole number, got '" + value + "'");
    }
  }

  /**
   * {@code consistency=eventual} lets bulk loaders skip waiting until their writes are searchable;
   * the default, {@code read-your-writes}, waits.
   */
  public static WriteOptions writeOptions(String consistency) {
    if (consistency == null || consistency.equals("read-your-writes")) {
      return WriteOptions.DEFAULT;
    }
    if (consistency.equals("eventual")) {
      return WriteOptions.EVENTUAL;
    }
    throw new MeridianException(
        ErrorCode.ILLEGAL_ARGUMENT,
        "consistency must be 'read-your-writes' or 'eventual', got '" + consistency + "'");
  }

  /** The first value given: Usergrid accepts a query as {@code ql}, {@code q} or {@code query}. */
  static String firstNonNull(String... values) {
    for (String value : values) {
      if (value != null) {
        return value;
      }
    }
    return null;
  }
}
