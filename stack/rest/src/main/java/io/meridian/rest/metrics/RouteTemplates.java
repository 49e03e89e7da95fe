package io.meridian.rest.metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * The route a request matched, as one template such as {@code /{org}/{app}/{collection}/{entity}}:
 * what the {@code route} label of the HTTP metrics holds instead of the path, so that a series
 * stands for an endpoint, never for one organization, application or entity.
 */
final class RouteTemplates {
  /** The label of requests that matched no resource method: refused before matching, or 404. */
  static final String UNMATCHED = "UNMATCHED";

  private RouteTemplates() {}

  /**
   * Joins the templates of the matched resource and sub-resource, root first ({@code
   * /{org}/{app}/{collection}}, {@code {entity}}), into one path; a parameter's regular expression
   * ({@code {id: [0-9]+}}) is dropped, its name kept.
   */
  static String join(List<String> rootFirst) {
    StringBuilder route = new StringBuilder();
    for (String template : rootFirst) {
      for (String segment : segments(template)) {
        route.append('/').append(segment);
      }
    }
    return route.isEmpty() ? "/" : route.toString();
  }

  /** The template's segments, split on the slashes outside braces, parameters without regexes. */
  private static List<String> segments(String template) {
    List<String> segments = new ArrayList<>();
    StringBuilder segment = new StringBuilder();
    int depth = 0;
    boolean inRegex = false;
    for (int i = 0; i < template.length(); i++) {
      char c = template.charAt(i);
      if (c == '{') {
        depth++;
        if (depth == 1) {
          inRegex = false;
          segment.append(c);
          continue;
        }
      } else if (c == '}') {
        depth--;
        if (depth == 0) {
          segment.append(c);
          continue;
        }
      } else if (c == ':' && depth == 1) {
        inRegex = true;
      } else if (c == '/' && depth == 0) {
        addSegment(segments, segment);
        continue;
      }
      if (depth == 0 || !inRegex && !Character.isWhitespace(c)) {
        segment.append(c);
      }
    }
    addSegment(segments, segment);
    return segments;
  }

  private static void addSegment(List<String> segments, StringBuilder segment) {
    if (!segment.isEmpty()) {
      segments.add(segment.toString());
      segment.setLength(0);
    }
  }
}
