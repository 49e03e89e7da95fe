package io.meridian.core.schema;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings a keyspace to the newest schema version: creates it if missing, then runs each migration
 * not yet recorded in {@code schema_migrations}, in order. Safe to run on every start of every
 * node.
 */
public final class CassandraSchema {
  private static final Logger LOG = LoggerFactory.getLogger(CassandraSchema.class);
  private static final Pattern KEYSPACE = Pattern.compile("[a-z][a-z0-9_]{0,47}");
  private static final Duration DDL_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration AGREEMENT_TIMEOUT = Duration.ofMinutes(3);
  private static final Duration AGREEMENT_POLL = Duration.ofMillis(500);

  private CassandraSchema() {}

  /**
   * @param replication the CQL replication map, e.g. {@code {'class': 'SimpleStrategy',
   *     'replication_factor': 1}}
   * @return the schema version after migrating
   */
  public static int migrate(CqlSession session, String keyspace, String replication) {
    if (!KEYSPACE.matcher(keyspace).matches()) {
      throw new IllegalArgumentException("Invalid keyspace name: " + keyspace);
    }
    ddl(
        session,
        "CREATE KEYSPACE IF NOT EXISTS " + keyspace + " WITH replication = " + replication);
    ddl(
        session,
        "CREATE TABLE IF NOT EXISTS "
            + keyspace
            + ".schema_migrations (version int PRIMARY KEY, description text, applied_at"
            + " timestamp)");
    Set<Integer> applied = new HashSet<>();
    for (Row row :
        whenVisible(
            session,
            SimpleStatement.newInstance(
                "SELECT version FROM " + keyspace + ".schema_migrations"))) {
      applied.add(row.getInt("version"));
    }
    int current = 0;
    for (Migration migration : Migrations.ALL) {
      current = migration.version();
      if (applied.contains(migration.version())) {
        continue;
      }
      LOG.info("Applying schema migration {}: {}", migration.version(), migration.description());
      for (String statement : migration.statements()) {
        ddl(session, statement.replace("{ks}", keyspace));
      }
      whenVisible(
          session,
          SimpleStatement.newInstance(
              "INSERT INTO "
                  + keyspace
                  + ".schema_migrations (version, description, applied_at) VALUES (?, ?, ?)",
              migration.version(),
              migration.description(),
              Instant.now()));
    }
    return current;
  }

  /**
   * Runs a statement that names a table or keyspace created moments ago, retrying while a node
   * answers that it does not exist. Agreement is among the nodes the driver sees up: on a new
   * cluster a node that has just joined can already take requests without the schema, which it
   * pulls from its peers shortly after (a REST node of the test cluster once died on "table
   * schema_migrations does not exist" right after creating it and seeing agreement).
   */
  private static ResultSet whenVisible(CqlSession session, SimpleStatement statement) {
    long deadline = System.nanoTime() + AGREEMENT_TIMEOUT.toNanos();
    while (true) {
      try {
        return session.execute(statement);
      } catch (InvalidQueryException e) {
        String message = String.valueOf(e.getMessage());
        boolean missing =
            message.contains("does not exist")
                || message.contains("unconfigured table")
                || message.contains("Keyspace") && message.contains("doesn't exist");
        if (!missing || System.nanoTime() > deadline) {
          throw e;
        }
        LOG.info("A node does not have the schema yet ({}); retrying", message);
        pause();
      }
    }
  }

  private static void pause() {
    try {
      Thread.sleep(AGREEMENT_POLL.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting for the schema", e);
    }
  }

  /**
   * Runs one schema change and returns once every node agrees on the schema, so every node sees a
   * table before statements against it are prepared anywhere. Agreement is asked for explicitly
   * after every change, whatever the driver reported: a session that keeps no schema metadata (the
   * migrating one) does not wait for it. The driver waits for agreement only 10 s and then goes on;
   * on a starved machine (a new three-node cluster on two cores) agreement took longer, and a
   * statement prepared on a node without the table failed the start.
   */
  private static void ddl(CqlSession session, String cql) {
    ResultSet result =
        whenVisible(session, SimpleStatement.newInstance(cql).setTimeout(DDL_TIMEOUT));
    if (result.getExecutionInfo().isSchemaInAgreement() && session.checkSchemaAgreement()) {
      return;
    }
    long deadline = System.nanoTime() + AGREEMENT_TIMEOUT.toNanos();
    while (!session.checkSchemaAgreement()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "Cassandra's nodes did not agree on the schema within "
                + AGREEMENT_TIMEOUT.toSeconds()
                + " s after: "
                + cql);
      }
      pause();
    }
    LOG.info("Cassandra's nodes agree on the schema again");
  }
}
