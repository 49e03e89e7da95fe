package io.meridian.core.common;

import com.datastax.oss.driver.api.core.DriverException;

/**
 * Which failures mean that Cassandra did not answer (timeouts, unavailable replicas, lost
 * connections): the protocols answer them as {@code 503 storage_unavailable}, without knowing the
 * driver's types.
 */
public final class CassandraFailures {
  private CassandraFailures() {}

  public static boolean isStorageFailure(Throwable failure) {
    return failure instanceof DriverException;
  }
}
