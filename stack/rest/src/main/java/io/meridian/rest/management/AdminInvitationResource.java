package io.meridian.rest.management;

import io.meridian.api.route.ApiPart;
import io.meridian.core.common.Json;
import io.meridian.core.identity.access.Access;
import io.meridian.core.identity.admin.AdminInvitations;
import io.meridian.core.identity.admin.AdminUser;
import io.meridian.core.identity.admin.Invitation;
import io.meridian.core.identity.admin.ManagementService;
import io.meridian.core.identity.admin.Organization;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * {@code /management/users/me/invitations}: the signed-in admin's invitations to organizations,
 * which it accepts or declines; the invitations are sent by {@link OrganizationAdminResource}.
 */
@Access(Access.Rule.ADMIN)
@ApiPart(id = "admin", tag = "Management")
@Path("/management")
@Produces(MediaType.APPLICATION_JSON)
public class AdminInvitationResource {
  private final ManagementService management;
  private final AdminInvitations invitations;

  public AdminInvitationResource(ManagementService management, AdminInvitations invitations) {
    this.management = management;
    this.invitations = invitations;
  }

  /** Only the signed-in admin sees its invitations: their tokens are for it alone. */
  @GET
  @Path("users/me/invitations")
  @Operation(summary = "The signed-in admin's pending invitations to organizations")
  public byte[] invitations() {
    AdminUser admin = ManagementResource.signedInAdmin(management);
    var data = Json.MAPPER.createArrayNode();
    for (Invitation invitation : invitations.pending(admin)) {
      management
          .organization(invitation.organization())
          .ifPresent(
              organization ->
                  data.add(ManagementJson.invitationReceived(invitation, organization)));
    }
    return ManagementJson.envelope("get admin invitations").data(data).toJson();
  }

  @PUT
  @Path("users/me/invitations/{token}")
  @Operation(summary = "Accept an invitation: the signed-in admin joins the organization")
  public byte[] acceptInvitation(@PathParam("token") String token) {
    Organization organization =
        invitations.accept(ManagementResource.signedInAdmin(management), token);
    return ManagementJson.envelope("accept admin invitation")
        .data(Json.object().set("organization", ManagementJson.organization(organization, null)))
        .toJson();
  }

  @DELETE
  @Path("users/me/invitations/{token}")
  @Operation(summary = "Decline an invitation")
  public byte[] declineInvitation(@PathParam("token") String token) {
    invitations.decline(ManagementResource.signedInAdmin(management), token);
    return ManagementJson.envelope("decline admin invitation").toJson();
  }
}
