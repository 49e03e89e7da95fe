package io.meridian.rest.management;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.Json;
import io.meridian.core.identity.admin.AdminUser;
import io.meridian.core.identity.admin.Invitation;
import io.meridian.core.identity.admin.Organization;
import io.meridian.rest.api.Envelope;
import java.util.List;

/** The JSON shapes of the management API, as Usergrid's. */
final class ManagementJson {
  private ManagementJson() {}

  static ObjectNode admin(AdminUser admin, List<Organization> organizations) {
    ObjectNode json = adminUser(admin);
    ObjectNode orgs = json.putObject("organizations");
    for (Organization organization : organizations) {
      orgs.set(organization.name(), organization(organization, null));
    }
    return json;
  }

  /** The admin as an organization lists it among its {@code users}, without its organizations. */
  static ObjectNode adminUser(AdminUser admin) {
    ObjectNode json = Json.object();
    json.put("uuid", admin.id().toString());
    json.put("type", "user");
    json.put("username", admin.username());
    json.put("email", admin.email());
    json.put("name", admin.name());
    json.put("created", admin.created());
    json.put("activated", true);
    return json;
  }

  /** Usergrid's {@code organization.users}: the organization's admins keyed by username. */
  static ObjectNode adminsByUsername(List<AdminUser> admins) {
    ObjectNode json = Json.object();
    for (AdminUser admin : admins) {
      json.set(admin.username(), adminUser(admin));
    }
    return json;
  }

  /** What the inviter learns: the same for every address, nothing about the invitee. */
  static ObjectNode invitationSent(Invitation invitation, Organization organization) {
    ObjectNode json = Json.object();
    json.put("email", invitation.email());
    json.put("organization", organization.name());
    json.put("status", "pending");
    json.put("expires_at", invitation.expiresMillis());
    return json;
  }

  /** What the invitee sees, with the token that accepts or declines it. */
  static ObjectNode invitationReceived(Invitation invitation, Organization organization) {
    ObjectNode json = Json.object();
    json.put("token", invitation.token());
    json.set("organization", organization(organization, null));
    json.put("created", invitation.createdMillis());
    json.put("expires_at", invitation.expiresMillis());
    return json;
  }

  static ObjectNode organization(Organization organization, List<ApplicationRef> applications) {
    ObjectNode json = Json.object();
    json.put("uuid", organization.id().toString());
    json.put("name", organization.name());
    json.put("created", organization.created());
    if (applications != null) {
      json.set("applications", applications(applications));
    }
    return json;
  }

  /** Usergrid's {@code {"org/app": "uuid"}} map. */
  static ObjectNode applications(List<ApplicationRef> applications) {
    ObjectNode json = Json.object();
    for (ApplicationRef application : applications) {
      json.put(
          application.organization() + "/" + application.application(),
          application.id().toString());
    }
    return json;
  }

  static ObjectNode application(ApplicationRef application) {
    ObjectNode json = Json.object();
    json.put("uuid", application.id().toString());
    json.put("name", application.organization() + "/" + application.application());
    json.put("applicationName", application.application());
    json.put("organizationName", application.organization());
    json.put("created", application.created());
    return json;
  }

  /** The answer to a new admin, in the organizations it was created in. */
  static byte[] createdAdmin(AdminUser admin, List<Organization> organizations) {
    return envelope("create user")
        .data(Json.object().set("user", admin(admin, organizations)))
        .toJson();
  }

  /**
   * Usergrid's management answer: {@code action}, the payload, {@code timestamp} and {@code
   * duration}. Unlike an application's answers it echoes nothing of the request ({@code params},
   * {@code path}, {@code uri}): Usergrid's management answers carry none, and a strict client model
   * of them rejects unknown fields.
   */
  static Envelope envelope(String action) {
    return Envelope.of(action);
  }
}
