package io.meridian.console;

import io.meridian.api.route.ApiPart;
import io.meridian.api.route.ApiPaths;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.access.Access;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

/**
 * The web console for app admins: one page and its files, served to anyone (they hold no data;
 * every action of the console is an API call with the admin's own token). Files are revalidated on
 * every load ({@code no-cache} with an entity tag), so a new server version is never mixed with an
 * old page's modules.
 */
@Access(Access.Rule.PUBLIC)
@Path("/console")
@ApiPart(id = "console", tag = "Console")
public class ConsoleResource {
  private static final CacheControl REVALIDATE = CacheControl.valueOf("no-cache");

  private final ConsoleFiles files;

  public ConsoleResource(ConsoleFiles files) {
    this.files = files;
  }

  @GET
  @Operation(summary = "The web console (a single page; see docs/console.md)")
  @ApiResponse(
      responseCode = "200",
      description = "An HTML page",
      content = @Content(mediaType = "text/html", schema = @Schema(type = "string")))
  public Response page(@HeaderParam(HttpHeaders.IF_NONE_MATCH) String etag) {
    return serve(files.page(), etag);
  }

  @GET
  @Path("{file: .+}")
  @ApiPaths("/console/{file}")
  @Operation(summary = "A file of the console (script, style sheet, map data, library)")
  @ApiResponse(
      responseCode = "200",
      description = "The file",
      content = @Content(mediaType = "*/*", schema = @Schema(type = "string", format = "binary")))
  @ApiResponse(responseCode = "304", description = "The file is unchanged")
  public Response file(
      @PathParam("file") String name, @HeaderParam(HttpHeaders.IF_NONE_MATCH) String etag) {
    return serve(
        files
            .get(name)
            .orElseThrow(
                () ->
                    new MeridianException(ErrorCode.NOT_FOUND, "The console has no file " + name)),
        etag);
  }

  private static Response serve(ConsoleFiles.File file, String etag) {
    if (file.etag().equals(etag)) {
      return Response.notModified()
          .header(HttpHeaders.ETAG, file.etag())
          .cacheControl(REVALIDATE)
          .build();
    }
    return Response.ok(file.bytes(), file.type())
        .header(HttpHeaders.ETAG, file.etag())
        .cacheControl(REVALIDATE)
        .build();
  }
}
