package io.meridian.rest.app;

import io.meridian.api.route.ApiPart;
import io.meridian.api.route.ApiPaths;
import io.meridian.core.activity.ActivityService;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.identity.access.Access;
import io.meridian.rest.param.EntityPath;
import io.meridian.rest.param.Selection;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * Usergrid's {@code /users/{id}/feed} and {@code /groups/{id}/feed}: the activities that reached
 * the user or group ({@link ActivityService}), newest first.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "feed", tag = "Activities", guests = true)
@ApiPaths({"/{org}/{app}/users/{entity}/feed", "/{org}/{app}/groups/{entity}/feed"})
@Path("/{org}/{app}/{collection: (?i:users?|groups?)}/{entity}/feed")
@Produces(MediaType.APPLICATION_JSON)
public class FeedResource {
  private final ApplicationService applications;
  private final ConnectionListings listings;

  public FeedResource(ApplicationService applications, ConnectionListings listings) {
    this.applications = applications;
    this.listings = listings;
  }

  @GET
  @Operation(summary = "The activities in the user's or group's feed, newest first")
  public byte[] list(
      @BeanParam EntityPath path,
      @BeanParam Selection selection,
      @QueryParam("cursor") String cursor) {
    return listings.list(
        applications.require(path.org(), path.app()),
        path,
        ActivityService.FEED,
        selection,
        cursor);
  }

  @GET
  @Path("{target}")
  @Operation(summary = "One activity of the feed, by uuid")
  public byte[] one(@BeanParam EntityPath path, @PathParam("target") String target) {
    return listings.one(
        applications.require(path.org(), path.app()), path, ActivityService.FEED, target);
  }
}
