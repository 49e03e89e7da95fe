package io.meridian.core.identity.access;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.identity.token.AccessFeed;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves grants written before roles were held by uuid: a holder {@code role:<name>} and a role
 * granted by name become the uuid of the role that now has that name. A name no role has any more
 * is dropped with its grants: those are what a past rename or delete left behind, the very grants a
 * new role taking the name must not inherit. Runs once per cluster (recorded in {@code
 * data_migrations}); a run interrupted half way is simply run again by the next start, since every
 * step is idempotent.
 *
 * <p>Nodes of an older version still running during a rolling upgrade could write name-keyed grants
 * after the run, which no node would read; stop them before starting this version.
 */
public final class CassandraRoleGrantMigration {
  static final String NAME = "role-grants-by-uuid";
  private static final Logger LOG = LoggerFactory.getLogger(CassandraRoleGrantMigration.class);

  private final CqlSession session;
  private final GrantStore grants;
  private final RoleDirectory roles;
  private final Function<UUID, Optional<ApplicationRef>> applications;
  private final AccessFeed feed;

  public CassandraRoleGrantMigration(
      CqlSession session,
      GrantStore grants,
      RoleDirectory roles,
      Function<UUID, Optional<ApplicationRef>> applications,
      AccessFeed feed) {
    this.session = session;
    this.grants = grants;
    this.roles = roles;
    this.applications = applications;
    this.feed = feed;
  }

  /** Runs the migration unless it ran before; returns how many grants it moved or dropped. */
  public int runOnce() {
    Row done =
        session
            .execute(
                SimpleStatement.newInstance(
                    "SELECT name FROM data_migrations WHERE name = ?", NAME))
            .one();
    if (done != null) {
      return 0;
    }
    int changed = run();
    session.execute(
        SimpleStatement.newInstance(
            "INSERT INTO data_migrations (name, finished) VALUES (?, ?)", NAME, Instant.now()));
    if (changed > 0) {
      LOG.info("Moved or dropped {} grants held by role name", changed);
    }
    return changed;
  }

  /** One pass over every grant; each application with legacy grants is rewritten. */
  int run() {
    Map<UUID, List<Row>> legacy = new LinkedHashMap<>();
    for (Row row :
        session.execute(
            SimpleStatement.newInstance("SELECT app_id, holder, kind, value FROM grants")
                .setPageSize(1_000))) {
      String holder = row.getString("holder");
      boolean byName =
          holder.startsWith("role:") && !isUuid(holder.substring(5))
              || GrantStore.ROLE.equals(row.getString("kind")) && !isUuid(row.getString("value"));
      if (byName) {
        legacy.computeIfAbsent(row.getUuid("app_id"), app -> new ArrayList<>()).add(row);
      }
    }
    int changed = 0;
    for (Map.Entry<UUID, List<Row>> app : legacy.entrySet()) {
      Optional<ApplicationRef> application = applications.apply(app.getKey());
      if (application.isEmpty()) {
        continue; // a deleted application: unreachable, and so are its grants
      }
      for (Row row : app.getValue()) {
        migrate(application.get(), row);
        changed++;
      }
      feed.publish(AccessControl.changed(app.getKey()));
    }
    return changed;
  }

  private void migrate(ApplicationRef application, Row row) {
    UUID app = application.id();
    String holder = row.getString("holder");
    String kind = row.getString("kind");
    String value = row.getString("value");
    String newHolder = holder;
    if (holder.startsWith("role:") && !isUuid(holder.substring(5))) {
      newHolder = roles.roleId(application, holder.substring(5)).map(GrantStore::role).orElse(null);
    }
    String newValue = value;
    if (GrantStore.ROLE.equals(kind) && !isUuid(value)) {
      newValue = roles.roleId(application, value).map(UUID::toString).orElse(null);
    }
    if (newHolder != null && newValue != null) {
      grants.grant(app, newHolder, kind, newValue);
    }
    grants.revoke(app, holder, kind, value);
  }

  private static boolean isUuid(String text) {
    try {
      return UUID.fromString(text).toString().equalsIgnoreCase(text);
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
