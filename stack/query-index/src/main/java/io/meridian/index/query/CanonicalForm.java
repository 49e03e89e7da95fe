package io.meridian.index.query;

import io.meridian.core.query.Projection;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Prints a {@link Query} in the normal form that cursors are bound to. Queries that differ only in
 * spacing, keyword case, operator spelling ({@code gt} and {@code >}), redundant parentheses, an
 * omitted {@code where} or {@code asc}, or the case of a compared string print the same; queries
 * with different trees print differently. The output parses back to the same tree.
 *
 * <p>Rules: lowercase keywords, single spaces; {@code select *}, {@code select a, b} or {@code
 * select {x: a, y: b}} always comes first; {@code where} and {@code order by} follow when present;
 * every order key names its direction; operators print as symbols; parentheses only where
 * precedence needs them (an {@code or} or {@code and} nested directly in an {@code and}, an {@code
 * or} nested in an {@code or}, any of them under {@code not}). Compared strings are lowercased the
 * way the index lowercases them ({@link LowercaseNormalizer#literal}), which is exact because the
 * index never sees their case; {@code contains} text is kept as written, since which spellings are
 * equivalent there depends on the analyzer. Numbers print as Java does ({@code 2000}, {@code
 * 2000.0}, {@code 1.0E10}): an integer and a decimal literal stay distinct because {@code created}
 * and {@code modified} compare them differently. Coordinates and distances are doubles whatever
 * their spelling ({@code 37} prints {@code 37.0}), so a point containment ({@code g contains 37.0,
 * -122.41}) and a {@code within} print alike for every spelling of the same numbers.
 */
final class CanonicalForm {

  private CanonicalForm() {}

  static String of(Query query) {
    StringBuilder out = new StringBuilder("select ");
    out.append(query.projection().map(CanonicalForm::projection).orElse("*"));
    query.where().ifPresent(where -> condition(where, out.append(" where ")));
    if (!query.orderBy().isEmpty()) {
      out.append(" order by ")
          .append(
              query.orderBy().stream()
                  .map(
                      order ->
                          order.property()
                              + " "
                              + order.direction().name().toLowerCase(Locale.ROOT))
                  .collect(Collectors.joining(", ")));
    }
    return out.toString();
  }

  private static String projection(Projection projection) {
    if (!projection.aliased()) {
      return projection.fields().stream()
          .map(Projection.Field::path)
          .collect(Collectors.joining(", "));
    }
    return projection.fields().stream()
        .map(field -> field.alias() + ": " + field.path())
        .collect(Collectors.joining(", ", "{", "}"));
  }

  private static void condition(Condition condition, StringBuilder out) {
    if (condition instanceof Condition.Or or) {
      operands(or.operands(), " or ", out, operand -> operand instanceof Condition.Or);
    } else if (condition instanceof Condition.And and) {
      operands(and.operands(), " and ", out, CanonicalForm::compound);
    } else if (condition instanceof Condition.Not not) {
      out.append("not ");
      operand(not.operand(), out, compound(not.operand()));
    } else if (condition instanceof Condition.Comparison comparison) {
      out.append(comparison.property())
          .append(' ')
          .append(comparison.operator().symbol())
          .append(' ');
      value(comparison.value(), out);
    } else if (condition instanceof Condition.Contains contains) {
      String text = contains.text();
      boolean prefix = text.endsWith("*");
      out.append(contains.property()).append(" contains ");
      string(prefix ? text.substring(0, text.length() - 1) : text, prefix, out);
    } else if (condition instanceof Condition.PointInside point) {
      // Unquoted numbers, so it never reads as the text form; the parser maps -0.0 to 0.0.
      out.append(point.property())
          .append(" contains ")
          .append(point.latitude())
          .append(", ")
          .append(point.longitude());
    } else {
      Condition.Within within = (Condition.Within) condition;
      out.append(within.property())
          .append(" within ")
          .append(within.meters())
          .append(" of ")
          .append(within.latitude())
          .append(", ")
          .append(within.longitude());
    }
  }

  private static boolean compound(Condition condition) {
    return condition instanceof Condition.And || condition instanceof Condition.Or;
  }

  private static void operands(
      List<Condition> operands,
      String separator,
      StringBuilder out,
      Predicate<Condition> needsParentheses) {
    for (int i = 0; i < operands.size(); i++) {
      if (i > 0) {
        out.append(separator);
      }
      operand(operands.get(i), out, needsParentheses.test(operands.get(i)));
    }
  }

  private static void operand(Condition operand, StringBuilder out, boolean parenthesize) {
    if (parenthesize) {
      out.append('(');
    }
    condition(operand, out);
    if (parenthesize) {
      out.append(')');
    }
  }

  private static void value(Value value, StringBuilder out) {
    if (value instanceof Value.StringValue text) {
      string(LowercaseNormalizer.literal(text.text()), text.prefix(), out);
    } else if (value instanceof Value.LongValue number) {
      out.append(number.value());
    } else if (value instanceof Value.DoubleValue number) {
      out.append(number.value());
    } else if (value instanceof Value.BooleanValue bool) {
      out.append(bool.value());
    } else {
      out.append(((Value.UuidValue) value).value());
    }
  }

  /** A quoted literal whose stars are all escaped, so only the prefix marker is a wildcard. */
  private static void string(String text, boolean prefix, StringBuilder out) {
    out.append('\'');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\'' || c == '\\' || c == '*') {
        out.append('\\');
      }
      out.append(c);
    }
    out.append(prefix ? "*'" : "'");
  }
}
