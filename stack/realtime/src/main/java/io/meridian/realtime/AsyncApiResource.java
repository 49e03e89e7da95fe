package io.meridian.realtime;

import io.meridian.api.route.ApiPart;
import io.meridian.core.identity.access.Access;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * The AsyncAPI document of the real-time WebSocket, open to anyone beside the OpenAPI document of
 * the HTTP API (in the same part of that document, the reference). Built once at start.
 */
@Access(Access.Rule.PUBLIC)
@Path("/")
@ApiPart(id = "reference", tag = "Reference")
public class AsyncApiResource {
  private final AsyncApiDocument document;

  public AsyncApiResource(AsyncApiDocument document) {
    this.document = document;
  }

  @GET
  @Path("asyncapi.json")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      summary = "The AsyncAPI 3 document of the real-time WebSocket (/{org}/{app}/_realtime)")
  @ApiResponse(
      responseCode = "200",
      description = "The AsyncAPI 3 document",
      content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = "object")))
  public byte[] asyncApi() {
    return document.json();
  }
}
