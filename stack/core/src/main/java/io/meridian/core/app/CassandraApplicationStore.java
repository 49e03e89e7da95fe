package io.meridian.core.app;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * Applications keyed by lower-cased organization and application name, plus {@code application_ids}
 * to find one by id. Registration is a lightweight transaction, so concurrent creators on different
 * nodes agree on one id; the id row is written after the name is won, and outlives a deletion so
 * that the application can be restored.
 */
public final class CassandraApplicationStore implements ApplicationStore {
  private static final String COLUMNS = "app_id, org_id, org_display, app_display, created";

  private final CqlSession session;
  private final PreparedStatement select;
  private final PreparedStatement selectOrganization;
  private final PreparedStatement selectId;
  private final PreparedStatement insertIfAbsent;
  private final PreparedStatement insertId;
  private final PreparedStatement delete;

  public CassandraApplicationStore(CqlSession session) {
    this.session = session;
    this.select =
        session.prepare("SELECT " + COLUMNS + " FROM applications WHERE org = ? AND app = ?");
    this.selectOrganization =
        session.prepare("SELECT " + COLUMNS + " FROM applications WHERE org = ?");
    this.selectId = session.prepare("SELECT org, app FROM application_ids WHERE app_id = ?");
    this.insertIfAbsent =
        session.prepare(
            "INSERT INTO applications (org, app, app_id, org_id, org_display, app_display, created)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?) IF NOT EXISTS");
    this.insertId =
        session.prepare("INSERT INTO application_ids (app_id, org, app) VALUES (?, ?, ?)");
    this.delete = session.prepare("DELETE FROM applications WHERE org = ? AND app = ? IF EXISTS");
  }

  @Override
  public Optional<ApplicationRef> find(String organization, String application) {
    Row row = session.execute(select.bind(lower(organization), lower(application))).one();
    return Optional.ofNullable(row).map(CassandraApplicationStore::toRef);
  }

  @Override
  public Optional<ApplicationRef> find(UUID applicationId) {
    Row row = session.execute(selectId.bind(applicationId)).one();
    return row == null
        ? Optional.empty()
        : find(row.getString("org"), row.getString("app"))
            .filter(found -> found.id().equals(applicationId));
  }

  @Override
  public List<ApplicationRef> list(String organization) {
    List<ApplicationRef> applications = new ArrayList<>();
    for (Row row : session.execute(selectOrganization.bind(lower(organization)))) {
      applications.add(toRef(row));
    }
    return applications;
  }

  @Override
  public ApplicationRef createIfAbsent(ApplicationRef candidate) {
    ResultSet result =
        session.execute(
            insertIfAbsent.bind(
                lower(candidate.organization()),
                lower(candidate.application()),
                candidate.id(),
                candidate.organizationId(),
                candidate.organization(),
                candidate.application(),
                candidate.created()));
    if (!result.wasApplied()) {
      // The LWT answer carries the existing row when it was not applied.
      return toRef(result.one());
    }
    session.execute(
        insertId.bind(
            candidate.id(), lower(candidate.organization()), lower(candidate.application())));
    return candidate;
  }

  /** The id row stays: it names what a restore registers again. */
  @Override
  public void delete(ApplicationRef application) {
    session.execute(
        delete.bind(lower(application.organization()), lower(application.application())));
  }

  @Override
  public Optional<DeletedName> deletedNames(UUID applicationId) {
    Row row = session.execute(selectId.bind(applicationId)).one();
    if (row == null) {
      return Optional.empty();
    }
    DeletedName names = new DeletedName(row.getString("org"), row.getString("app"));
    boolean registered =
        find(names.organization(), names.application())
            .filter(found -> found.id().equals(applicationId))
            .isPresent();
    return registered ? Optional.empty() : Optional.of(names);
  }

  private static ApplicationRef toRef(Row row) {
    return new ApplicationRef(
        row.getUuid("app_id"),
        row.getUuid("org_id"),
        row.getString("org_display"),
        row.getString("app_display"),
        row.isNull("created") ? 0 : row.getLong("created"));
  }

  private static String lower(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
