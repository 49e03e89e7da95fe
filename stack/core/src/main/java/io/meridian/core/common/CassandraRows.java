package io.meridian.core.common;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/** Every row of an asynchronous result, its pages followed without blocking a thread. */
public final class CassandraRows {
  private CassandraRows() {}

  /** The rows of {@code page} and of every page after it, each mapped by {@code mapper}. */
  public static <T> CompletionStage<List<T>> all(AsyncResultSet page, Function<Row, T> mapper) {
    List<T> rows = new ArrayList<>();
    page.currentPage().forEach(row -> rows.add(mapper.apply(row)));
    if (!page.hasMorePages()) {
      return CompletableFuture.completedFuture(rows);
    }
    return page.fetchNextPage()
        .thenCompose(next -> all(next, mapper))
        .thenApply(
            rest -> {
              rows.addAll(rest);
              return rows;
            });
  }
}
