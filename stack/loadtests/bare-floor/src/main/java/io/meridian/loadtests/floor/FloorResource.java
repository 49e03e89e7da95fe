package io.meridian.loadtests.floor;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.UUID;

/**
 * The three anchors: a request that does nothing ({@code /lb-status}, like Meridian's), and one
 * entity read by primary key from Meridian's {@code entities} table, answered from a request thread
 * ({@code /floor/{uuid}}) or from the driver's callback ({@code /floor/async/{uuid}}). The body is
 * the stored JSON as is: no authentication, no envelope, no parsing.
 */
@Path("/")
public class FloorResource {
  private final CqlSession session;
  private final UUID applicationId;
  private final PreparedStatement select;

  FloorResource(CqlSession session, FloorStorage.FloorApplication application) {
    this.session = session;
    this.applicationId = application.id();
    this.select = session.prepare("SELECT body FROM entities WHERE app_id = ? AND uuid = ?");
  }

  @GET
  @Path("lb-status")
  public Response trivial() {
    return Response.ok().build();
  }

  @GET
  @Path("floor/{uuid}")
  @Produces(MediaType.APPLICATION_JSON)
  public Response read(@PathParam("uuid") String uuid) {
    UUID id = parse(uuid);
    return id == null ? notFound() : respond(session.execute(bind(id)).one());
  }

  @GET
  @Path("floor/async/{uuid}")
  @Produces(MediaType.APPLICATION_JSON)
  public void readAsync(@PathParam("uuid") String uuid, @Suspended AsyncResponse response) {
    UUID id = parse(uuid);
    if (id == null) {
      response.resume(notFound());
      return;
    }
    session
        .executeAsync(bind(id))
        .whenComplete(
            (rows, failure) -> {
              if (failure != null) {
                response.resume(failure);
              } else {
                response.resume(respond(rows.one()));
              }
            });
  }

  private BoundStatement bind(UUID id) {
    return select.bind(applicationId, id);
  }

  private static Response respond(Row row) {
    String body = row == null ? null : row.getString("body");
    return body == null ? notFound() : Response.ok(body, MediaType.APPLICATION_JSON).build();
  }

  private static Response notFound() {
    return Response.status(Response.Status.NOT_FOUND).build();
  }

  /** Null unless a time-based uuid: Meridian's entity ids are, and the column holds no other. */
  private static UUID parse(String text) {
    try {
      UUID id = UUID.fromString(text);
      return id.version() == 1 ? id : null;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
