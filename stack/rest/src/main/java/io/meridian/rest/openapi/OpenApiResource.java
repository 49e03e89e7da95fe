package io.meridian.rest.openapi;

import io.meridian.api.WebJars;
import io.meridian.api.route.ApiPart;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.access.Access;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;

/**
 * The API's description, open to anyone: the OpenAPI document as JSON and YAML (the WebSocket
 * serves its AsyncAPI document beside it), and an interactive reference page at {@code /docs}
 * (Swagger UI from its WebJar, served from the jar: no CDN). Every byte is read once at start; only
 * the named Swagger UI files are served, never a path from the request.
 */
@Access(Access.Rule.PUBLIC)
@Path("/")
@ApiPart(id = "reference", tag = "Reference")
public class OpenApiResource {
  static final String YAML = "application/yaml";
  private static final CacheControl CACHE = CacheControl.valueOf("max-age=3600");

  private final ApiDocument document;
  private final byte[] page;
  private final Map<String, Asset> assets;

  private record Asset(String type, byte[] bytes) {}

  public OpenApiResource(ApiDocument document) {
    this.document = document;
    this.page = WebJars.read("io/meridian/rest/openapi/docs.html");
    this.assets =
        Map.of(
            "swagger-ui.css", new Asset("text/css", swaggerUi("swagger-ui.css")),
            "swagger-ui-bundle.js", new Asset("text/javascript", swaggerUi("swagger-ui-bundle.js")),
            "docs.js",
                new Asset("text/javascript", WebJars.read("io/meridian/rest/openapi/docs.js")),
            "favicon-32x32.png", new Asset("image/png", swaggerUi("favicon-32x32.png")));
  }

  @GET
  @Path("openapi.json")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "This document, as JSON")
  @ApiResponse(
      responseCode = "200",
      description = "The OpenAPI 3 document",
      content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = "object")))
  public byte[] json() {
    return document.json();
  }

  @GET
  @Path("openapi.yaml")
  @Produces(YAML)
  @Operation(summary = "This document, as YAML")
  @ApiResponse(
      responseCode = "200",
      description = "The OpenAPI 3 document",
      content = @Content(mediaType = YAML, schema = @Schema(type = "object")))
  public byte[] yaml() {
    return document.yaml();
  }

  @GET
  @Path("docs")
  @Produces(MediaType.TEXT_HTML)
  @Operation(summary = "The interactive API reference (Swagger UI)")
  @ApiResponse(
      responseCode = "200",
      description = "An HTML page",
      content = @Content(mediaType = MediaType.TEXT_HTML, schema = @Schema(type = "string")))
  public byte[] page() {
    return page;
  }

  @GET
  @Path("docs/{asset}")
  @Operation(summary = "A file of the reference page")
  @ApiResponse(
      responseCode = "200",
      description = "The file",
      content = @Content(mediaType = "*/*", schema = @Schema(type = "string", format = "binary")))
  public Response asset(@PathParam("asset") String name) {
    Asset asset = assets.get(name);
    if (asset == null) {
      throw new MeridianException(ErrorCode.NOT_FOUND, "No file " + name + " here");
    }
    return Response.ok(asset.bytes(), asset.type()).cacheControl(CACHE).build();
  }

  private static byte[] swaggerUi(String file) {
    return WebJars.file("org.webjars", "swagger-ui", file);
  }
}
