package io.meridian.index.elasticsearch;

import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch._types.SortOptions;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch._types.query_dsl.ChildScoreMode;
import co.elastic.clients.elasticsearch._types.query_dsl.Query;
import co.elastic.clients.elasticsearch._types.query_dsl.RangeQuery;
import co.elastic.clients.json.JsonData;
import io.meridian.index.query.Condition;
import io.meridian.index.query.Operator;
import io.meridian.index.query.Query.Direction;
import io.meridian.index.query.Query.Order;
import io.meridian.index.query.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;

/**
 * Translates the query-language tree into Elasticsearch queries over the flattened {@code fields}
 * (docs/index-mapping.md). Everything runs in filter context: hits are ordered by sort keys, never
 * by relevance, so scoring would be wasted work.
 */
final class QueryTranslator {
  /**
   * Integers up to 2^53 are exact as doubles, so they can be matched on the {@code double} field.
   */
  private static final long EXACT_DOUBLE = 1L << 53;

  /** Built-ins also kept at the top level, where filters and sorts avoid nested queries. */
  private static final Set<String> TOP_LEVEL_LONGS =
      Set.of(IndexSchema.CREATED, IndexSchema.MODIFIED);

  private static final String NAME = field("name");

  private QueryTranslator() {}

  /** The whole search filter: tenant, collection, live documents, and the where clause. */
  static Query filter(UUID applicationId, String collection, Condition where) {
    List<Query> filters = new ArrayList<>();
    filters.add(term(IndexSchema.APP_ID, FieldValue.of(applicationId.toString())));
    filters.add(term(IndexSchema.COLLECTION, FieldValue.of(collection)));
    if (where != null) {
      filters.add(translate(where));
    }
    return Query.of(
        q ->
            q.bool(b -> b.filter(filters).mustNot(term(IndexSchema.DELETED, FieldValue.of(true)))));
  }

  /** Explicit keys, then the default order: newest first, uuid breaking ties deterministically. */
  static List<SortOptions> sort(List<Order> orderBy) {
    List<SortOptions> sort = new ArrayList<>();
    for (Order order : orderBy) {
      sort.addAll(sortOn(order.property(), order.direction() == Direction.DESC));
    }
    if (orderBy.isEmpty()) {
      sort.add(topLevelSort(IndexSchema.CREATED, true));
    }
    sort.add(topLevelSort(IndexSchema.UUID, false));
    return sort;
  }

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
      return nested(
          contains.property(),
          Query.of(
              q ->
                  q.match(
                      m ->
                          m.field(field("text"))
                              .query(contains.text())
                              .operator(
                                  co.elastic.clients.elasticsearch._types.query_dsl.Operator
                                      .And))));
    }
    if (condition instanceof Condition.Within) {
      throw new UnsupportedOperationException("within is not translated yet");
    }
    return comparison((Condition.Comparison) condition);
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
      String lower = text.text().toLowerCase(Locale.ROOT);
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
                                inner.bool(
                                    b ->
                                        b.filter(term(NAME, FieldValue.of(property)))
                                            .filter(valueQuery)))));
  }

  /**
   * A property may hold numbers in some entities and strings in others: sort numbers first (by
   * value), then strings, then booleans; entities without the property come last.
   */
  private static List<SortOptions> sortOn(String property, boolean descending) {
    if (TOP_LEVEL_LONGS.contains(property) || property.equals(IndexSchema.UUID)) {
      return List.of(topLevelSort(property, descending));
    }
    return List.of("double", "string", "boolean").stream()
        .map(
            subfield ->
                SortOptions.of(
                    s ->
                        s.field(
                            f ->
                                f.field(field(subfield))
                                    .order(descending ? SortOrder.Desc : SortOrder.Asc)
                                    .missing("_last")
                                    .nested(
                                        n ->
                                            n.path(IndexSchema.FIELDS)
                                                .filter(term(NAME, FieldValue.of(property)))))))
        .toList();
  }

  private static SortOptions topLevelSort(String field, boolean descending) {
    return SortOptions.of(
        s ->
            s.field(
                f ->
                    f.field(field)
                        .order(descending ? SortOrder.Desc : SortOrder.Asc)
                        .missing("_last")));
  }

  private static Query term(String field, FieldValue value) {
    return Query.of(q -> q.term(t -> t.field(field).value(value)));
  }

  private static String field(String subfield) {
    return IndexSchema.FIELDS + "." + subfield;
  }
}
