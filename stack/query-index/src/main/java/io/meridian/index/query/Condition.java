package io.meridian.index.query;

import java.util.List;

/** The where-clause tree. Property names are dotted paths into the entity, e.g. {@code a.b}. */
public sealed interface Condition
    permits Condition.And,
        Condition.Or,
        Condition.Not,
        Condition.Comparison,
        Condition.Contains,
        Condition.Within,
        Condition.PointInside {

  /** All operands hold; always two or more (the parser flattens {@code a and b and c}). */
  record And(List<Condition> operands) implements Condition {
    public And {
      operands = List.copyOf(operands);
    }
  }

  /** At least one operand holds; always two or more. */
  record Or(List<Condition> operands) implements Condition {
    public Or {
      operands = List.copyOf(operands);
    }
  }

  record Not(Condition operand) implements Condition {}

  record Comparison(String property, Operator operator, Value value) implements Condition {}

  /**
   * Full-text match: every word of {@code text} occurs in one value of the property (standard
   * analyzer). A trailing {@code *}, present only when the literal was a prefix ({@code 'wo*'}),
   * makes the last word a prefix; {@code *} alone matches any string.
   */
  record Contains(String property, String text) implements Condition {}

  /**
   * {@code property within meters of latitude, longitude}: the property holds a location ({@code
   * {latitude, longitude}}) at most {@code meters} from the centre (great-circle distance).
   */
  record Within(String property, double meters, double latitude, double longitude)
      implements Condition {}

  /**
   * {@code property contains latitude, longitude}: the property holds a GeoJSON Polygon or
   * MultiPolygon that contains the point, its boundary included. The parser admits at most one per
   * query, and only as a conjunct of the whole where clause (not under {@code or} or {@code not}),
   * because only an in-memory index answers it: Elasticsearch here has no shapes.
   */
  record PointInside(String property, double latitude, double longitude) implements Condition {}
}
