package io.meridian.rest.system;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.access.Access;
import io.meridian.core.rebuild.IndexRebuilder;
import io.meridian.core.rebuild.RebuildJob;
import io.meridian.rest.api.Envelope;
import io.meridian.rest.param.AppPath;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code /system/index/rebuild/{org}/{app}}: rebuild an application's index from Cassandra while it
 * keeps serving ({@code POST}), and follow its progress from any node ({@code GET}).
 */
@Access(Access.Rule.SUPERUSER)
@ApiPart(id = "rebuild", tag = "System")
@Path("/system/index/rebuild/{org}/{app}")
@Produces(MediaType.APPLICATION_JSON)
public class IndexRebuildResource {
  private static final int LISTED_JOBS = 10;

  private final ApplicationService applications;
  private final IndexRebuilder rebuilder;

  public IndexRebuildResource(ApplicationService applications, IndexRebuilder rebuilder) {
    this.applications = applications;
    this.rebuilder = rebuilder;
  }

  /**
   * 202 with the job started (or the one already running for the application). Usergrid's tools
   * name an application by its uuid and then a collection ({@code /system/index/rebuild/{appId}/
   * {collection}}); that form rebuilds the whole application too (a rebuild is per application) and
   * answers Usergrid's {@code jobId}, {@code status} and {@code numberQueued} at the top level.
   */
  @POST
  @Operation(
      summary =
          "Start rebuilding an application's index from Cassandra (superuser); also Usergrid's"
              + " `/system/index/rebuild/{appId}/{collection}`, which rebuilds the whole"
              + " application")
  public Response start(@BeanParam AppPath path) {
    ApplicationRef application = addressed(path);
    RebuildJob job = rebuilder.start(application);
    JsonNode data = json(job);
    return Response.accepted(
            Envelope.of("index rebuild")
                .application(application)
                .field("jobId", data.get("jobId"))
                .field("status", data.get("status"))
                .field("numberQueued", data.get("numberQueued"))
                .data(data)
                .toJson())
        .type(MediaType.APPLICATION_JSON_TYPE)
        .build();
  }

  /**
   * The application a rebuild path names: {@code {org}/{app}}, or Usergrid's {@code
   * {appId}/{collection}} when the first segment is the uuid of an application.
   */
  private ApplicationRef addressed(AppPath path) {
    return parse(path.org())
        .flatMap(applications::find)
        .orElseGet(() -> applications.require(path.org(), path.app()));
  }

  /** The application's recent rebuilds, newest first. */
  @GET
  @Operation(summary = "An application's index rebuilds, newest first (superuser)")
  public byte[] list(@BeanParam AppPath path) {
    ApplicationRef application = applications.require(path.org(), path.app());
    ArrayNode jobs = Json.MAPPER.createArrayNode();
    rebuilder.list(application, LISTED_JOBS).forEach(job -> jobs.add(json(job)));
    return Envelope.of("index rebuild").application(application).data(jobs).toJson();
  }

  @GET
  @Path("{job}")
  @Operation(summary = "One index rebuild and its progress (superuser)")
  public byte[] get(@BeanParam AppPath path, @PathParam("job") String job) {
    ApplicationRef application = applications.require(path.org(), path.app());
    RebuildJob found =
        parse(job)
            .flatMap(id -> rebuilder.find(application, id))
            .orElseThrow(
                () ->
                    new MeridianException(
                        ErrorCode.NOT_FOUND, "No index rebuild " + job + " for this application"));
    return Envelope.of("index rebuild").application(application).data(json(found)).toJson();
  }

  private static Optional<UUID> parse(String job) {
    try {
      return Optional.of(UUID.fromString(job));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private static JsonNode json(RebuildJob job) {
    ObjectNode node = Json.object();
    node.put("jobId", job.jobId().toString());
    node.put("status", job.status());
    node.put("phase", job.phase());
    node.put("collectionsTotal", job.collectionsTotal());
    node.put("collectionsDone", job.collectionsDone());
    node.put("entitiesIndexed", job.entitiesIndexed());
    // Usergrid's name for the entities handled so far.
    node.put("numberQueued", job.entitiesIndexed());
    node.put("entriesRemoved", job.entriesRemoved());
    node.put("started", job.startedMillis());
    node.put("updated", job.heartbeatMillis());
    if (job.error() != null) {
      node.put("error", job.error());
    }
    return node;
  }
}
