package io.meridian.index.query;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.query.CompiledQuery;
import io.meridian.core.query.Projection;
import java.util.Optional;

/** A {@link CompiledQuery} backed by the parser's tree; what the Elasticsearch index translates. */
public final class ParsedQuery implements CompiledQuery {
  private final Query query;
  private final String canonical;

  ParsedQuery(Query query, String canonical) {
    this.query = query;
    this.canonical = canonical;
  }

  public Query query() {
    return query;
  }

  @Override
  public String canonical() {
    return canonical;
  }

  @Override
  public Optional<Projection> projection() {
    return query.projection();
  }

  @Override
  public boolean filters() {
    return query.where().isPresent();
  }

  @Override
  public boolean ordered() {
    return !query.orderBy().isEmpty() || filters();
  }

  @Override
  public boolean matches(ObjectNode entity) {
    throw new UnsupportedOperationException("not yet");
  }
}
