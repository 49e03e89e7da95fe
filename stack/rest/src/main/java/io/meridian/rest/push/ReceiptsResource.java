package io.meridian.rest.push;

import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.Json;
import io.meridian.core.identity.access.Access;
import io.meridian.core.push.NotificationService;
import io.meridian.rest.api.Envelope;
import io.meridian.rest.app.QueryParameters;
import io.meridian.rest.app.Responses;
import io.meridian.rest.param.AppPath;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * {@code /notifications/{id}/receipts}: the outcome of a notification on each device, Usergrid's
 * receipts. They are read from the push queue's records, not stored as entities.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "push", tag = "Push notifications")
@Path("/{org}/{app}/notifications/{notification}/receipts")
@Produces(MediaType.APPLICATION_JSON)
public class ReceiptsResource {
  private final ApplicationService applications;
  private final NotificationService notifications;

  public ReceiptsResource(ApplicationService applications, NotificationService notifications) {
    this.applications = applications;
    this.notifications = notifications;
  }

  @GET
  @Operation(summary = "A notification's receipts: per device, sent or why not")
  public byte[] receipts(
      @BeanParam AppPath path,
      @PathParam("notification") String notification,
      @QueryParam("limit") String limit,
      @QueryParam("cursor") String cursor) {
    ApplicationRef application = applications.require(path.org(), path.app());
    NotificationService.ReceiptPage page =
        notifications.receipts(application, notification, QueryParameters.limit(limit), cursor);
    Envelope envelope =
        Responses.envelope("get", application, "notifications/" + notification + "/receipts")
            .entities(page.receipts().stream().map(Json::write).toList());
    if (page.cursor() != null) {
      envelope.cursor(page.cursor());
    }
    return envelope.toJson();
  }
}
