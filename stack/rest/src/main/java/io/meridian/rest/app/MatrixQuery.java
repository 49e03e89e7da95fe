package io.meridian.rest.app;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.rest.param.Selection;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.PathSegment;
import java.util.Set;

/**
 * Usergrid's matrix parameters on a collection segment: {@code /users;ql=select * where age >
 * 3;limit=5}. Only {@code ql} (or {@code q}, {@code query}) and {@code limit} mean anything; any
 * other is a 400 rather than silently ignored.
 */
record MatrixQuery(String ql, String limit) {
  private static final Set<String> KNOWN = Set.of("ql", "q", "query", "limit");

  static MatrixQuery of(PathSegment segment) {
    MultivaluedMap<String, String> parameters = segment.getMatrixParameters();
    if (parameters.isEmpty()) {
      return new MatrixQuery(null, null);
    }
    for (String key : parameters.keySet()) {
      if (!KNOWN.contains(key)) {
        throw new MeridianException(
            ErrorCode.ILLEGAL_ARGUMENT, "Unknown matrix parameter '" + key + "': use ql and limit");
      }
    }
    return new MatrixQuery(
        QueryParameters.firstNonNull(
            parameters.getFirst("ql"), parameters.getFirst("q"), parameters.getFirst("query")),
        parameters.getFirst("limit"));
  }

  /** The query: one sent as a query parameter ({@link Selection#ql()}) wins over the matrix. */
  String ql(String ql) {
    return ql != null ? ql : this.ql;
  }

  /** The limit: the query parameter wins over the matrix; a 400 when malformed. */
  int limit(String limit) {
    return QueryParameters.limit(limit != null ? limit : this.limit);
  }

  boolean present() {
    return ql != null || limit != null;
  }
}
