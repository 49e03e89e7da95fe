package io.meridian.index.elasticsearch;

import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch._types.GeoDistanceType;
import co.elastic.clients.elasticsearch._types.GeoLocation;
import co.elastic.clients.elasticsearch._types.query_dsl.ChildScoreMode;
import co.elastic.clients.elasticsearch._types.query_dsl.Query;
import co.elastic.clients.elasticsearch._types.query_dsl.RangeQuery;
import co.elastic.clients.json.JsonData;
import io.meridian.index.query.Condition;
import io.meridian.index.query.EntityLeaves;
import io.meridian.index.query.LowercaseNormalizer;
import io.meridian.index.query.Operator;
import io.meridian.index.query.Value;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Translates the query-language tree into Elasticsearch queries over the flattened {@code fields}
 * (docs/index-mapping.md). Everything runs in filter context: hits are ordered by sort keys, never
 * by relevance, so scoring would be wasted work.
 */
final class QueryTranslator {
  private static final long EXACT_DOUBLE = EntityLeaves.EXACT_DOUBLE;

  /** Built-ins also kept at the top level, where filters and sorts avoid nested queries. */
  private static final Set<String> TOP_LEVEL_LONGS =
      Set.of(IndexSchema.CREATED, IndexSchema.MODIFIED);

  private static final String NAME = field("name");

  /** {@code contains}: every word must occur, not just one. */
  private static final co.elastic.clients.elasticsearch._types.query_dsl.Operator ALL_WORDS =
      co.elastic.clients.elasticsearch._types.query_dsl.Operator.And;

  private QueryTranslator() {}

  /**
   * The whole search filter: tenant, collection (unless every collection is searched), scope, live
   * documents, and the where clause.
   */
  static Query filter(
      UUID applicationId,
      Optional<String> collection,
      Optional<Set<UUID>> scope,
      Optional<Condition> where) {
    List<Query> filters = new ArrayList<>();
    filters.add(term(IndexSchema.APP_ID, FieldValue.of(applicationId.toString())));
    collection.ifPresent(name -> filters.add(term(IndexSchema.COLLECTION, FieldValue.of(name))));
    scope.ifPresent(ids -> filters.add(uuidIn(ids)));
    where.ifPresent(condition -> filters.add(translate(condition)));
    return live(filters);
  }

  /** Every live document of an application: what {@code scan} walks. */
  static Query application(UUID applicationId) {
    return live(List.of(term(IndexSchema.APP_ID, FieldValue.of(applicationId.toString()))));
  }

  private static Query live(List<Query> filters) {
    return Query.of(
        q ->
            q.bool(b -> b.filter(filters).mustNot(term(IndexSchema.DELETED, FieldValue.of(true)))));
  }

  /**
   * Entity ids are keyword terms; a scope holds at most a connection query's targets (10,000), well
   * under Elasticsearch's {@code index.max_terms_count} (65,536).
   */
  private static Query uuidIn(Set<UUID> ids) {
    List<FieldValue> values = ids.stream().map(id -> FieldValue.of(id.toString())).toList();
    return Query.of(q -> q.terms(t -> t.field(IndexSchema.UUID).terms(v -> v.value(values))));
  }

  /**
   * @throws IllegalArgumentException for a point containment: the index has no {@code geo_shape}
   *     field, so only the in-memory geo indexes answer such a query, and core routes it there.
   *     Reaching this is a routing bug, never a user error.
   */
  static Query translate(Condition condition) {
    // Java 17 has no pattern matching for switch; the sealed hierarchy keeps this chain complete.
    if (condition instanceof Condition.And and) {
      List<Query> operands = and.operands().stream().map(QueryTranslator::translate).toList();
      return Query.of(q -> q.bool(b -> b.filter(operands)));
    }
    if (condition instanceof Condition.Or or) {
      List<Query> operands = or.operands().stream().map(QueryTranslator::translate).toList();
      return Query.of(q -> q.bool(b -> b.should(operands).minimumShouldMatch("1")));
    }
    if (condition instanceof Condition.Not not) {
      Query operand = translate(not.operand());
      return Query.of(q -> q.bool(b -> b.mustNot(operand)));
    }
    if (condition instanceof Condition.Contains contains) {
      return nested(contains.property(), contains(contains.text()));
    }
    if (condition instanceof Condition.Within within) {
      return nested(
          within.property(),
          Query.of(
              q ->
                  q.geoDistance(
                      g ->
                          g.field(field("location"))
                              .location(point(within))
                              .distance(meters(within.meters()))
                              .distanceType(GeoDistanceType.Arc))));
    }
    if (condition instanceof Condition.PointInside point) {
      throw new IllegalArgumentException(
          "Elasticsearch cannot answer the point containment on '"
              + point.property()
              + "': queries with one belong to an in-memory geo index");
    }
    return comparison((Condition.Comparison) condition);
  }

  /**
   * Every word of the text occurs in the value (standard analyzer). A trailing {@code *} makes the
   * last word a prefix ({@code 'hik*'} finds "hiking"); a lone {@code *} finds any text.
   */
  private static Query contains(String text) {
    boolean prefix = text.endsWith("*");
    String words = prefix ? text.substring(0, text.length() - 1) : text;
    if (prefix && words.isBlank()) {
      return Query.of(q -> q.exists(e -> e.field(field("text"))));
    }
    if (prefix) {
      return Query.of(
          q -> q.matchBoolPrefix(m -> m.field(field("text")).query(words).operator(ALL_WORDS)));
    }
    return Query.of(q -> q.match(m -> m.field(field("text")).query(words).operator(ALL_WORDS)));
  }

  /** Metres as a distance Elasticsearch parses exactly ({@code 1500.5m}). */
  private static String meters(double meters) {
    return BigDecimal.valueOf(meters).toPlainString() + "m";
  }

  /** The centre of a {@code within}. */
  static GeoLocation point(Condition.Within within) {
    return GeoLocation.of(g -> g.latlon(l -> l.lat(within.latitude()).lon(within.longitude())));
  }

  private static Query comparison(Condition.Comparison comparison) {
    String property = comparison.property();
    Value value = comparison.value();
    if (property.equals(IndexSchema.UUID) && value instanceof Value.UuidValue uuid) {
      return term(IndexSchema.UUID, FieldValue.of(uuid.value().toString()));
    }
    if (TOP_LEVEL_LONGS.contains(property) && value instanceof Value.LongValue number) {
      return compare(property, comparison.operator(), FieldValue.of(number.value()));
    }
    return nested(property, valueQuery(comparison.operator(), value));
  }

  private static Query valueQuery(Operator operator, Value value) {
    if (value instanceof Value.StringValue text) {
      String lower = LowercaseNormalizer.normalize(text.text());
      if (text.prefix() && operator == Operator.EQ) {
        return Query.of(q -> q.prefix(p -> p.field(field("string")).value(lower)));
      }
      return compare(field("string"), operator, FieldValue.of(lower));
    }
    if (value instanceof Value.LongValue number) {
      String subfield = Math.abs(number.value()) <= EXACT_DOUBLE ? "double" : "long";
      return compare(field(subfield), operator, FieldValue.of(number.value()));
    }
    if (value instanceof Value.DoubleValue number) {
      return compare(field("double"), operator, FieldValue.of(number.value()));
    }
    if (value instanceof Value.BooleanValue bool) {
      return term(field("boolean"), FieldValue.of(bool.value()));
    }
    return term(field("uuid"), FieldValue.of(((Value.UuidValue) value).value().toString()));
  }

  private static Query compare(String field, Operator operator, FieldValue value) {
    if (operator == Operator.EQ) {
      return term(field, value);
    }
    RangeQuery range =
        RangeQuery.of(
            r ->
                r.untyped(
                    u -> {
                      u.field(field);
                      JsonData bound = JsonData.of(value._get());
                      return switch (operator) {
                        case LT -> u.lt(bound);
                        case LTE -> u.lte(bound);
                        case GT -> u.gt(bound);
                        default -> u.gte(bound);
                      };
                    }));
    return Query.of(q -> q.range(range));
  }

  /** A condition on one property: some {@code fields} entry has that name and matches. */
  private static Query nested(String property, Query valueQuery) {
    return Query.of(
        q ->
            q.nested(
                n ->
                    n.path(IndexSchema.FIELDS)
                        .scoreMode(ChildScoreMode.None)
                        .query(
                            inner ->
                                inner.bool(b -> b.filter(named(property)).filter(valueQuery)))));
  }

  private static Query term(String field, FieldValue value) {
    return Query.of(q -> q.term(t -> t.field(field).value(value)));
  }

  /** The {@code fields} entries of one property, for nested filters and sorts. */
  static Query named(String property) {
    return term(NAME, FieldValue.of(property));
  }

  static String field(String subfield) {
    return IndexSchema.FIELDS + "." + subfield;
  }
}
