package io.meridian.rest.openapi;

import io.meridian.api.route.ApiPart;
import io.meridian.api.route.ApiPaths;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.PathParameter;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The paths an operation of the {@link ApiDocument} is described under, from the JAX-RS templates
 * of its method (or the {@link ApiPaths} it lists), and the parameters those paths keep.
 */
final class OperationPaths {
  private static final Pattern TEMPLATE = Pattern.compile("\\{([^}/]+)}");
  private static final Pattern REGEX_PARAMETER =
      Pattern.compile("\\{\\s*(\\w+)\\s*:\\s*((?:[^{}]|\\{[^{}]*})+)}");
  private static final Pattern ALTERNATIVES = Pattern.compile("[A-Za-z_.-]+(\\|[A-Za-z_.-]+)*");
  private static final Set<String> PROTOCOL_HEADERS =
      Set.of("content-type", "content-length", "accept", "authorization");

  private OperationPaths() {}

  /** The path with its parameters' names left out: two paths of one shape would be one route. */
  static String shape(String path) {
    return TEMPLATE.matcher(path).replaceAll("{}");
  }

  /** The paths {@link ApiPaths} lists on the method, or on its class with the method's path. */
  static List<String> explicit(Class<?> resource, Method handler) {
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

  /**
   * The path with every alternation parameter of the JAX-RS templates replaced by its first
   * spelling; fails for any other regular expression, which the method must resolve with {@link
   * ApiPaths}.
   */
  static String canonical(String path, Operation operation, Method handler) {
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
  static void keepParametersOf(String path, Operation operation) {
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

  /**
   * The operation's id: its part's, then its method's name, then (for a method listing its paths)
   * the path's literal segments.
   */
  static String operationId(ApiPart part, Method handler, String explicitPath) {
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
}
