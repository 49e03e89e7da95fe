package io.meridian.rest.openapi;

import io.meridian.api.route.ApiPart;
import io.meridian.api.route.ApiPaths;
import io.meridian.core.identity.access.Access;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.core.util.Yaml;
import io.swagger.v3.jaxrs2.Reader;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.Paths;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import jakarta.ws.rs.HttpMethod;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The OpenAPI 3 document of the API, generated once at start from the resource classes that Jersey
 * serves: swagger-core reads each class (its JAX-RS and OpenAPI annotations), then this class turns
 * what the annotations cannot say into the document's terms.
 *
 * <ul>
 *   <li>A path parameter whose template is an alternation ({@code orgs|organizations}) becomes the
 *       first spelling, the others named in the description; a method whose template matches more
 *       than it serves lists its paths with {@link ApiPaths}.
 *   <li>Every operation answers the envelope unless it says otherwise, and the errors every route
 *       may give, in the one error format.
 *   <li>Operations get unique ids ({@code entity_get}) and the security of their part of the API:
 *       application routes also serve guests (the guest role decides), management routes need a
 *       token, and the public routes none.
 * </ul>
 *
 * Two operations on the same path and method fail the start: the document would hide one. The paths
 * and parameters of an operation are settled by {@link OperationPaths}.
 */
public final class ApiDocument {
  private final OpenAPI document;
  private final byte[] json;
  private final byte[] yaml;

  private ApiDocument(OpenAPI document) {
    this.document = document;
    try {
      this.json = Json.pretty().writeValueAsBytes(document);
      this.yaml = Yaml.pretty(document).getBytes(StandardCharsets.UTF_8);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * @param resources the root resource classes, each with its {@link ApiPart}
   * @param openRegistration whether anyone may register ({@link Access.Rule#REGISTRATION} routes
   *     are then served without credentials)
   */
  public static ApiDocument of(List<Class<?>> resources, String version, boolean openRegistration) {
    OpenAPI document =
        new OpenAPI()
            .info(
                new Info()
                    .title("Meridian")
                    .version(version)
                    .description(
                        "The Meridian API: Usergrid 2 compatible entities, queries, connections,"
                            + " identity and management, plus geofences and geo-hot collections."
                            + " Errors use Usergrid's format."))
            .components(ApiSchemas.components())
            .paths(new Paths());
    TreeMap<String, PathItem> paths = new TreeMap<>();
    Set<String> publicPaths = new HashSet<>();
    for (Class<?> resource : resources) {
      ApiPart part = resource.getAnnotation(ApiPart.class);
      if (part == null) {
        throw new IllegalStateException(resource.getSimpleName() + " has no @ApiPart");
      }
      OpenAPI read = new Reader(new OpenAPI()).read(Set.of(resource));
      if (read.getPaths() == null) {
        continue; // hidden from swagger-core, described by hand (files: ApiAssets)
      }
      for (Map.Entry<String, PathItem> path : read.getPaths().entrySet()) {
        for (Map.Entry<PathItem.HttpMethod, Operation> operation :
            path.getValue().readOperationsMap().entrySet()) {
          add(
              paths,
              document.getComponents(),
              resource,
              part,
              path.getKey(),
              operation.getKey(),
              operation.getValue(),
              openRegistration,
              publicPaths);
        }
      }
    }
    // A path with an operation served without credentials is shown so for all its operations.
    publicPaths.forEach(
        path ->
            paths
                .get(path)
                .readOperations()
                .forEach(operation -> operation.setSecurity(List.of(new SecurityRequirement()))));
    ApiAssets.describe(paths, document.getComponents());
    paths.forEach(document.getPaths()::addPathItem);
    return new ApiDocument(document);
  }

  public OpenAPI openApi() {
    return document;
  }

  public byte[] json() {
    return json.clone();
  }

  public byte[] yaml() {
    return yaml.clone();
  }

  private static void add(
      TreeMap<String, PathItem> paths,
      Components components,
      Class<?> resource,
      ApiPart part,
      String readPath,
      PathItem.HttpMethod method,
      Operation operation,
      boolean openRegistration,
      Set<String> publicPaths) {
    Method handler = handler(resource, operation.getOperationId());
    boolean open = servedWithoutCredentials(resource, handler, openRegistration);
    List<String> explicit = OperationPaths.explicit(resource, handler);
    List<String> served =
        explicit == null
            ? List.of(OperationPaths.canonical(readPath, operation, handler))
            : explicit;
    for (String path : served) {
      Operation copy = copy(operation);
      OperationPaths.keepParametersOf(path, copy);
      copy.setOperationId(
          OperationPaths.operationId(part, handler, explicit == null ? null : path));
      if (handler.isAnnotationPresent(ApiSignIn.class)) {
        signIn(copy);
      }
      ApiBody body = handler.getAnnotation(ApiBody.class);
      if (body != null) {
        copy.setRequestBody(
            ApiSchemas.body(components, body.value(), body.form(), body.required()));
      } else if (copy.getRequestBody() != null) {
        throw new IllegalStateException(handler + " reads a body: describe it with @ApiBody");
      }
      ApiThrottled throttled = handler.getAnnotation(ApiThrottled.class);
      if (throttled != null) {
        if (copy.getResponses() == null) {
          copy.setResponses(new ApiResponses());
        }
        copy.getResponses().addApiResponse("429", ApiSchemas.error(throttled.value()));
      }
      ApiRefused refused = handler.getAnnotation(ApiRefused.class);
      if (refused != null) {
        if (copy.getResponses() == null) {
          copy.setResponses(new ApiResponses());
        }
        copy.getResponses()
            .addApiResponse(String.valueOf(refused.status()), ApiSchemas.error(refused.value()));
      }
      if (copy.getTags() == null || copy.getTags().isEmpty()) {
        copy.setTags(List.of(part.tag()));
      }
      completeResponses(copy);
      if (readsCredentials(resource, handler)) {
        // Any operation that reads credentials counts wrong client secrets, as the token endpoints.
        addError(
            copy.getResponses(),
            "429",
            "Too many wrong client secrets for this client id from this address; `Retry-After` says"
                + " when to try again");
      }
      copy.setSecurity(security(part));
      if (open) {
        publicPaths.add(path);
      }
      String shape = OperationPaths.shape(path);
      paths.keySet().stream()
          .filter(other -> !other.equals(path))
          .filter(other -> OperationPaths.shape(other).equals(shape))
          .findFirst()
          .ifPresent(
              other -> {
                throw new IllegalStateException(
                    path + " and " + other + " are described twice as one path; use @ApiPaths");
              });
      PathItem item = paths.computeIfAbsent(path, p -> new PathItem());
      if (item.readOperationsMap().containsKey(method)) {
        throw new IllegalStateException(
            method + " " + path + " is described twice (" + handler + "); use @ApiPaths");
      }
      item.operation(method, copy);
    }
  }

  private static void signIn(Operation operation) {
    if (operation.getResponses() == null) {
      operation.setResponses(new ApiResponses());
    }
    operation
        .getResponses()
        .addApiResponse(
            "200",
            new ApiResponse().description("Signed in").content(ApiSchemas.json(ApiSchemas.TOKEN)))
        .addApiResponse(
            "429",
            ApiSchemas.error("Too many failed sign-ins; `Retry-After` says when to try again"));
  }

  /** The handling method: swagger-core names an operation after its method unless told not to. */
  private static Method handler(Class<?> resource, String operationId) {
    return Arrays.stream(resource.getMethods())
        .filter(m -> m.getName().equals(operationId) && isResourceMethod(m))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "No resource method " + operationId + " in " + resource.getSimpleName()));
  }

  private static boolean isResourceMethod(Method method) {
    return Arrays.stream(method.getAnnotations())
        .anyMatch(a -> a.annotationType().isAnnotationPresent(HttpMethod.class));
  }

  /**
   * The answer every operation has unless it declares its own (the envelope), and the errors any
   * route may give: bad input, credentials, access, an unknown organization, application or entity,
   * and storage that does not answer. Bodies add their own refusals.
   */
  private static void completeResponses(Operation operation) {
    ApiResponses responses = operation.getResponses();
    if (responses == null) {
      responses = new ApiResponses();
      operation.setResponses(responses);
    }
    responses.remove("default");
    // 101: the WebSocket's handshake succeeds by switching protocols.
    boolean success =
        responses.keySet().stream().anyMatch(code -> code.startsWith("2") || code.equals("101"));
    if (!success) {
      responses.addApiResponse(
          "200", new ApiResponse().description("OK").content(ApiSchemas.json(ApiSchemas.ENVELOPE)));
    }
    addError(responses, "400", "Bad input: a malformed body, query or parameter");
    addError(responses, "401", "No valid credentials where they are needed");
    addError(responses, "403", "The caller may not do this");
    addError(responses, "404", "No such organization, application, collection or entity");
    addError(responses, "503", "Cassandra, Elasticsearch or the access feed is unavailable");
    if (operation.getRequestBody() != null) {
      addError(responses, "413", "The body is larger than meridian.api.max-body-size");
      addError(responses, "415", "The body is not sent as JSON");
    }
  }

  private static void addError(ApiResponses responses, String status, String description) {
    if (!responses.containsKey(status)) {
      responses.addApiResponse(status, ApiSchemas.error(description));
    }
  }

  /** Whether the operation's declared rule lets anyone in. */
  /** Whether the access filter reads the credentials sent to the operation (its rule's choice). */
  private static boolean readsCredentials(Class<?> resource, Method handler) {
    Access declared = handler.getAnnotation(Access.class);
    if (declared == null) {
      declared = resource.getAnnotation(Access.class);
    }
    return declared == null || !declared.value().ignoresCredentials();
  }

  private static boolean servedWithoutCredentials(
      Class<?> resource, Method handler, boolean openRegistration) {
    Access declared = handler.getAnnotation(Access.class);
    if (declared == null) {
      declared = resource.getAnnotation(Access.class);
    }
    if (declared == null) {
      return false;
    }
    return switch (declared.value()) {
      case PUBLIC, ANYONE -> true;
      case REGISTRATION -> openRegistration;
      default -> false;
    };
  }

  private static List<SecurityRequirement> security(ApiPart part) {
    SecurityRequirement bearer = new SecurityRequirement().addList(ApiSchemas.BEARER);
    SecurityRequirement query = new SecurityRequirement().addList(ApiSchemas.QUERY_TOKEN);
    return part.guests()
        ? List.of(bearer, query, new SecurityRequirement())
        : List.of(bearer, query);
  }

  private static Operation copy(Operation operation) {
    try {
      return Json.mapper().readValue(Json.mapper().writeValueAsBytes(operation), Operation.class);
    } catch (java.io.IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
