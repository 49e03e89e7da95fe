package io.meridian.index.query;

import io.meridian.core.query.GeoCondition;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The geographic conditions of a where clause, as core's in-memory geo indexes see them. */
final class GeoConditions {

  private GeoConditions() {}

  /** Every {@code within} and point containment, anywhere, depth first and left to right. */
  static List<GeoCondition> all(Condition where) {
    List<GeoCondition> found = new ArrayList<>();
    collect(where, found, false);
    return List.copyOf(found);
  }

  /**
   * The condition an in-memory index can answer: the first point containment that is a conjunct of
   * the where clause (the whole clause, or an operand of a top-level {@code and}), else the first
   * such {@code within}. A point containment wins because it is the narrower one to look up, and
   * the parser guarantees it is a conjunct whenever there is one. An {@code and} nested directly in
   * the top-level one (parentheses the canonical form keeps) is still part of the conjunction, so
   * its operands count too.
   */
  static Optional<GeoCondition> topLevel(Condition where) {
    List<GeoCondition> conjuncts = new ArrayList<>();
    collect(where, conjuncts, true);
    return conjuncts.stream()
        .filter(GeoCondition.PointInside.class::isInstance)
        .findFirst()
        .or(() -> conjuncts.stream().findFirst());
  }

  /** With {@code conjunctsOnly}, stops at {@code or} and {@code not}. */
  private static void collect(
      Condition condition, List<GeoCondition> found, boolean conjunctsOnly) {
    if (condition instanceof Condition.And and) {
      and.operands().forEach(operand -> collect(operand, found, conjunctsOnly));
    } else if (condition instanceof Condition.Or or && !conjunctsOnly) {
      or.operands().forEach(operand -> collect(operand, found, false));
    } else if (condition instanceof Condition.Not not && !conjunctsOnly) {
      collect(not.operand(), found, false);
    } else if (condition instanceof Condition.Within within) {
      found.add(
          new GeoCondition.Near(
              within.property(), within.meters(), within.latitude(), within.longitude()));
    } else if (condition instanceof Condition.PointInside point) {
      found.add(
          new GeoCondition.PointInside(point.property(), point.latitude(), point.longitude()));
    }
  }
}
