package io.meridian.core.identity.admin;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code organizations} by lower-cased name (claimed with a lightweight transaction), {@code
 * organization_ids} back from the id, and membership in both directions.
 */
public final class CassandraOrganizationStore implements OrganizationStore {
  private final CqlSession session;
  private final PreparedStatement selectByName;
  private final PreparedStatement selectName;
  private final PreparedStatement insert;
  private final PreparedStatement insertId;
  private final PreparedStatement insertAdmin;
  private final PreparedStatement insertAdminOrg;
  private final PreparedStatement deleteAdmin;
  private final PreparedStatement deleteAdminOrg;
  private final PreparedStatement selectAdmins;
  private final PreparedStatement selectOrganizations;
  private final PreparedStatement selectProperties;
  private final PreparedStatement updateProperties;

  public CassandraOrganizationStore(CqlSession session) {
    this.session = session;
    this.selectByName =
        session.prepare("SELECT org_id, org_display, created FROM organizations WHERE org = ?");
    this.selectName = session.prepare("SELECT org FROM organization_ids WHERE org_id = ?");
    this.insert =
        session.prepare(
            "INSERT INTO organizations (org, org_id, org_display, created) VALUES (?, ?, ?, ?)"
                + " IF NOT EXISTS");
    this.insertId = session.prepare("INSERT INTO organization_ids (org_id, org) VALUES (?, ?)");
    this.insertAdmin = session.prepare("INSERT INTO org_admins (org_id, admin_id) VALUES (?, ?)");
    this.insertAdminOrg =
        session.prepare("INSERT INTO admin_orgs (admin_id, org_id) VALUES (?, ?)");
    this.deleteAdmin = session.prepare("DELETE FROM org_admins WHERE org_id = ? AND admin_id = ?");
    this.deleteAdminOrg =
        session.prepare("DELETE FROM admin_orgs WHERE admin_id = ? AND org_id = ?");
    this.selectAdmins = session.prepare("SELECT admin_id FROM org_admins WHERE org_id = ?");
    this.selectOrganizations = session.prepare("SELECT org_id FROM admin_orgs WHERE admin_id = ?");
    this.selectProperties = session.prepare("SELECT properties FROM organizations WHERE org = ?");
    // IF EXISTS: an update never brings back a row of an organization that is gone.
    this.updateProperties =
        session.prepare("UPDATE organizations SET properties = ? WHERE org = ? IF EXISTS");
  }

  @Override
  public Optional<Organization> find(String name) {
    Row row = session.execute(selectByName.bind(lower(name))).one();
    return row == null
        ? Optional.empty()
        : Optional.of(
            new Organization(
                row.getUuid("org_id"), row.getString("org_display"), row.getLong("created")));
  }

  @Override
  public Optional<Organization> find(UUID id) {
    Row row = session.execute(selectName.bind(id)).one();
    return row == null
        ? Optional.empty()
        : find(row.getString("org")).filter(found -> found.id().equals(id));
  }

  @Override
  public boolean create(Organization organization) {
    boolean won =
        session
            .execute(
                insert.bind(
                    lower(organization.name()),
                    organization.id(),
                    organization.name(),
                    organization.created()))
            .wasApplied();
    if (won) {
      session.execute(insertId.bind(organization.id(), lower(organization.name())));
    }
    return won;
  }

  @Override
  public Optional<String> properties(Organization organization) {
    Row row = session.execute(selectProperties.bind(lower(organization.name()))).one();
    return row == null ? Optional.empty() : Optional.ofNullable(row.getString("properties"));
  }

  @Override
  public void setProperties(Organization organization, String json) {
    session.execute(updateProperties.bind(json, lower(organization.name())));
  }

  /** The admin's side first: a crash in between leaves an admin who lists an org it cannot use. */
  @Override
  public void addAdmin(UUID organization, UUID admin) {
    session.execute(insertAdminOrg.bind(admin, organization));
    session.execute(insertAdmin.bind(organization, admin));
  }

  @Override
  public void removeAdmin(UUID organization, UUID admin) {
    session.execute(deleteAdmin.bind(organization, admin));
    session.execute(deleteAdminOrg.bind(admin, organization));
  }

  @Override
  public List<UUID> admins(UUID organization) {
    List<UUID> admins = new ArrayList<>();
    session.execute(selectAdmins.bind(organization)).forEach(r -> admins.add(r.getUuid(0)));
    return admins;
  }

  @Override
  public List<UUID> organizationsOf(UUID admin) {
    List<UUID> organizations = new ArrayList<>();
    session.execute(selectOrganizations.bind(admin)).forEach(r -> organizations.add(r.getUuid(0)));
    return organizations;
  }

  private static String lower(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
