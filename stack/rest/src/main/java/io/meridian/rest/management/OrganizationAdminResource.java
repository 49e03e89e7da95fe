package io.meridian.rest.management;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.common.Json;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.access.Access;
import io.meridian.core.identity.admin.AdminInvitations;
import io.meridian.core.identity.admin.AdminUser;
import io.meridian.core.identity.admin.Invitation;
import io.meridian.core.identity.admin.ManagementService;
import io.meridian.core.identity.admin.Organization;
import io.meridian.core.identity.login.RegistrationThrottle;
import io.meridian.rest.access.Caller;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.openapi.ApiBody;
import io.meridian.rest.openapi.ApiThrottled;
import io.meridian.rest.param.BodyHeaders;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;

/**
 * {@code /management/orgs/{org}/users}: an organization's admins, listed, created, invited by email
 * address (they join once they accept, {@link AdminInvitationResource}) and removed.
 */
@Access(Access.Rule.ORGANIZATION_ADMIN)
@ApiPart(id = "organization", tag = "Management")
@Path("/management/{organizations: orgs|organizations}")
@Produces(MediaType.APPLICATION_JSON)
public class OrganizationAdminResource {
  private static final String THROTTLED =
      "The caller or its address invited or added its allowance of admins; `Retry-After` says"
          + " when to try again";

  private final ManagementService management;
  private final JsonBodies bodies;
  private final AdminInvitations invitations;
  private final RegistrationThrottle registrations;

  public OrganizationAdminResource(
      ManagementService management,
      JsonBodies bodies,
      AdminInvitations invitations,
      RegistrationThrottle registrations) {
    this.management = management;
    this.registrations = registrations;
    this.bodies = bodies;
    this.invitations = invitations;
  }

  @GET
  @Path("{org}/users")
  @Operation(summary = "The organization's admins")
  public byte[] admins(@PathParam("org") String org) {
    Organization organization = OrganizationResource.administered(management, org);
    var admins = Json.MAPPER.createArrayNode();
    for (AdminUser admin : management.admins(organization)) {
      admins.add(ManagementJson.admin(admin, java.util.List.of()));
    }
    return ManagementJson.envelope("get organization users").data(admins).toJson();
  }

  /**
   * {@code {username, email, name, password}}: a new admin of this organization (only {@code email}
   * is required, as in Usergrid: it is the username when none is given, and without a password the
   * admin gets a random one nobody knows), charged to the caller's and its address's allowance of
   * admins added (as an invitation is), once the request is found well formed and before the
   * password is hashed.
   */
  @POST
  @Path("{org}/users")
  @Operation(summary = "Create an admin in the organization")
  @ApiBody(value = "NewAdmin", form = true)
  @ApiThrottled(THROTTLED)
  public byte[] addNewAdmin(
      @PathParam("org") String org,
      @BeanParam BodyHeaders headers,
      @Context HttpServletRequest servlet,
      InputStream body) {
    Organization organization = OrganizationResource.administered(management, org);
    ObjectNode fields = bodies.fields(body, headers.contentLength(), headers.contentType());
    Principal caller = Caller.current();
    String address = servlet.getRemoteAddr();
    AdminUser admin =
        management.createMemberAdmin(
            JsonBodies.text(fields, "username"),
            JsonBodies.text(fields, "name"),
            JsonBodies.text(fields, "email"),
            JsonBodies.text(fields, "password"),
            () -> admitAdmin(caller, address));
    management.addAdmin(organization, admin);
    return ManagementJson.createdAdmin(admin, java.util.List.of(organization));
  }

  /**
   * Invites whoever holds the email address to become an admin of this organization; nothing
   * changes until that admin accepts. The answer is the same whether or not an admin holds the
   * address, and shows nothing about the invitee.
   */
  @PUT
  @Path("{org}/users/{user}")
  @Operation(
      summary =
          "Invite an admin by email address: they join once they accept"
              + " (`/management/users/me/invitations`)")
  @ApiThrottled(THROTTLED)
  public byte[] invite(
      @PathParam("org") String org,
      @PathParam("user") String email,
      @Context HttpServletRequest servlet) {
    Organization organization = OrganizationResource.administered(management, org);
    Principal caller = Caller.current();
    String address = servlet.getRemoteAddr();
    Invitation invitation =
        invitations.invite(
            organization, email, caller.subject(), () -> admitAdmin(caller, address));
    return ManagementJson.envelope("invite user to organization")
        .data(
            Json.object()
                .set("invitation", ManagementJson.invitationSent(invitation, organization)))
        .toJson();
  }

  @DELETE
  @Path("{org}/users/{user}")
  @Operation(summary = "Remove an admin from the organization")
  public byte[] removeAdmin(@PathParam("org") String org, @PathParam("user") String user) {
    Organization organization = OrganizationResource.administered(management, org);
    AdminUser admin = management.member(organization, user);
    management.removeAdmin(organization, admin);
    return ManagementJson.envelope("remove user from organization")
        .data(Json.object().set("user", ManagementJson.admin(admin, java.util.List.of())))
        .toJson();
  }

  /** Charges an admin invited or added to the caller and its address; the superuser is not. */
  private void admitAdmin(Principal caller, String address) {
    if (caller.kind() != PrincipalKind.SUPERUSER) {
      registrations.admitInvitation(caller.subject(), address);
    }
  }
}
