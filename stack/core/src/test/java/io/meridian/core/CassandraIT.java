package io.meridian.core;

import com.datastax.oss.driver.api.core.CqlSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Base of store integration tests: one session per test class on the shared real Cassandra. */
public abstract class CassandraIT {
  protected static CqlSession session;

  @BeforeAll
  static void connect() {
    session = CassandraTestSession.open();
  }

  @AfterAll
  static void disconnect() {
    session.close();
  }
}
