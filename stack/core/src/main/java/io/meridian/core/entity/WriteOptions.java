package io.meridian.core.entity;

/**
 * How a write waits for the index.
 *
 * @param visibleToQueries wait (bounded) until the write is searchable, so that the writer's next
 *     query sees it; bulk loaders may turn this off and rely on eventual indexing
 */
public record WriteOptions(boolean visibleToQueries) {
  public static final WriteOptions DEFAULT = new WriteOptions(true);
  public static final WriteOptions EVENTUAL = new WriteOptions(false);
}
