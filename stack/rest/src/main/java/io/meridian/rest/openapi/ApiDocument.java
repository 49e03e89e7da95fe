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
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.PathParameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import jakarta.ws.rs.HttpMethod;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
 * Two operations on the same path and method fail the start: the document would hide one.
 */
public final class ApiDocument {
  private static final Pattern TEMPLATE = Pattern.compile("\\{([^}/]+)}");
  private static final Pattern REGEX_PARAMETER =
      Pattern.compile("\\{\\s*(\\w+)\\s*:\\s*((?:[^{}]|\\{[^{}]*})+)}");
  private static final Pattern ALTERNATIVES = Pattern.compile("[A-Za-z_.-]+(\\|[A-Za-z_.-]+)*");
  private static final Set<String> PROTOCOL_HEADERS =
      Set.of("content-type", "content-length", "accept", "authorization");

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
    List<String> explicit = explicitPaths(resource, handler);
    List<String> served =
        explicit == null ? List.of(canonical(readPath, operation, handler)) : explicit;
    for (String path : served) {
      Operation copy = copy(operation);
      keepParametersOf(path, copy);
      copy.setOperationId(operationId(part, handler, explicit == null ? null : path));
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
      if (copy.getTags() == null || copy.getTags().isEmpty()) {
        copy.setTags(List.of(part.tag()));
      }
      completeResponses(copy);
      copy.setSecurity(security(part));
      if (open) {
        publicPaths.add(path);
      }
      String shape = TEMPLATE.matcher(path).replaceAll("{}");
      paths.keySet().stream()
          .filter(other -> !other.equals(path))
          .filter(other -> TEMPLATE.matcher(other).replaceAll("{}").equals(shape))
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

  /** The paths {@link ApiPaths} lists on the method, or on its class with the method's path. */
  private static List<String> explicitPaths(Class<?> resource, Method handler) {
    ApiPaths onMethod = handler.getAnnotation(ApiPaths.class);
    if (onMethod != null) {
      return List.of(onMethod.value());
    }
    ApiPaths onClass = resource.getAnnotation(ApiPaths.class);
    if (onClass == null) {
      return null;
    }
    jakarta.ws.rs.Path sub = handler.getAnnotation(jakarta.ws.rs.Path.class);
    String suffix = sub == null ? "" : "/" + sub.value().replaceAll("^/+|/+$", "");
    return Arrays.stream(onClass.value()).map(path -> path + suffix).toList();
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
   * The path with every alternation parameter of the JAX-RS templates replaced by its first
   * spelling; fails for any other regular expression, which the method must resolve with {@link
   * ApiPaths}.
   */
  private static String canonical(String path, Operation operation, Method handler) {
    Map<String, String> patterns = new HashMap<>();
    collectPatterns(handler.getDeclaringClass().getAnnotation(jakarta.ws.rs.Path.class), patterns);
    collectPatterns(handler.getAnnotation(jakarta.ws.rs.Path.class), patterns);
    String result = path;
    List<String> aliases = new ArrayList<>();
    for (Map.Entry<String, String> entry : patterns.entrySet()) {
      String name = entry.getKey();
      String pattern = entry.getValue();
      if (!ALTERNATIVES.matcher(pattern).matches()) {
        throw new IllegalStateException(path + ": {" + name + ": " + pattern + "} needs @ApiPaths");
      }
      String[] spellings = pattern.split("\\|");
      result = result.replace("{" + name + "}", spellings[0]);
      for (int i = 1; i < spellings.length; i++) {
        aliases.add("`" + spellings[0] + "` may also be spelled `" + spellings[i] + "`.");
      }
    }
    if (!aliases.isEmpty()) {
      String before = operation.getDescription() == null ? "" : operation.getDescription() + "\n\n";
      operation.setDescription(before + String.join(" ", aliases));
    }
    return result;
  }

  /** The {@code {name: regex}} parameters of a JAX-RS path template. */
  private static void collectPatterns(jakarta.ws.rs.Path path, Map<String, String> patterns) {
    if (path == null) {
      return;
    }
    Matcher matcher = REGEX_PARAMETER.matcher(path.value());
    while (matcher.find()) {
      patterns.put(matcher.group(1).trim(), matcher.group(2).trim());
    }
  }

  /**
   * Drops parameters the protocol owns and path parameters the path no longer has, and adds the
   * path parameters swagger-core skips (a {@code PathSegment}, a parameter only in a regex).
   */
  private static void keepParametersOf(String path, Operation operation) {
    if (operation.getParameters() == null) {
      operation.setParameters(new ArrayList<>());
    }
    Set<String> inPath = new LinkedHashSet<>();
    Matcher matcher = TEMPLATE.matcher(path);
    while (matcher.find()) {
      inPath.add(matcher.group(1));
    }
    List<Parameter> kept = new ArrayList<>();
    for (Parameter parameter : operation.getParameters()) {
      boolean protocol =
          "header".equals(parameter.getIn())
              && PROTOCOL_HEADERS.contains(parameter.getName().toLowerCase(Locale.ROOT));
      boolean gone = "path".equals(parameter.getIn()) && !inPath.contains(parameter.getName());
      if (!protocol && !gone) {
        if ("path".equals(parameter.getIn()) && parameter.getSchema() != null) {
          parameter.getSchema().setPattern(null);
        }
        ApiParameters.describe(parameter);
        kept.add(parameter);
      }
    }
    for (String name : inPath) {
      boolean declared =
          kept.stream().anyMatch(p -> "path".equals(p.getIn()) && p.getName().equals(name));
      if (!declared) {
        Parameter parameter = new PathParameter().name(name).schema(new StringSchema());
        ApiParameters.describe(parameter);
        kept.add(parameter);
      }
    }
    operation.setParameters(kept.isEmpty() ? null : kept);
  }

  private static String operationId(ApiPart part, Method handler, String explicitPath) {
    String id = part.id() + "_" + handler.getName();
    if (explicitPath == null) {
      return id;
    }
    StringBuilder literal = new StringBuilder();
    for (String segment : explicitPath.split("/")) {
      if (!segment.isEmpty() && !segment.startsWith("{")) {
        literal.append('_').append(segment.replaceAll("[^A-Za-z0-9]", ""));
      }
    }
    return id + literal;
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
