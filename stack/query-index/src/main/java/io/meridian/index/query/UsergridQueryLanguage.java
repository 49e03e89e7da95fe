package io.meridian.index.query;

import io.meridian.core.query.CompiledQuery;
import io.meridian.core.query.QueryLanguage;

/** The query language service core uses: the parser plus the in-memory matcher. */
public final class UsergridQueryLanguage implements QueryLanguage {
  @Override
  public CompiledQuery compile(String ql) {
    Query query = QueryParser.parse(ql);
    return new ParsedQuery(query, query.toString());
  }
}
