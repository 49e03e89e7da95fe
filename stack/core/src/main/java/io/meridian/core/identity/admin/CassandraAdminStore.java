package io.meridian.core.identity.admin;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code admin_users} by id; {@code admin_logins} maps {@code username:<lower>} and {@code
 * email:<lower>} to the id, each claimed with a lightweight transaction so two admins never share a
 * login. The logins are claimed before the admin row is written.
 */
public final class CassandraAdminStore implements AdminStore {
  private final CqlSession session;
  private final PreparedStatement select;
  private final PreparedStatement selectLogin;
  private final PreparedStatement claimLogin;
  private final PreparedStatement releaseLogin;
  private final PreparedStatement insert;
  private final PreparedStatement selectHash;
  private final PreparedStatement updateHash;
  private final PreparedStatement selectHashWritten;

  public CassandraAdminStore(CqlSession session) {
    this.session = session;
    this.select =
        session.prepare(
            "SELECT admin_id, username, email, name, created FROM admin_users WHERE admin_id = ?");
    this.selectLogin = session.prepare("SELECT admin_id FROM admin_logins WHERE login = ?");
    this.claimLogin =
        session.prepare("INSERT INTO admin_logins (login, admin_id) VALUES (?, ?) IF NOT EXISTS");
    this.releaseLogin = session.prepare("DELETE FROM admin_logins WHERE login = ? IF admin_id = ?");
    this.insert =
        session.prepare(
            "INSERT INTO admin_users (admin_id, username, email, name, password_hash, created)"
                + " VALUES (?, ?, ?, ?, ?, ?)");
    this.selectHash = session.prepare("SELECT password_hash FROM admin_users WHERE admin_id = ?");
    this.updateHash =
        session.prepare("UPDATE admin_users SET password_hash = ? WHERE admin_id = ?");
    this.selectHashWritten =
        session.prepare("SELECT WRITETIME(password_hash) FROM admin_users WHERE admin_id = ?");
  }

  @Override
  public Optional<AdminUser> find(UUID id) {
    Row row = session.execute(select.bind(id)).one();
    return row == null
        ? Optional.empty()
        : Optional.of(
            new AdminUser(
                row.getUuid("admin_id"),
                row.getString("username"),
                row.getString("email"),
                row.getString("name"),
                row.getLong("created")));
  }

  @Override
  public Optional<UUID> findByLogin(String usernameOrEmail) {
    if (usernameOrEmail == null || usernameOrEmail.isBlank()) {
      return Optional.empty();
    }
    String kind = usernameOrEmail.contains("@") ? "email:" : "username:";
    Row row = session.execute(selectLogin.bind(kind + lower(usernameOrEmail))).one();
    return row == null ? Optional.empty() : Optional.of(row.getUuid("admin_id"));
  }

  @Override
  public boolean create(AdminUser admin, String passwordHash) {
    String username = "username:" + lower(admin.username());
    if (!session.execute(claimLogin.bind(username, admin.id())).wasApplied()) {
      return false;
    }
    if (admin.email() != null) {
      String email = "email:" + lower(admin.email());
      if (!session.execute(claimLogin.bind(email, admin.id())).wasApplied()) {
        session.execute(releaseLogin.bind(username, admin.id()));
        return false;
      }
    }
    session.execute(
        insert.bind(
            admin.id(),
            admin.username(),
            admin.email(),
            admin.name(),
            passwordHash,
            admin.created()));
    return true;
  }

  @Override
  public Optional<String> passwordHash(UUID id) {
    Row row = session.execute(selectHash.bind(id)).one();
    return row == null ? Optional.empty() : Optional.ofNullable(row.getString(0));
  }

  /** The cell's write time (microseconds): every password set writes the hash, and only that. */
  @Override
  public Optional<Long> passwordSetMillis(UUID id) {
    Row row = session.execute(selectHashWritten.bind(id)).one();
    return row == null || row.isNull(0) ? Optional.empty() : Optional.of(row.getLong(0) / 1000);
  }

  @Override
  public void setPasswordHash(UUID id, String passwordHash) {
    session.execute(updateHash.bind(passwordHash, id));
  }

  private static String lower(String text) {
    return text.toLowerCase(Locale.ROOT);
  }
}
