package io.meridian.rest.access;

import io.meridian.core.identity.access.Access;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.glassfish.jersey.uri.UriTemplate;

/**
 * The routes served without reading credentials, read from the rules the resources declare ({@link
 * Access.Rule#ignoresCredentials}): the only list of open paths. The access filter runs before
 * Jersey matches a request, so it matches the request's path against these templates itself.
 */
public final class OpenRoutes {
  private final List<UriTemplate> templates;

  private OpenRoutes(List<UriTemplate> templates) {
    this.templates = templates;
  }

  /** The open routes of these root resource classes. */
  public static OpenRoutes of(List<Class<?>> resources) {
    List<UriTemplate> templates = new ArrayList<>();
    for (String template : templates(resources)) {
      templates.add(new UriTemplate(template));
    }
    return new OpenRoutes(templates);
  }

  /** The path templates ({@code /docs/{asset}}) of the operations that ignore credentials. */
  static Set<String> templates(List<Class<?>> resources) {
    Set<String> templates = new TreeSet<>();
    for (Class<?> resource : resources) {
      Path root = resource.getAnnotation(Path.class);
      if (root == null) {
        continue;
      }
      for (Method method : resource.getMethods()) {
        if (!isOperation(method)) {
          continue;
        }
        Access declared = method.getAnnotation(Access.class);
        if (declared == null) {
          declared = resource.getAnnotation(Access.class);
        }
        if (declared != null && declared.value().ignoresCredentials()) {
          Path sub = method.getAnnotation(Path.class);
          templates.add(join(root.value(), sub == null ? "" : sub.value()));
        }
      }
    }
    return templates;
  }

  /** Whether a request path ({@code /status}, decoded) is served without reading credentials. */
  public boolean matches(String path) {
    for (UriTemplate template : templates) {
      if (template.match(path, new HashMap<>())) {
        return true;
      }
    }
    return false;
  }

  private static boolean isOperation(Method method) {
    for (Annotation annotation : method.getAnnotations()) {
      if (annotation.annotationType().isAnnotationPresent(HttpMethod.class)) {
        return true;
      }
    }
    return false;
  }

  private static String join(String root, String sub) {
    String path = "/" + strip(root) + (strip(sub).isEmpty() ? "" : "/" + strip(sub));
    return path.equals("/") ? path : path.replaceAll("/+$", "");
  }

  private static String strip(String path) {
    return path.replaceAll("^/+|/+$", "");
  }
}
