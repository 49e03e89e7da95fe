package io.meridian.rest.status;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.common.Json;
import io.meridian.core.common.StorageHealth;
import io.meridian.core.identity.access.Access;
import io.meridian.core.index.EntityIndex;
import io.meridian.core.index.IndexBacklog;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * Health for people ({@code /status}: state of this node and of its stores, checked at most once a
 * second whatever the traffic) and for load balancers ({@code /lb-status}: 200 while this node can
 * serve, else 503, no body, no I/O).
 */
@Access(Access.Rule.PUBLIC)
@ApiPart(id = "status", tag = "Status")
@Path("/")
public class StatusResource {
  /** How long one check of the stores answers {@code /status}. */
  static final Duration HEALTH_MAX_AGE = Duration.ofSeconds(1);

  private final StorageHealth storage;
  private final StoreHealth health;
  private final IndexBacklog backlog;
  private final String version;

  public StatusResource(
      StorageHealth storage, EntityIndex index, IndexBacklog backlog, String version) {
    this.storage = storage;
    this.health = StoreHealth.of(storage, index, HEALTH_MAX_AGE);
    this.backlog = backlog;
    this.version = version;
  }

  @GET
  @Path("status")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Health of this node and its stores")
  @ApiResponse(
      responseCode = "200",
      description = "Cassandra answers (`status` ok, or degraded without Elasticsearch)",
      content = @Content(schema = @Schema(ref = "#/components/schemas/Status")))
  @ApiResponse(
      responseCode = "503",
      description = "Cassandra does not answer",
      content = @Content(schema = @Schema(ref = "#/components/schemas/Status")))
  public Response status() {
    long started = System.nanoTime();
    StoreHealth.Checked stores = health.get();
    long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
    ObjectNode body = Json.object();
    body.put(
        "status",
        stores.cassandra() ? (stores.elasticsearch() ? "ok" : "degraded") : "unavailable");
    body.put("started", jvmStart);
    body.put("uptime", ManagementFactory.getRuntimeMXBean().getUptime());
    body.put("version", version);
    body.putObject("cassandra").put("state", stores.cassandra() ? "up" : "down");
    body.putObject("elasticsearch").put("state", stores.elasticsearch() ? "up" : "down");
    // When the stores were checked: answers within a second of a check share it.
    body.put("checked", stores.checkedMillis());
    // This node's writes the index may not hold yet, and how long the oldest has waited.
    body.putObject("index")
        .put("pending", backlog.pending())
        .put("lag_seconds", backlog.lagSeconds());
    body.put("timestamp", System.currentTimeMillis());
    body.put("duration", (System.nanoTime() - started) / 1_000_000);
    return Response.status(stores.cassandra() ? 200 : 503).entity(Json.write(body)).build();
  }

  /**
   * This node can serve while the driver holds a connection to a Cassandra node. Elasticsearch is
   * not required: writes and reads by id work without it.
   */
  @GET
  @Path("lb-status")
  @Operation(summary = "Whether this node can serve (for load balancers): 200 or 503, no body")
  @ApiResponse(responseCode = "200", description = "This node can serve")
  @ApiResponse(responseCode = "503", description = "This node has no connection to Cassandra")
  public Response lbStatus() {
    return Response.status(storage.connected() ? 200 : 503).build();
  }
}
