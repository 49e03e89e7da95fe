package io.meridian.rest.support;

/**
 * What integration test classes running at once must not share (see junit-platform.properties):
 * each name is a {@code @ResourceLock}, and the classes holding it run one at a time. Classes that
 * stop or kill the shared Cassandra or Elasticsearch are {@code @Isolated} instead: they run alone,
 * after the others.
 */
public final class SharedResources {
  /** The second node of {@link TwoNodeIT}, held in one static field for its subclasses. */
  public static final String SECOND_NODE = "second-node";

  /** The Chromium of {@link ConsoleIT}, held in one static field for its subclasses. */
  public static final String BROWSER = "browser";

  /**
   * The push queue: a node with push enabled works on every application's queued notifications, so
   * two push tests at once would send each other's to fakes that do not expect them.
   */
  public static final String PUSH_QUEUE = "push-queue";

  /**
   * The node's count of connections closed for not reading: the classes that make such a client
   * assert by how much the count moved.
   */
  public static final String SLOW_CLIENTS = "slow-clients";

  private SharedResources() {}
}
