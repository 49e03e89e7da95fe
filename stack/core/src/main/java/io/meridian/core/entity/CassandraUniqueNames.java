package io.meridian.core.entity;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.meridian.core.common.Concurrently;
import io.meridian.core.entity.EntityStore.NameClaim;
import io.meridian.core.entity.EntityStore.NameHolder;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * The unique-name table: a value claimed in a namespace (a collection's names, or another unique
 * property) by the uuid that holds it, compared without case. Every change is a lightweight
 * transaction, so of concurrent claims on any node exactly one wins, and a take-over or release
 * acts only on the holder it names.
 */
final class CassandraUniqueNames {
  private final CqlSession session;
  private final PreparedStatement select;
  private final PreparedStatement claim;
  private final PreparedStatement takeOver;
  private final PreparedStatement release;

  CassandraUniqueNames(CqlSession session) {
    this.session = session;
    this.select =
        session.prepare(
            "SELECT uuid, writetime(uuid) AS claimed FROM unique_names"
                + " WHERE app_id = ? AND collection = ? AND name = ?");
    this.claim =
        session.prepare(
            "INSERT INTO unique_names (app_id, collection, name, uuid) VALUES (?, ?, ?, ?)"
                + " IF NOT EXISTS");
    this.takeOver =
        session.prepare(
            "UPDATE unique_names SET uuid = ? WHERE app_id = ? AND collection = ? AND name = ?"
                + " IF uuid = ?");
    this.release =
        session.prepare(
            "DELETE FROM unique_names WHERE app_id = ? AND collection = ? AND name = ? IF uuid = ?");
  }

  Optional<NameHolder> holder(UUID applicationId, String collection, String name) {
    Row row = session.execute(select.bind(applicationId, collection, key(name))).one();
    return Optional.ofNullable(row)
        .map(r -> new NameHolder(r.getUuid("uuid"), r.getLong("claimed")));
  }

  boolean claim(UUID applicationId, String collection, String name, UUID uuid) {
    return session
        .execute(lwt(claim.bind(applicationId, collection, key(name), uuid)))
        .wasApplied();
  }

  List<Boolean> claimAll(UUID applicationId, String collection, List<NameClaim> claims) {
    return Concurrently.map(
        claims,
        Concurrently.DEFAULT_WINDOW,
        claimed ->
            session
                .executeAsync(
                    lwt(claim.bind(applicationId, collection, key(claimed.name()), claimed.uuid())))
                .thenApply(AsyncResultSet::wasApplied));
  }

  boolean takeOver(
      UUID applicationId, String collection, String name, UUID expectedHolder, UUID uuid) {
    return session
        .execute(lwt(takeOver.bind(uuid, applicationId, collection, key(name), expectedHolder)))
        .wasApplied();
  }

  void release(UUID applicationId, String collection, String name, UUID holder) {
    session.execute(lwt(release.bind(applicationId, collection, key(name), holder)));
  }

  private static BoundStatement lwt(BoundStatement statement) {
    return statement.setSerialConsistencyLevel(ConsistencyLevel.SERIAL);
  }

  private static String key(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
