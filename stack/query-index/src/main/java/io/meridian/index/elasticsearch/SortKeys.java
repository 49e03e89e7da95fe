package io.meridian.index.elasticsearch;

import co.elastic.clients.elasticsearch._types.DistanceUnit;
import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch._types.GeoDistanceType;
import co.elastic.clients.elasticsearch._types.SortMode;
import co.elastic.clients.elasticsearch._types.SortOptions;
import co.elastic.clients.elasticsearch._types.SortOrder;
import io.meridian.core.common.MeridianException;
import io.meridian.index.query.Condition;
import io.meridian.index.query.Positions;
import io.meridian.index.query.Query;
import io.meridian.index.query.Query.Direction;
import io.meridian.index.query.Query.Order;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The sort of one query as Elasticsearch runs it, and the conversion of each hit's sort values to
 * cursor values and back.
 *
 * <p>The order is always total: the entity uuid is the last key. Paging is keyset ({@code
 * search_after}): the next page starts after the sort values of the previous page's last hit, so
 * page N costs what page 1 costs.
 *
 * <p>Elasticsearch reports a document that lacks a key with a sentinel that sorts last: {@code
 * Long.MAX_VALUE} / {@code Long.MIN_VALUE} for long keys, {@code "Infinity"} / {@code "-Infinity"}
 * for double keys (including distances), {@code null} for keyword keys. Cursor values carry every
 * sentinel as {@code null}; since the key's type and direction fix which sentinel it was, {@link
 * #searchAfter} restores it exactly. Cursor values are therefore only strings, longs, finite
 * doubles and nulls: JSON carries them, and gives them back as any {@link Number} subtype.
 *
 * <p>Over 300 lines because building the keys and converting their values to and from cursors both
 * turn on each key's kind and direction, which this one class keeps in one place.
 */
final class SortKeys {

  /** How Elasticsearch represents one key's sort values. */
  private enum Kind {
    /** {@code long} fields and {@code boolean} ones (0 and 1). */
    LONG,
    /** {@code double} fields and geo distances. */
    DOUBLE,
    KEYWORD
  }

  private record Key(SortOptions options, Kind kind, boolean descending) {}

  /** Built-ins kept at the top level of the document, where a sort needs no nested lookup. */
  private static final Set<String> TOP_LEVEL_LONGS =
      Set.of(IndexSchema.CREATED, IndexSchema.MODIFIED);

  /** The value subfields an order by sorts on, in order: numbers, then strings, then booleans. */
  private static final List<String> VALUE_SUBFIELDS = List.of("double", "string", "boolean");

  private static final String POSITIVE_INFINITY = "Infinity";
  private static final String NEGATIVE_INFINITY = "-Infinity";

  private final List<Key> keys;
  private final boolean byDistance;

  private SortKeys(List<Key> keys, boolean byDistance) {
    this.keys = List.copyOf(keys);
    this.byDistance = byDistance;
  }

  /**
   * The order of a query: its order by keys; else, when the where clause has a {@code within}, the
   * distance from its centre, nearest first (the first {@code within} in reading order if there are
   * several); else newest first. The uuid breaks every tie.
   */
  static SortKeys of(Query query) {
    List<Key> keys = new ArrayList<>();
    boolean byDistance = false;
    if (!query.orderBy().isEmpty()) {
      for (Order order : query.orderBy()) {
        keys.addAll(property(order.property(), order.direction() == Direction.DESC));
      }
    } else {
      Optional<Condition.Within> within = query.where().flatMap(SortKeys::firstWithin);
      if (within.isPresent()) {
        keys.add(distance(within.get()));
        byDistance = true;
      } else {
        keys.add(topLevel(IndexSchema.CREATED, Kind.LONG, true));
      }
    }
    // uuids are unique: once sorted by uuid, the order is total and later keys never decide.
    if (query.orderBy().stream().noneMatch(order -> order.property().equals(IndexSchema.UUID))) {
      keys.add(topLevel(IndexSchema.UUID, Kind.KEYWORD, false));
    }
    return new SortKeys(keys, byDistance);
  }

  /** uuid order: how {@code scan} walks an application. */
  static SortKeys byUuid() {
    return new SortKeys(List.of(topLevel(IndexSchema.UUID, Kind.KEYWORD, false)), false);
  }

  List<SortOptions> options() {
    return keys.stream().map(Key::options).toList();
  }

  /**
   * The JSON-safe cursor values of one hit: strings, longs, finite doubles and nulls (a sentinel
   * for "no value" becomes null).
   */
  List<Object> cursor(List<FieldValue> sortValues) {
    if (sortValues.size() != keys.size()) {
      throw new IllegalStateException(
          "Elasticsearch returned " + sortValues.size() + " sort values for " + keys.size());
    }
    List<Object> cursor = new ArrayList<>(keys.size());
    for (int i = 0; i < keys.size(); i++) {
      cursor.add(cursorValue(keys.get(i), sortValues.get(i)));
    }
    return cursor;
  }

  private static Object cursorValue(Key key, FieldValue value) {
    switch (key.kind()) {
      case LONG:
        if (value.isLong()) {
          long number = value.longValue();
          return number == Long.MAX_VALUE || number == Long.MIN_VALUE ? null : number;
        }
        if (value.isBoolean()) {
          return value.booleanValue() ? 1L : 0L;
        }
        break;
      case DOUBLE:
        if (value.isDouble() || value.isLong()) {
          double number = value.isDouble() ? value.doubleValue() : value.longValue();
          return Double.isFinite(number) ? number : null;
        }
        if (value.isString()) {
          // Non-finite doubles come back as strings ("Infinity"): JSON has no number for them.
          return null;
        }
        break;
      case KEYWORD:
        if (value.isString()) {
          return value.stringValue();
        }
        break;
    }
    if (value.isNull()) {
      return null;
    }
    throw new IllegalStateException(
        "Unexpected sort value " + value._toJsonString() + " for a " + key.kind() + " key");
  }

  /**
   * The {@code search_after} of a page that continues after the hit whose cursor values these are.
   *
   * @throws MeridianException with {@code BAD_REQUEST} when the values cannot come from this
   *     query's order (another query's cursor, or an altered one)
   */
  List<FieldValue> searchAfter(List<Object> cursor) {
    if (cursor.size() != keys.size()) {
      throw Positions.invalid();
    }
    List<FieldValue> values = new ArrayList<>(keys.size());
    for (int i = 0; i < keys.size(); i++) {
      values.add(searchAfterValue(keys.get(i), cursor.get(i)));
    }
    return values;
  }

  private static FieldValue searchAfterValue(Key key, Object value) {
    switch (key.kind()) {
      case LONG:
        if (value == null) {
          return FieldValue.of(key.descending() ? Long.MIN_VALUE : Long.MAX_VALUE);
        }
        if (value instanceof Boolean bool) {
          return FieldValue.of(bool ? 1L : 0L);
        }
        if (value instanceof Number number) {
          return FieldValue.of(exactLong(number));
        }
        break;
      case DOUBLE:
        if (value == null) {
          return FieldValue.of(key.descending() ? NEGATIVE_INFINITY : POSITIVE_INFINITY);
        }
        if (value instanceof Number number && Double.isFinite(number.doubleValue())) {
          return FieldValue.of(number.doubleValue());
        }
        break;
      case KEYWORD:
        if (value == null) {
          return FieldValue.NULL;
        }
        if (value instanceof String text) {
          return FieldValue.of(text);
        }
        break;
    }
    throw Positions.invalid();
  }

  private static long exactLong(Number number) {
    try {
      return Positions.exactLong(number);
    } catch (ArithmeticException | NumberFormatException e) {
      throw Positions.invalid();
    }
  }

  /** The distance in metres of a hit of a distance-ordered query, else null. */
  Double distance(List<Object> cursor) {
    return byDistance && cursor.get(0) instanceof Double meters ? meters : null;
  }

  /**
   * One key per value subfield, because a property may hold numbers in some entities and strings or
   * booleans in others: numbers sort first (by value), then strings, then booleans, and entities
   * without the property come last, whatever the direction. Within one entity, an array sorts by
   * its smallest value ascending and by its largest descending.
   */
  private static List<Key> property(String property, boolean descending) {
    if (TOP_LEVEL_LONGS.contains(property)) {
      return List.of(topLevel(property, Kind.LONG, descending));
    }
    if (property.equals(IndexSchema.UUID)) {
      return List.of(topLevel(property, Kind.KEYWORD, descending));
    }
    List<Key> keys = new ArrayList<>(VALUE_SUBFIELDS.size());
    for (String subfield : VALUE_SUBFIELDS) {
      SortOptions options =
          SortOptions.of(
              s ->
                  s.field(
                      f ->
                          f.field(QueryTranslator.field(subfield))
                              .order(order(descending))
                              .missing("_last")
                              .nested(
                                  n ->
                                      n.path(IndexSchema.FIELDS)
                                          .filter(QueryTranslator.named(property)))));
      Kind kind =
          switch (subfield) {
            case "double" -> Kind.DOUBLE;
            case "string" -> Kind.KEYWORD;
            default -> Kind.LONG;
          };
      keys.add(new Key(options, kind, descending));
    }
    return keys;
  }

  /**
   * Great-circle distance to the nearest location the entity holds under the {@code within}'s
   * property; entities without one sort last.
   */
  private static Key distance(Condition.Within within) {
    SortOptions options =
        SortOptions.of(
            s ->
                s.geoDistance(
                    g ->
                        g.field(QueryTranslator.field("location"))
                            .location(QueryTranslator.point(within))
                            .order(SortOrder.Asc)
                            .unit(DistanceUnit.Meters)
                            .distanceType(GeoDistanceType.Arc)
                            .mode(SortMode.Min)
                            .nested(
                                n ->
                                    n.path(IndexSchema.FIELDS)
                                        .filter(QueryTranslator.named(within.property())))));
    return new Key(options, Kind.DOUBLE, false);
  }

  private static Key topLevel(String field, Kind kind, boolean descending) {
    SortOptions options =
        SortOptions.of(s -> s.field(f -> f.field(field).order(order(descending)).missing("_last")));
    return new Key(options, kind, descending);
  }

  private static SortOrder order(boolean descending) {
    return descending ? SortOrder.Desc : SortOrder.Asc;
  }

  /** Depth first, left to right: the first {@code within} as the query reads. */
  private static Optional<Condition.Within> firstWithin(Condition condition) {
    if (condition instanceof Condition.Within within) {
      return Optional.of(within);
    }
    List<Condition> children = List.of();
    if (condition instanceof Condition.And and) {
      children = and.operands();
    } else if (condition instanceof Condition.Or or) {
      children = or.operands();
    } else if (condition instanceof Condition.Not not) {
      children = List.of(not.operand());
    }
    for (Condition child : children) {
      Optional<Condition.Within> found = firstWithin(child);
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }
}
