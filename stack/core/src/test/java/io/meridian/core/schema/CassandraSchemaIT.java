package io.meridian.core.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.CassandraTestSession;
import org.junit.jupiter.api.Test;

class CassandraSchemaIT {

  @Test
  void migrating_again_is_a_no_op_that_reports_the_same_version() {
    try (CqlSession session = CassandraTestSession.open()) {
      int again =
          CassandraSchema.migrate(
              session,
              CassandraTestSession.KEYSPACE,
              "{'class': 'SimpleStrategy', 'replication_factor': 1}");

      assertThat(again).isEqualTo(Migrations.ALL.get(Migrations.ALL.size() - 1).version());
      assertThat(session.execute("SELECT count(*) FROM schema_migrations").one().getLong(0))
          .isEqualTo(Migrations.ALL.size());
    }
  }
}
