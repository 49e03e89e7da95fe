package io.meridian.core.identity.access;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * {@code grants} (a holder's partition) and {@code grant_holders} (a value's partition). A grant
 * writes the holder's side first and a revoke removes it first, so a crash in between leaves at
 * most a reverse row that lists a holder without the grant; readers of permissions never use the
 * reverse side.
 */
public final class CassandraGrantStore implements GrantStore {
  private static final int MAX_ROWS = 10_000;

  private final CqlSession session;
  private final PreparedStatement select;
  private final PreparedStatement insert;
  private final PreparedStatement insertHolder;
  private final PreparedStatement delete;
  private final PreparedStatement deleteHolder;
  private final PreparedStatement selectHolders;
  private final PreparedStatement deleteAll;
  private final PreparedStatement deleteValue;

  public CassandraGrantStore(CqlSession session) {
    this.session = session;
    this.select =
        session.prepare(
            "SELECT kind, value FROM grants WHERE app_id = ? AND holder = ? LIMIT " + MAX_ROWS);
    this.insert =
        session.prepare("INSERT INTO grants (app_id, holder, kind, value) VALUES (?, ?, ?, ?)");
    this.insertHolder =
        session.prepare(
            "INSERT INTO grant_holders (app_id, kind, value, holder) VALUES (?, ?, ?, ?)");
    this.delete =
        session.prepare(
            "DELETE FROM grants WHERE app_id = ? AND holder = ? AND kind = ? AND value = ?");
    this.deleteHolder =
        session.prepare(
            "DELETE FROM grant_holders WHERE app_id = ? AND kind = ? AND value = ? AND holder = ?");
    this.selectHolders =
        session.prepare(
            "SELECT holder FROM grant_holders WHERE app_id = ? AND kind = ? AND value = ? LIMIT "
                + MAX_ROWS);
    this.deleteAll = session.prepare("DELETE FROM grants WHERE app_id = ? AND holder = ?");
    this.deleteValue =
        session.prepare("DELETE FROM grant_holders WHERE app_id = ? AND kind = ? AND value = ?");
  }

  @Override
  public Grants grants(UUID application, String holder) {
    Set<String> permissions = new LinkedHashSet<>();
    Set<String> roles = new LinkedHashSet<>();
    Set<String> groups = new LinkedHashSet<>();
    for (Row row : session.execute(select.bind(application, holder))) {
      String value = row.getString("value");
      switch (row.getString("kind")) {
        case PERMISSION -> permissions.add(value);
        case ROLE -> roles.add(value);
        case GROUP -> groups.add(value);
        default -> {}
      }
    }
    if (permissions.isEmpty() && roles.isEmpty() && groups.isEmpty()) {
      return Grants.NONE;
    }
    return new Grants(Set.copyOf(permissions), Set.copyOf(roles), Set.copyOf(groups));
  }

  @Override
  public void grant(UUID application, String holder, String kind, String value) {
    session.execute(insert.bind(application, holder, kind, value));
    session.execute(insertHolder.bind(application, kind, value, holder));
  }

  @Override
  public void revoke(UUID application, String holder, String kind, String value) {
    session.execute(delete.bind(application, holder, kind, value));
    session.execute(deleteHolder.bind(application, kind, value, holder));
  }

  @Override
  public List<String> holders(UUID application, String kind, String value) {
    List<String> holders = new ArrayList<>();
    session
        .execute(selectHolders.bind(application, kind, value))
        .forEach(row -> holders.add(row.getString(0)));
    return holders;
  }

  @Override
  public void removeHolder(UUID application, String holder) {
    List<String[]> granted = new ArrayList<>();
    for (Row row : session.execute(select.bind(application, holder))) {
      granted.add(new String[] {row.getString("kind"), row.getString("value")});
    }
    session.execute(deleteAll.bind(application, holder));
    for (String[] grant : granted) {
      session.execute(deleteHolder.bind(application, grant[0], grant[1], holder));
    }
  }

  @Override
  public void removeValue(UUID application, String kind, String value) {
    for (String holder : holders(application, kind, value)) {
      session.execute(delete.bind(application, holder, kind, value));
    }
    session.execute(deleteValue.bind(application, kind, value));
  }
}
