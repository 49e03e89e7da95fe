package io.meridian.core.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.meridian.core.CassandraTestSession;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Two nodes starting together may both run a migration before either records it: every statement
 * must succeed when run again over its own result.
 */
class MigrationsRerunIT {
  private static final String KEYSPACE = "meridian_core_rerun_it";
  private static final String REPLICATION = "{'class': 'SimpleStrategy', 'replication_factor': 1}";

  @Test
  void every_migration_runs_again_after_a_crash_before_it_was_recorded() {
    try (CqlSession session = CassandraTestSession.open()) {
      ddl(session, "DROP KEYSPACE IF EXISTS " + KEYSPACE);
      CassandraSchema.migrate(session, KEYSPACE, REPLICATION);
      session.execute("TRUNCATE " + KEYSPACE + ".schema_migrations");

      int version = CassandraSchema.migrate(session, KEYSPACE, REPLICATION);

      assertThat(version).isEqualTo(Migrations.ALL.get(Migrations.ALL.size() - 1).version());
      assertThat(
              session
                  .execute(
                      "SELECT column_name FROM system_schema.columns WHERE keyspace_name = ?"
                          + " AND table_name = 'entities' AND column_name IN ?",
                      KEYSPACE,
                      List.of("connections", "connecting"))
                  .all())
          .hasSize(2);
      ddl(session, "DROP KEYSPACE " + KEYSPACE);
    }
  }

  private static void ddl(CqlSession session, String cql) {
    session.execute(SimpleStatement.newInstance(cql).setTimeout(Duration.ofSeconds(30)));
  }
}
