package io.meridian.core.app;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.Locale;
import java.util.Optional;

/**
 * Applications keyed by lower-cased organization and application name. Registration is a
 * lightweight transaction, so concurrent first writes on different nodes agree on one id.
 */
public final class CassandraApplicationStore implements ApplicationStore {
  private final CqlSession session;
  private final PreparedStatement select;
  private final PreparedStatement insertIfAbsent;

  public CassandraApplicationStore(CqlSession session) {
    this.session = session;
    this.select =
        session.prepare(
            "SELECT app_id, org_display, app_display FROM applications WHERE org = ? AND app = ?");
    this.insertIfAbsent =
        session.prepare(
            "INSERT INTO applications (org, app, app_id, org_display, app_display)"
                + " VALUES (?, ?, ?, ?, ?) IF NOT EXISTS");
  }

  @Override
  public Optional<ApplicationRef> find(String organization, String application) {
    Row row = session.execute(select.bind(lower(organization), lower(application))).one();
    return Optional.ofNullable(row).map(CassandraApplicationStore::toRef);
  }

  @Override
  public ApplicationRef createIfAbsent(ApplicationRef candidate) {
    ResultSet result =
        session.execute(
            insertIfAbsent.bind(
                lower(candidate.organization()),
                lower(candidate.application()),
                candidate.id(),
                candidate.organization(),
                candidate.application()));
    if (result.wasApplied()) {
      return candidate;
    }
    // The LWT answer carries the existing row when it was not applied.
    return toRef(result.one());
  }

  private static ApplicationRef toRef(Row row) {
    return new ApplicationRef(
        row.getUuid("app_id"), row.getString("org_display"), row.getString("app_display"));
  }

  private static String lower(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
