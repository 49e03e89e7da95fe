package io.meridian.rest.app;

import io.meridian.api.route.ApiPart;
import io.meridian.api.route.ApiPaths;
import io.meridian.core.activity.ActivityService;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.access.Access;
import io.meridian.rest.access.Caller;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.openapi.ApiBody;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;
import java.util.Optional;
import java.util.UUID;

/**
 * Usergrid's {@code /users/{id}/activities} and {@code /groups/{id}/activities}: a POST creates an
 * activity and distributes it to feeds ({@link ActivityService}); a GET lists the owner's
 * activities, newest first, or queries them.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "activity", tag = "Activities", guests = true)
@ApiPaths({"/{org}/{app}/users/{entity}/activities", "/{org}/{app}/groups/{entity}/activities"})
@Path("/{org}/{app}/{collection: (?i:users?|groups?)}/{entity}/activities")
@Produces(MediaType.APPLICATION_JSON)
public class ActivityResource {
  private final ApplicationService applications;
  private final ActivityService activities;
  private final ConnectionListings listings;
  private final JsonBodies bodies;

  public ActivityResource(
      ApplicationService applications,
      ActivityService activities,
      ConnectionListings listings,
      JsonBodies bodies) {
    this.applications = applications;
    this.activities = activities;
    this.listings = listings;
    this.bodies = bodies;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "Post an activity: to the owner's activities and feed, and the feeds of its followers"
              + " (a user's) or members (a group's)")
  @ApiBody("Activity")
  public byte[] post(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @QueryParam("consistency") String consistency,
      @HeaderParam("Content-Length") @DefaultValue("-1") long contentLength,
      InputStream body) {
    var options = QueryParameters.writeOptions(consistency);
    var json = bodies.read(body, contentLength);
    ApplicationRef application = applications.require(org, app);
    CollectionName owners = CollectionName.of(collection);
    StoredEntity activity =
        activities.post(
            application, owners, Caller.entity(owners, entity), json, poster(), options);
    return Responses.entity(
        "post", application, owners.plural() + "/" + entity + "/activities", activity);
  }

  @GET
  @Operation(summary = "The owner's activities, newest first, optionally queried")
  public byte[] list(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @QueryParam("ql") String ql,
      @QueryParam("q") String q,
      @QueryParam("query") String query,
      @QueryParam("limit") String limit,
      @QueryParam("cursor") String cursor) {
    return listings.list(
        applications.require(org, app),
        collection,
        entity,
        ActivityService.ACTIVITIES_VERB,
        QueryParameters.firstNonNull(ql, q, query),
        limit,
        cursor);
  }

  @GET
  @Path("{target}")
  @Operation(summary = "One of the owner's activities, by uuid")
  public byte[] one(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @PathParam("target") String target) {
    return listings.one(
        applications.require(org, app),
        collection,
        entity,
        ActivityService.ACTIVITIES_VERB,
        target);
  }

  /** The app user posting, if the caller is one. */
  private static Optional<UUID> poster() {
    Principal caller = Caller.current();
    return caller.kind() == PrincipalKind.APP_USER
        ? Optional.of(caller.subject())
        : Optional.empty();
  }
}
