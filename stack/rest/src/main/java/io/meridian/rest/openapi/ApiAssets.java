package io.meridian.rest.openapi;

import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.BinarySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.HeaderParameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Files of entities in the API document. Their operations share paths and methods with the entity
 * operations (Jersey picks by {@code Content-Type} and {@code Accept}), and a document has one
 * operation per path and method: so the entity operations are described with the file's bodies and
 * answers as alternatives, and the one path and method only files have ({@code POST} to an entity)
 * gets an operation of its own.
 */
final class ApiAssets {
  static final String FORM = "AssetForm";
  private static final String COLLECTION = "/{org}/{app}/{collection}";
  private static final String ENTITY = COLLECTION + "/{entity}";
  private static final String OCTETS = jakarta.ws.rs.core.MediaType.APPLICATION_OCTET_STREAM;
  private static final String MULTIPART = jakarta.ws.rs.core.MediaType.MULTIPART_FORM_DATA;

  private ApiAssets() {}

  static void describe(Map<String, PathItem> paths, Components components) {
    PathItem collection = paths.get(COLLECTION);
    PathItem entity = paths.get(ENTITY);
    if (collection == null || entity == null) {
      throw new IllegalStateException("Files are served on the entity paths, which are missing");
    }
    components.addSchemas(FORM, form());
    Operation create = collection.getPost();
    create.getRequestBody().getContent().addMediaType(MULTIPART, formMedia());
    create.setDescription(
        "A multipart form (`file` and text parts) creates an entity holding the file.");
    tooLarge(create);

    Operation update = entity.getPut();
    upload(update.getRequestBody().getContent());
    update.setDescription(
        "A multipart form, or any other non-JSON body (the file itself, of its Content-Type),"
            + " gives the entity a file; other parts of a form are set as properties.");
    tooLarge(update);

    Operation post = copy(update);
    post.setOperationId("asset_upload");
    post.setSummary("Give an entity a file (multipart form or raw bytes)");
    post.setDescription(
        "The same as PUT with a file: the form's `file` part, or the body itself, is stored"
            + " as the entity's file and described in its `file-metadata`.");
    post.setTags(List.of("Assets"));
    Content bodies = new Content();
    upload(bodies);
    post.setRequestBody(new RequestBody().required(true).content(bodies));
    entity.setPost(post);

    download(entity.getGet());
  }

  private static void upload(Content content) {
    content.addMediaType(MULTIPART, formMedia());
    content.addMediaType(OCTETS, new MediaType().schema(bytes()));
  }

  private static MediaType formMedia() {
    return new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + FORM));
  }

  private static Schema<?> form() {
    ObjectSchema form = new ObjectSchema();
    form.description(
        "The file in the part named `file` (its Content-Type is the file's); every other part is"
            + " a property, its value taken as text.");
    form.addProperty("file", bytes());
    form.setRequired(List.of("file"));
    return form;
  }

  /**
   * Any bytes: a file has no type a request could violate (a number sent as a file is the file of
   * its digits), so the schema names none.
   */
  private static Schema<?> bytes() {
    return new Schema<>().format("binary");
  }

  private static void tooLarge(Operation operation) {
    operation
        .getResponses()
        .addApiResponse(
            "413",
            ApiSchemas.error(
                "The body is larger than meridian.api.max-body-size (JSON, form properties) or"
                    + " the file than meridian.assets.max-size; nothing is stored"));
  }

  private static void download(Operation get) {
    get.setDescription(
        "With an Accept that prefers another type than JSON, downloads the entity's file, with"
            + " its Content-Type; `Range` asks for one range of bytes.");
    List<io.swagger.v3.oas.models.parameters.Parameter> parameters =
        get.getParameters() == null ? new ArrayList<>() : new ArrayList<>(get.getParameters());
    parameters.add(header("Range", "One range of bytes of the file: bytes=first-last"));
    parameters.add(header("If-None-Match", "The file's ETag: 304 when it is unchanged"));
    parameters.add(header("If-Modified-Since", "An HTTP date: 304 when the file is not newer"));
    get.setParameters(parameters);
    get.getResponses()
        .get("200")
        .getContent()
        .addMediaType("*/*", new MediaType().schema(new BinarySchema()));
    get.getResponses()
        .addApiResponse(
            "206",
            new ApiResponse()
                .description("The range of the file asked for")
                .content(
                    new Content().addMediaType("*/*", new MediaType().schema(new BinarySchema()))))
        .addApiResponse("304", new ApiResponse().description("The file is unchanged"))
        .addApiResponse(
            "416", ApiSchemas.error("A Range header that is malformed or past the file's end"));
  }

  private static HeaderParameter header(String name, String description) {
    HeaderParameter parameter = new HeaderParameter();
    parameter.name(name).description(description).required(false).schema(new StringSchema());
    return parameter;
  }

  private static Operation copy(Operation operation) {
    try {
      return Json.mapper().readValue(Json.mapper().writeValueAsBytes(operation), Operation.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
