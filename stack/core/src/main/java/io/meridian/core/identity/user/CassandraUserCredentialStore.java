package io.meridian.core.identity.user;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.Optional;
import java.util.UUID;

/** {@code user_credentials}: one row per app user. */
public final class CassandraUserCredentialStore implements UserCredentialStore {
  private final CqlSession session;
  private final PreparedStatement select;
  private final PreparedStatement upsert;
  private final PreparedStatement delete;

  public CassandraUserCredentialStore(CqlSession session) {
    this.session = session;
    this.select =
        session.prepare(
            "SELECT password_hash FROM user_credentials WHERE app_id = ? AND user_id = ?");
    this.upsert =
        session.prepare(
            "INSERT INTO user_credentials (app_id, user_id, password_hash) VALUES (?, ?, ?)");
    this.delete = session.prepare("DELETE FROM user_credentials WHERE app_id = ? AND user_id = ?");
  }

  @Override
  public Optional<String> passwordHash(UUID application, UUID user) {
    Row row = session.execute(select.bind(application, user)).one();
    return row == null ? Optional.empty() : Optional.ofNullable(row.getString(0));
  }

  @Override
  public void setPasswordHash(UUID application, UUID user, String hash) {
    session.execute(upsert.bind(application, user, hash));
  }

  @Override
  public void delete(UUID application, UUID user) {
    session.execute(delete.bind(application, user));
  }
}
