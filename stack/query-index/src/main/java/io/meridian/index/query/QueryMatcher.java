package io.meridian.index.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.geo.Fences;
import io.meridian.index.query.IndexEntries.Entry;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import org.apache.lucene.geo.GeoUtils;
import org.apache.lucene.util.SloppyMath;

/**
 * Evaluates a where clause against one entity as the API renders it, with the semantics of the
 * Elasticsearch index: the entity is flattened into {@link IndexEntries} and a comparison holds
 * when some entry with the property's name satisfies it (so {@code not} negates "some entry
 * matches"). Values only ever meet values of their own type: strings compare case-insensitively
 * (and by code point, as Lucene orders terms), numbers as doubles except integer literals beyond
 * 2^53, which compare with integer entries as longs. A point containment, which no Elasticsearch
 * query answers, tests the shapes the entity holds with {@link Fences#contains}. One instance
 * evaluates one entity; not thread-safe.
 */
final class QueryMatcher {
  private static final long EXACT_DOUBLE = EntityLeaves.EXACT_DOUBLE;

  /**
   * The mapping's {@code ignore_above} on {@code fields.string}: longer strings only match text.
   */
  static final int MAX_KEYWORD_LENGTH = 8191;

  /** The flattener indexes only this much of a string for {@code contains}. */
  static final int MAX_TEXT_LENGTH = EntityLeaves.MAX_TEXT_LENGTH;

  /** The earth radius of {@link #distanceMeters} (Lucene's mean radius, as geo_distance uses). */
  static final double EARTH_RADIUS_METERS = GeoUtils.EARTH_MEAN_RADIUS_METERS;

  /** Built-ins the index also keeps at the top level, where integer literals compare as longs. */
  private static final Set<String> TOP_LEVEL_LONGS = Set.of("created", "modified");

  private static final Pattern UUID_TEXT =
      Pattern.compile(
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

  private final ObjectNode entity;
  private IndexEntries entries;

  private QueryMatcher(ObjectNode entity) {
    this.entity = entity;
  }

  static boolean matches(Condition where, ObjectNode entity) {
    return new QueryMatcher(entity).test(where);
  }

  private boolean test(Condition condition) {
    if (condition instanceof Condition.And and) {
      return and.operands().stream().allMatch(this::test);
    }
    if (condition instanceof Condition.Or or) {
      return or.operands().stream().anyMatch(this::test);
    }
    if (condition instanceof Condition.Not not) {
      return !test(not.operand());
    }
    if (condition instanceof Condition.Contains contains) {
      return contains(contains);
    }
    if (condition instanceof Condition.Within within) {
      return within(within);
    }
    if (condition instanceof Condition.PointInside point) {
      return pointInside(point);
    }
    return comparison((Condition.Comparison) condition);
  }

  private List<Entry> entries(String property) {
    if (entries == null) {
      entries = IndexEntries.of(entity);
    }
    return entries.named(property);
  }

  private boolean comparison(Condition.Comparison comparison) {
    String property = comparison.property();
    Operator operator = comparison.operator();
    Value value = comparison.value();
    // The index answers these two from top-level fields rather than from the entries.
    if (property.equals("uuid") && value instanceof Value.UuidValue uuid) {
      return uuid.value().equals(uuid(entity.get("uuid")));
    }
    if (TOP_LEVEL_LONGS.contains(property) && value instanceof Value.LongValue number) {
      JsonNode node = entity.get(property);
      return node != null
          && node.isIntegralNumber()
          && node.canConvertToLong()
          && holds(operator, Long.compare(node.longValue(), number.value()));
    }
    return entries(property).stream().anyMatch(entry -> compare(entry, operator, value));
  }

  private static boolean compare(Entry entry, Operator operator, Value value) {
    if (value instanceof Value.StringValue text) {
      return entry instanceof IndexEntries.Text indexed && string(indexed.value(), operator, text);
    }
    if (value instanceof Value.LongValue number) {
      if (!(entry instanceof IndexEntries.Number indexed)) {
        return false;
      }
      // The translator's test, to the letter: Math.abs(Long.MIN_VALUE) is negative, so that one
      // literal goes to the double field too.
      if (Math.abs(number.value()) <= EXACT_DOUBLE) {
        return holds(operator, Double.compare(indexed.value(), (double) number.value()));
      }
      return indexed.integral() && holds(operator, Long.compare(indexed.exact(), number.value()));
    }
    if (value instanceof Value.DoubleValue number) {
      // Double.compare orders -0.0 before 0.0, as Lucene's encoding of doubles does.
      return entry instanceof IndexEntries.Number indexed
          && holds(operator, Double.compare(indexed.value(), number.value()));
    }
    if (value instanceof Value.BooleanValue bool) {
      return entry instanceof IndexEntries.Bool indexed && indexed.value() == bool.value();
    }
    UUID uuid = ((Value.UuidValue) value).value();
    return entry instanceof IndexEntries.Text indexed && uuid.equals(uuid(indexed.value()));
  }

  private static boolean string(String value, Operator operator, Value.StringValue literal) {
    if (value.length() > MAX_KEYWORD_LENGTH) {
      return false;
    }
    String indexed = LowercaseNormalizer.normalize(value);
    String query = LowercaseNormalizer.literal(literal.text());
    if (literal.prefix() && operator == Operator.EQ) {
      return indexed.startsWith(query);
    }
    // A range ignores the prefix marker: 'abc*' bounds like 'abc', as the translator does.
    return holds(operator, compareCodePoints(indexed, query));
  }

  /** Lucene orders keyword terms by their UTF-8 bytes, which is code point order. */
  static int compareCodePoints(String left, String right) {
    int i = 0;
    int j = 0;
    while (i < left.length() && j < right.length()) {
      int a = left.codePointAt(i);
      int b = right.codePointAt(j);
      if (a != b) {
        return Integer.compare(a, b);
      }
      i += Character.charCount(a);
      j += Character.charCount(b);
    }
    return Boolean.compare(i < left.length(), j < right.length());
  }

  private static boolean holds(Operator operator, int comparison) {
    return switch (operator) {
      case EQ -> comparison == 0;
      case LT -> comparison < 0;
      case LTE -> comparison <= 0;
      case GT -> comparison > 0;
      case GTE -> comparison >= 0;
    };
  }

  private static UUID uuid(JsonNode node) {
    return node != null && node.isTextual() ? uuid(node.textValue()) : null;
  }

  private static UUID uuid(String text) {
    return text.length() == 36 && UUID_TEXT.matcher(text).matches() ? UUID.fromString(text) : null;
  }

  /**
   * Every word must occur in one and the same entry; with a trailing {@code *} the last word only
   * has to start a word of the entry, and a {@code *} alone finds any string. A text without words
   * otherwise matches nothing, as in Elasticsearch.
   */
  private boolean contains(Condition.Contains contains) {
    String text = contains.text();
    boolean prefix = text.endsWith("*");
    String body = prefix ? text.substring(0, text.length() - 1) : text;
    List<String> words = TextAnalyzer.words(body);
    boolean anyText = prefix && body.isBlank();
    if (words.isEmpty() && !anyText) {
      return false;
    }
    List<String> exact = prefix && !anyText ? words.subList(0, words.size() - 1) : words;
    String start = prefix && !anyText ? words.get(words.size() - 1) : "";
    return entries(contains.property()).stream()
        .filter(IndexEntries.Text.class::isInstance)
        .map(entry -> ((IndexEntries.Text) entry).value())
        .map(
            value -> value.length() > MAX_TEXT_LENGTH ? value.substring(0, MAX_TEXT_LENGTH) : value)
        .anyMatch(value -> anyText || containsWords(TextAnalyzer.words(value), exact, start));
  }

  private static boolean containsWords(List<String> found, List<String> exact, String start) {
    return found.containsAll(exact)
        && (start.isEmpty() || found.stream().anyMatch(word -> word.startsWith(start)));
  }

  private boolean within(Condition.Within within) {
    return entries(within.property()).stream()
        .filter(IndexEntries.Location.class::isInstance)
        .map(IndexEntries.Location.class::cast)
        .anyMatch(
            location ->
                distanceMeters(
                        within.latitude(),
                        within.longitude(),
                        location.latitude(),
                        location.longitude())
                    <= within.meters());
  }

  /**
   * Some value named by the property (found as the index names values: dotted paths through
   * objects, any element of an array, never under {@code metadata}) is a GeoJSON Polygon or
   * MultiPolygon containing the point, boundary included.
   */
  private boolean pointInside(Condition.PointInside point) {
    return NamedValues.any(
        entity,
        point.property(),
        node -> Fences.contains(node, point.latitude(), point.longitude()));
  }

  /** Great-circle distance as {@code geo_distance} (arc) computes it: Lucene's haversine. */
  static double distanceMeters(
      double latitude1, double longitude1, double latitude2, double longitude2) {
    return SloppyMath.haversinMeters(latitude1, longitude1, latitude2, longitude2);
  }
}
