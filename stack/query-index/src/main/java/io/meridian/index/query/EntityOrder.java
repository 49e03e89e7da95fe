package io.meridian.index.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.MeridianException;
import io.meridian.index.query.Query.Direction;
import io.meridian.index.query.Query.Order;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A query's order applied in memory, key for key the order {@code SortKeys} has Elasticsearch apply
 * (docs/index-mapping.md, "Order and paging"), for the in-memory indexes that answer what
 * Elasticsearch cannot. Unlike {@code SortKeys}, a {@code within} does not order by distance here:
 * the in-memory geo index that answers it owns that order.
 *
 * <p>Keys, in order: for each order by property, three values from the entries the index would hold
 * under its name ({@link IndexEntries}): the {@code double} subfield (every number, as a double),
 * the {@code string} subfield (lowercased as the {@code lowercase} normalizer does, at most {@value
 * QueryMatcher#MAX_KEYWORD_LENGTH} characters as its {@code ignore_above}, compared by code point
 * as Lucene compares terms), the {@code boolean} subfield. Of several values, ascending takes the
 * smallest and descending the largest, as Elasticsearch's default sort mode does. {@code created}
 * and {@code modified} are one key each, the entity's integer value (the index's top-level field);
 * {@code uuid} is one key, its canonical lowercase text. Without an order by, {@code created}
 * descending. Unless the order by names {@code uuid}, the uuid ascending comes last.
 *
 * <p>Key values are JSON-plain so a cursor carries them: {@code Double} (finite), {@code String},
 * {@code Boolean}, {@code Long}, or null for a missing value, which sorts last in both directions
 * ({@code missing: _last}). Immutable and thread-safe.
 */
final class EntityOrder {
  private enum Kind {
    NUMBER,
    STRING,
    BOOLEAN,
    /** A top-level integer field: {@code created} or {@code modified}. */
    LONG,
    /** The top-level uuid field. */
    UUID
  }

  private record Key(String property, Kind kind, boolean descending) {}

  private static final String UUID_FIELD = "uuid";
  private static final String CREATED = "created";
  private static final Set<String> TOP_LEVEL_LONGS = Set.of(CREATED, "modified");

  private static final Pattern UUID_TEXT =
      Pattern.compile(
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

  private final List<Key> keys;

  private EntityOrder(List<Key> keys) {
    this.keys = List.copyOf(keys);
  }

  static EntityOrder of(Query query) {
    List<Key> keys = new ArrayList<>();
    for (Order order : query.orderBy()) {
      boolean descending = order.direction() == Direction.DESC;
      String property = order.property();
      if (TOP_LEVEL_LONGS.contains(property)) {
        keys.add(new Key(property, Kind.LONG, descending));
      } else if (property.equals(UUID_FIELD)) {
        keys.add(new Key(property, Kind.UUID, descending));
      } else {
        for (Kind kind : List.of(Kind.NUMBER, Kind.STRING, Kind.BOOLEAN)) {
          keys.add(new Key(property, kind, descending));
        }
      }
    }
    if (query.orderBy().isEmpty()) {
      keys.add(new Key(CREATED, Kind.LONG, true));
    }
    // uuids are unique: once sorted by uuid, later keys could never decide.
    if (query.orderBy().stream().noneMatch(order -> order.property().equals(UUID_FIELD))) {
      keys.add(new Key(UUID_FIELD, Kind.UUID, false));
    }
    return new EntityOrder(keys);
  }

  /** The entity's key: one value (or null) per key of the order. */
  List<Object> key(ObjectNode entity) {
    IndexEntries entries = null;
    List<Object> values = new ArrayList<>(keys.size());
    for (Key key : keys) {
      if (key.kind() == Kind.LONG) {
        JsonNode node = entity.get(key.property());
        boolean integral = node != null && node.isIntegralNumber() && node.canConvertToLong();
        values.add(integral ? node.longValue() : null);
      } else if (key.kind() == Kind.UUID) {
        JsonNode node = entity.get(UUID_FIELD);
        boolean uuid =
            node != null && node.isTextual() && UUID_TEXT.matcher(node.asText()).matches();
        values.add(uuid ? UUID.fromString(node.asText()).toString() : null);
      } else {
        if (entries == null) {
          entries = IndexEntries.of(entity);
        }
        values.add(extreme(entries.named(key.property()), key).orElse(null));
      }
    }
    return Collections.unmodifiableList(values);
  }

  /** The smallest value of the key's subfield ascending, the largest descending. */
  private static Optional<Object> extreme(List<IndexEntries.Entry> entries, Key key) {
    Stream<Object> values =
        switch (key.kind()) {
          case NUMBER ->
              entries.stream()
                  .filter(IndexEntries.Number.class::isInstance)
                  .map(entry -> ((IndexEntries.Number) entry).value());
          case STRING ->
              entries.stream()
                  .filter(IndexEntries.Text.class::isInstance)
                  .map(entry -> ((IndexEntries.Text) entry).value())
                  .filter(text -> text.length() <= QueryMatcher.MAX_KEYWORD_LENGTH)
                  .map(LowercaseNormalizer::normalize);
          default ->
              entries.stream()
                  .filter(IndexEntries.Bool.class::isInstance)
                  .map(entry -> ((IndexEntries.Bool) entry).value());
        };
    Comparator<Object> ascending = (left, right) -> compareValues(key.kind(), left, right);
    return key.descending() ? values.max(ascending) : values.min(ascending);
  }

  /**
   * Compares two keys of this order.
   *
   * @throws MeridianException with {@code BAD_REQUEST} when a key cannot be one of this order's (a
   *     cursor of another order, or altered): the same answer as for an Elasticsearch cursor
   */
  int compare(List<Object> left, List<Object> right) {
    if (left.size() != keys.size() || right.size() != keys.size()) {
      throw Positions.invalid();
    }
    for (int i = 0; i < keys.size(); i++) {
      Key key = keys.get(i);
      Object a = left.get(i);
      Object b = right.get(i);
      if (a == null || b == null) {
        // Missing sorts last whatever the direction (missing: _last).
        int missing = Boolean.compare(a == null, b == null);
        if (missing != 0) {
          check(key.kind(), a == null ? b : a);
          return missing;
        }
        continue;
      }
      int comparison = compareValues(key.kind(), a, b);
      if (comparison != 0) {
        return key.descending() ? -comparison : comparison;
      }
    }
    return 0;
  }

  /** Ascending comparison of two present values of one kind. */
  private static int compareValues(Kind kind, Object left, Object right) {
    check(kind, left);
    check(kind, right);
    return switch (kind) {
      // Double.compare puts -0.0 before 0.0, as Lucene's sortable encoding of doubles does.
      case NUMBER -> Double.compare(((Number) left).doubleValue(), ((Number) right).doubleValue());
      case LONG ->
          Long.compare(Positions.exactLong((Number) left), Positions.exactLong((Number) right));
      case BOOLEAN -> Boolean.compare((Boolean) left, (Boolean) right);
      default -> QueryMatcher.compareCodePoints((String) left, (String) right);
    };
  }

  /**
   * A key value must have its kind's type; numbers may come back from JSON as any {@link Number}.
   */
  private static void check(Kind kind, Object value) {
    boolean fits =
        switch (kind) {
          case NUMBER -> value instanceof Number number && Double.isFinite(number.doubleValue());
          case LONG -> value instanceof Number number && fitsLong(number);
          case BOOLEAN -> value instanceof Boolean;
          default -> value instanceof String;
        };
    if (!fits) {
      throw Positions.invalid();
    }
  }

  private static boolean fitsLong(Number number) {
    try {
      Positions.exactLong(number);
      return true;
    } catch (ArithmeticException | NumberFormatException e) {
      return false;
    }
  }
}
