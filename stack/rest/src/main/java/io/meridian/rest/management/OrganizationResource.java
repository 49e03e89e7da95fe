package io.meridian.rest.management;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.Json;
import io.meridian.core.entity.ApplicationCollections;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.access.Access;
import io.meridian.core.identity.admin.ManagementService;
import io.meridian.core.identity.admin.Organization;
import io.meridian.core.identity.login.RegistrationThrottle;
import io.meridian.core.identity.token.ClientCredentials;
import io.meridian.rest.access.Caller;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.app.ApplicationEntities;
import io.meridian.rest.openapi.ApiBody;
import io.meridian.rest.openapi.ApiRefused;
import io.meridian.rest.openapi.ApiThrottled;
import io.meridian.rest.param.AppPath;
import io.meridian.rest.param.BodyHeaders;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;

/**
 * {@code /management/orgs} (or {@code organizations}): registering organizations, their
 * applications and client credentials; their admins are {@link OrganizationAdminResource}'s.
 * Everything below an organization is for its admins, its own client credentials and the superuser.
 */
@Access(Access.Rule.ORGANIZATION_ADMIN)
@ApiPart(id = "organization", tag = "Management")
@Path("/management/{organizations: orgs|organizations}")
@Produces(MediaType.APPLICATION_JSON)
public class OrganizationResource {
  private final ManagementService management;
  private final ClientCredentials credentials;
  private final JsonBodies bodies;
  private final EntityStore store;
  private final RegistrationThrottle registrations;
  private final ApplicationCollections collections;

  public OrganizationResource(
      ManagementService management,
      ClientCredentials credentials,
      JsonBodies bodies,
      EntityStore store,
      RegistrationThrottle registrations,
      ApplicationCollections collections) {
    this.management = management;
    this.collections = collections;
    this.registrations = registrations;
    this.store = store;
    this.credentials = credentials;
    this.bodies = bodies;
  }

  /**
   * {@code {organization, username, name, email, password}}: an organization and its owner. A
   * caller other than the superuser is charged to its address's registration allowance, once the
   * request is found well formed.
   */
  @POST
  @Access(Access.Rule.REGISTRATION)
  @Operation(summary = "Register an organization with its first admin")
  @ApiBody(value = "NewOrganization", form = true)
  @ApiThrottled(
      "The address registered its allowance of organizations; `Retry-After` says when to try"
          + " again")
  public byte[] register(
      @BeanParam BodyHeaders headers, @Context HttpServletRequest servlet, InputStream body) {
    boolean superuserCaller = Caller.current().kind() == PrincipalKind.SUPERUSER;
    String address = servlet.getRemoteAddr();
    ObjectNode fields = bodies.fields(body, headers.contentLength(), headers.contentType());
    ManagementService.Registration registration =
        management.register(
            JsonBodies.text(fields, "organization"),
            JsonBodies.text(fields, "username"),
            JsonBodies.text(fields, "name"),
            JsonBodies.text(fields, "email"),
            JsonBodies.text(fields, "password"),
            () -> {
              if (!superuserCaller) {
                registrations.admitOrganization(address);
              }
            });
    ObjectNode data = Json.object();
    data.set(
        "owner",
        ManagementJson.admin(registration.owner(), java.util.List.of(registration.organization())));
    data.set(
        "organization",
        ManagementJson.organization(registration.organization(), java.util.List.of()));
    return ManagementJson.envelope("new organization")
        .field("status", Json.MAPPER.getNodeFactory().textNode("ok"))
        .data(data)
        .toJson();
  }

  @GET
  @Path("{org}")
  @Operation(summary = "An organization and its applications")
  public byte[] organization(@PathParam("org") String org) {
    Organization organization = administered(management, org);
    return ManagementJson.envelope("get organization")
        .field(
            "organization",
            ManagementJson.organization(organization, management.applications(organization))
                .<ObjectNode>set(
                    "users", ManagementJson.adminsByUsername(management.admins(organization)))
                .set("properties", management.properties(organization)))
        .toJson();
  }

  /**
   * {@code {"properties": {...}}}: replaces the organization's custom properties (Usergrid's
   * organization update). Any other body is refused and changes nothing.
   */
  @PUT
  @Path("{org}")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Replace the organization's custom properties")
  @ApiBody("OrganizationUpdate")
  public byte[] update(
      @PathParam("org") String org, @BeanParam BodyHeaders headers, InputStream body) {
    Organization organization = administered(management, org);
    JsonNode json = bodies.read(body, headers.contentLength());
    ObjectNode properties = management.setProperties(organization, json.get("properties"));
    return ManagementJson.envelope("put")
        .field(
            "organization",
            ManagementJson.organization(organization, null).set("properties", properties))
        .toJson();
  }

  @GET
  @Path("{org}/{apps: apps|applications}")
  @Operation(summary = "An organization's applications")
  public byte[] applications(@PathParam("org") String org) {
    Organization organization = administered(management, org);
    return ManagementJson.envelope("get organization application")
        .data(ManagementJson.applications(management.applications(organization)))
        .toJson();
  }

  /** {@code {"name": "app"}}: a new application with Usergrid's default roles. */
  @POST
  @Path("{org}/{apps: apps|applications}")
  @Operation(summary = "Create an application")
  @ApiBody(value = "NewApplication", form = true)
  public byte[] createApplication(
      @PathParam("org") String org, @BeanParam BodyHeaders headers, InputStream body) {
    Organization organization = administered(management, org);
    ObjectNode fields = bodies.fields(body, headers.contentLength(), headers.contentType());
    ApplicationRef application =
        management.createApplication(organization, JsonBodies.text(fields, "name"));
    // Usergrid answers with the {"org/app": uuid} map and the application entity itself.
    return ManagementJson.envelope("new application")
        .data(ManagementJson.applications(java.util.List.of(application)))
        .entities(java.util.List.of(Json.write(ApplicationEntities.of(application, collections))))
        .toJson();
  }

  /**
   * Usergrid's restore of a deleted application by its uuid: its data, roles and client credentials
   * are reachable again under the name it had.
   */
  @PUT
  @Path("{org}/{apps: apps|applications}/{app}")
  @Operation(
      summary =
          "Restore a deleted application by its uuid (its data, roles and credentials come back)")
  @ApiRefused(status = 409, value = "Another application took its name since it was deleted")
  public byte[] restoreApplication(@BeanParam AppPath path) {
    ApplicationRef restored =
        management.restoreApplication(administered(management, path.org()), path.app());
    return ManagementJson.envelope("restore application")
        .data(ManagementJson.application(restored))
        .entities(java.util.List.of(Json.write(ApplicationEntities.of(restored, collections))))
        .toJson();
  }

  /**
   * With the names of the application's collections: those that ever held an entity, in name order
   * (one read of one partition; the console's data browser lists them).
   */
  @GET
  @Path("{org}/{apps: apps|applications}/{app}")
  @Operation(summary = "An application, with the names of its collections")
  public byte[] application(@BeanParam AppPath path) {
    ApplicationRef application = administeredApplication(path);
    ObjectNode data = ManagementJson.application(application);
    var collections = data.putArray("collections");
    store.collections(application.id()).stream().sorted().forEach(collections::add);
    return ManagementJson.envelope("get application").data(data).toJson();
  }

  /** Needs {@code confirm_application_identifier} set to the application's name or uuid. */
  @DELETE
  @Path("{org}/{apps: apps|applications}/{app}")
  @Operation(
      summary =
          "Delete an application and all its data: `?confirm_application_identifier=<its uuid or name>`")
  public byte[] deleteApplication(
      @BeanParam AppPath path, @QueryParam("confirm_application_identifier") String confirmation) {
    ApplicationRef application = administeredApplication(path);
    management.deleteApplication(application, confirmation);
    return ManagementJson.envelope("delete application")
        .data(ManagementJson.application(application))
        .toJson();
  }

  @GET
  @Path("{org}/credentials")
  @Operation(summary = "The organization's client credentials")
  public byte[] organizationCredentials(@PathParam("org") String org) {
    Organization organization = administered(management, org);
    return credentials(
        "get organization client credentials", PrincipalKind.ORGANIZATION, organization.id());
  }

  @POST
  @Path("{org}/credentials")
  @Operation(summary = "New organization client credentials (the old ones stop working)")
  public byte[] regenerateOrganizationCredentials(@PathParam("org") String org) {
    Organization organization = administered(management, org);
    credentials.regenerate(organization.id());
    return credentials(
        "generate organization client credentials", PrincipalKind.ORGANIZATION, organization.id());
  }

  @GET
  @Path("{org}/{apps: apps|applications}/{app}/credentials")
  @Operation(summary = "The application's client credentials")
  public byte[] applicationCredentials(@BeanParam AppPath path) {
    ApplicationRef application = administeredApplication(path);
    return credentials(
        "get application client credentials", PrincipalKind.APPLICATION, application.id());
  }

  @POST
  @Path("{org}/{apps: apps|applications}/{app}/credentials")
  @Operation(summary = "New application client credentials (the old ones stop working)")
  public byte[] regenerateApplicationCredentials(@BeanParam AppPath path) {
    ApplicationRef application = administeredApplication(path);
    credentials.regenerate(application.id());
    return credentials(
        "generate application client credentials", PrincipalKind.APPLICATION, application.id());
  }

  private byte[] credentials(String action, PrincipalKind kind, java.util.UUID owner) {
    ClientCredentials.Pair pair = credentials.current(kind, owner);
    return ManagementJson.envelope(action)
        .field(
            "credentials",
            Json.object()
                .put("client_id", pair.clientId())
                .put("client_secret", pair.clientSecret()))
        .toJson();
  }

  /** The organization, which {@link Access.Rule#ORGANIZATION_ADMIN} let the caller see. */
  static Organization administered(ManagementService management, String org) {
    return management.organization(org);
  }

  /** The application of an administered organization. */
  private ApplicationRef administeredApplication(AppPath path) {
    return management.application(administered(management, path.org()), path.app());
  }
}
