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
import io.meridian.rest.param.EntityPath;
import io.meridian.rest.param.Selection;
import io.meridian.rest.param.WriteBody;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
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
  public byte[] post(@BeanParam EntityPath path, @BeanParam WriteBody write, InputStream body) {
    var options = QueryParameters.writeOptions(write.consistency());
    var json = bodies.read(body, write.contentLength());
    ApplicationRef application = applications.require(path.org(), path.app());
    CollectionName owners = CollectionName.of(path.collection());
    StoredEntity activity =
        activities.post(
            application, owners, Caller.entity(owners, path.entity()), json, poster(), options);
    return Responses.entity(
        "post", application, owners.plural() + "/" + path.entity() + "/activities", activity);
  }

  @GET
  @Operation(summary = "The owner's activities, newest first, optionally queried")
  public byte[] list(
      @BeanParam EntityPath path,
      @BeanParam Selection selection,
      @QueryParam("cursor") String cursor) {
    return listings.list(
        applications.require(path.org(), path.app()),
        path,
        ActivityService.ACTIVITIES_VERB,
        selection,
        cursor);
  }

  @GET
  @Path("{target}")
  @Operation(summary = "One of the owner's activities, by uuid")
  public byte[] one(@BeanParam EntityPath path, @PathParam("target") String target) {
    return listings.one(
        applications.require(path.org(), path.app()),
        path,
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
