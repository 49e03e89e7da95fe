package io.meridian.rest.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.glassfish.jersey.server.ExtendedUriInfo;
import org.glassfish.jersey.server.model.RuntimeResource;
import org.glassfish.jersey.uri.UriTemplate;

/**
 * The route template of a request from the path templates Jersey matched, e.g. {@code
 * /{org}/{app}/{collection}/{entity}}: what logs and the metrics' {@code route} label name instead
 * of the raw path, which may carry names and ids of a tenant's data (and would make a series per
 * entity).
 */
public final class RouteTemplates {
  /** The route of requests that matched no resource method: refused before matching, or 404. */
  public static final String UNMATCHED = "UNMATCHED";

  private RouteTemplates() {}

  /**
   * The route of a request Jersey has routed: the templates it matched. When it refused the method
   * or media type (405, 415) it has matched the resource but recorded no template yet, so the
   * matched resource's own templates stand in; a 404 matched a prefix at most and stays {@link
   * #UNMATCHED}.
   */
  public static String of(ExtendedUriInfo matched, int status) {
    List<String> templates = new ArrayList<>();
    for (UriTemplate template : matched.getMatchedTemplates()) {
      templates.add(template.getTemplate());
    }
    List<RuntimeResource> resources = matched.getMatchedRuntimeResources();
    if (templates.isEmpty() && !resources.isEmpty() && status != 404) {
      for (RuntimeResource resource = resources.get(0);
          resource != null;
          resource = resource.getParent()) {
        templates.add(resource.getPathPattern().getTemplate().getTemplate());
      }
    }
    return template(templates);
  }

  /** Joins templates given root first ({@code /{org}/{app}/{collection}}, {@code {entity}}). */
  public static String join(List<String> rootFirst) {
    List<String> lastFirst = new ArrayList<>(rootFirst);
    Collections.reverse(lastFirst);
    return template(lastFirst);
  }

  /**
   * Joins the templates Jersey matched, given in its order (the last matched, the resource
   * method's, first), without the regular expressions of variables: {@code {apps:
   * apps|applications}} becomes {@code {apps}}. {@link #UNMATCHED} when nothing matched.
   */
  public static String template(List<String> matchedLastFirst) {
    if (matchedLastFirst == null || matchedLastFirst.isEmpty()) {
      return UNMATCHED;
    }
    StringBuilder joined = new StringBuilder();
    for (int i = matchedLastFirst.size() - 1; i >= 0; i--) {
      joined.append('/');
      appendWithoutExpressions(joined, matchedLastFirst.get(i));
    }
    return withSingleSlashes(joined);
  }

  private static void appendWithoutExpressions(StringBuilder out, String template) {
    int i = 0;
    while (i < template.length()) {
      char c = template.charAt(i);
      if (c != '{') {
        out.append(c);
        i++;
        continue;
      }
      int close = closingBrace(template, i);
      String variable = template.substring(i + 1, close);
      int colon = variable.indexOf(':');
      out.append('{').append((colon < 0 ? variable : variable.substring(0, colon)).trim());
      out.append('}');
      i = close + 1;
    }
  }

  /** The brace closing the one at {@code open}; expressions may nest braces ({@code \d{2}}). */
  private static int closingBrace(String template, int open) {
    int depth = 0;
    for (int i = open; i < template.length(); i++) {
      char c = template.charAt(i);
      if (c == '{') {
        depth++;
      } else if (c == '}' && --depth == 0) {
        return i;
      }
    }
    return template.length();
  }

  private static String withSingleSlashes(CharSequence path) {
    StringBuilder out = new StringBuilder(path.length());
    for (int i = 0; i < path.length(); i++) {
      char c = path.charAt(i);
      if (c != '/' || out.length() == 0 || out.charAt(out.length() - 1) != '/') {
        out.append(c);
      }
    }
    if (out.length() > 1 && out.charAt(out.length() - 1) == '/') {
      out.setLength(out.length() - 1);
    }
    return out.toString();
  }
}
