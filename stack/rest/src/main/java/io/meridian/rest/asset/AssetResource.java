package io.meridian.rest.asset;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.asset.AssetPointer;
import io.meridian.core.asset.AssetService;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.access.Access;
import io.meridian.rest.access.Caller;
import io.meridian.rest.app.QueryParameters;
import io.meridian.rest.app.Responses;
import io.meridian.rest.param.AppPath;
import io.meridian.rest.param.CollectionPath;
import io.meridian.rest.param.EntityPath;
import io.meridian.rest.param.WriteBody;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.PathSegment;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.InputStream;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * Files of entities, on the entity's own path as in Usergrid: a multipart {@code POST} to a
 * collection creates an entity holding the {@code file} part; a multipart {@code POST}/{@code PUT}
 * to an entity gives it the file (other parts become properties); any other non-JSON body sent to
 * an entity is the file itself, of the body's type; a {@code GET} that does not ask for JSON
 * downloads it. JSON requests on the same paths are {@code CollectionResource}'s and {@code
 * EntityResource}'s: Jersey picks by {@code Content-Type} and {@code Accept}, the more specific
 * type winning.
 *
 * <p>These operations share their paths and methods with the entity operations, so they are hidden
 * from swagger-core and described on those operations instead ({@code ApiAssets}).
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "asset", tag = "Assets", guests = true)
@Path("/{org}/{app}/{collection}")
@Hidden
public class AssetResource {
  private static final DateTimeFormatter HTTP_DATE =
      DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);

  private final ApplicationService applications;
  private final EntityService entities;
  private final AssetService assets;
  private final AssetForms forms;

  public AssetResource(
      ApplicationService applications,
      EntityService entities,
      AssetService assets,
      long maxPropertyBytes) {
    this.applications = applications;
    this.entities = entities;
    this.assets = assets;
    this.forms = new AssetForms(assets, maxPropertyBytes);
  }

  @POST
  @Consumes(MediaType.MULTIPART_FORM_DATA)
  @Produces(MediaType.APPLICATION_JSON)
  public byte[] createWithFile(
      @BeanParam CollectionPath path, @BeanParam WriteBody write, InputStream body) {
    ApplicationRef application = applications.require(path.org(), path.app());
    CollectionName name = CollectionName.of(path.collection());
    WriteOptions options = QueryParameters.writeOptions(write.consistency());
    AssetForms.Form form = forms.read(body, write.contentType(), write.contentLength());
    StoredEntity created =
        assets.create(application, name, form.file(), form.properties(), options);
    return Responses.entity("post", application, name.plural(), created);
  }

  @POST
  @Path("{entity}")
  @Consumes(MediaType.MULTIPART_FORM_DATA)
  @Produces(MediaType.APPLICATION_JSON)
  public byte[] postForm(@BeanParam EntityPath path, @BeanParam WriteBody write, InputStream body) {
    return attachForm("post", path, write, body);
  }

  @PUT
  @Path("{entity}")
  @Consumes(MediaType.MULTIPART_FORM_DATA)
  @Produces(MediaType.APPLICATION_JSON)
  public byte[] putForm(@BeanParam EntityPath path, @BeanParam WriteBody write, InputStream body) {
    return attachForm("put", path, write, body);
  }

  @POST
  @Path("{entity}")
  @Consumes(MediaType.WILDCARD)
  @Produces(MediaType.APPLICATION_JSON)
  public byte[] postBytes(
      @BeanParam EntityPath path, @BeanParam WriteBody write, InputStream body) {
    return attachBytes("post", path, write, body);
  }

  @PUT
  @Path("{entity}")
  @Consumes(MediaType.WILDCARD)
  @Produces(MediaType.APPLICATION_JSON)
  public byte[] putBytes(@BeanParam EntityPath path, @BeanParam WriteBody write, InputStream body) {
    return attachBytes("put", path, write, body);
  }

  /**
   * Downloads the entity's file with its type: whole, or one range ({@code 206}); {@code 304} when
   * {@code If-None-Match} names its entity tag (or {@code If-Modified-Since} is not older).
   */
  @GET
  @Path("{entity}")
  @Produces(MediaType.WILDCARD)
  public Response download(
      @BeanParam AppPath path,
      @PathParam("collection") PathSegment collection,
      @PathParam("entity") String entity,
      @HeaderParam("Range") String range,
      @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch,
      @HeaderParam(HttpHeaders.IF_MODIFIED_SINCE) String ifModifiedSince) {
    ApplicationRef application = applications.require(path.org(), path.app());
    CollectionName name = CollectionName.of(collection.getPath());
    StoredEntity found = entities.get(application, name, Caller.entity(name, entity));
    if (!Caller.visibility().canRead(found)) {
      throw EntityService.notFound(name, entity);
    }
    AssetPointer file =
        assets
            .file(application, found.uuid())
            .orElseThrow(
                () ->
                    new MeridianException(
                        ErrorCode.NOT_FOUND,
                        "Entity " + name.type() + " " + entity + " holds no file"));
    if (notModified(file, ifNoneMatch, ifModifiedSince)) {
      return cacheHeaders(Response.notModified(), file).build();
    }
    Optional<ByteRange> part = ByteRange.parse(range, file.length());
    long first = part.map(ByteRange::first).orElse(0L);
    long last = part.map(ByteRange::last).orElse(file.length() - 1);
    StreamingOutput bytes = out -> assets.copy(file, first, last, out);
    Response.ResponseBuilder response =
        part.isPresent()
            ? Response.status(Response.Status.PARTIAL_CONTENT)
                .header("Content-Range", "bytes " + first + "-" + last + "/" + file.length())
            : Response.ok();
    return cacheHeaders(response, file)
        .entity(bytes)
        .type(file.contentType())
        .header(HttpHeaders.CONTENT_LENGTH, last - first + 1)
        .header("Accept-Ranges", "bytes")
        .header("Content-Disposition", ContentTypes.disposition(file.contentType()))
        .build();
  }

  private byte[] attachForm(String action, EntityPath path, WriteBody write, InputStream body) {
    ApplicationRef application = applications.require(path.org(), path.app());
    CollectionName name = CollectionName.of(path.collection());
    WriteOptions options = QueryParameters.writeOptions(write.consistency());
    String id = Caller.entity(name, path.entity());
    AssetForms.Form form = forms.read(body, write.contentType(), write.contentLength());
    StoredEntity updated =
        assets.attach(application, name, id, form.file(), form.properties(), options);
    return Responses.entity(action, application, name.plural() + "/" + path.entity(), updated);
  }

  /** A raw upload: the body is the file; the entity must exist (checked before reading it). */
  private byte[] attachBytes(String action, EntityPath path, WriteBody write, InputStream body) {
    String type = ContentTypes.ofRawUpload(write.contentType());
    forms.requireWithinLimit(write.contentLength(), 0);
    ApplicationRef application = applications.require(path.org(), path.app());
    CollectionName name = CollectionName.of(path.collection());
    WriteOptions options = QueryParameters.writeOptions(write.consistency());
    String id = Caller.entity(name, path.entity());
    entities.get(application, name, id);
    ContentSniffer.Sniffed sniffed = ContentSniffer.sniff(body, type);
    AssetPointer staged = assets.stage(sniffed.body(), sniffed.contentType());
    ObjectNode none = Json.object();
    StoredEntity updated = assets.attach(application, name, id, staged, none, options);
    return Responses.entity(action, application, name.plural() + "/" + path.entity(), updated);
  }

  private static Response.ResponseBuilder cacheHeaders(
      Response.ResponseBuilder response, AssetPointer file) {
    return response
        .header(HttpHeaders.ETAG, file.etag())
        .header(HttpHeaders.LAST_MODIFIED, HTTP_DATE.format(Instant.ofEpochMilli(file.modified())))
        // Revalidated on every use (If-None-Match), kept by the client only.
        .header(HttpHeaders.CACHE_CONTROL, "private, no-cache");
  }

  private static boolean notModified(
      AssetPointer file, String ifNoneMatch, String ifModifiedSince) {
    if (ifNoneMatch != null) {
      for (String tag : ifNoneMatch.split(",")) {
        String trimmed = tag.trim();
        if (trimmed.startsWith("W/")) {
          trimmed = trimmed.substring(2);
        }
        if (trimmed.equals("*") || trimmed.equals(file.etag())) {
          return true;
        }
      }
      return false;
    }
    if (ifModifiedSince != null) {
      try {
        Instant since = Instant.from(HTTP_DATE.parse(ifModifiedSince.trim()));
        return file.modified() / 1000 <= since.getEpochSecond();
      } catch (DateTimeParseException e) {
        return false; // an unreadable date is ignored, as HTTP says
      }
    }
    return false;
  }
}
