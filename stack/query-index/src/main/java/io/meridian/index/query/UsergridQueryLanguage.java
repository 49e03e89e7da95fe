package io.meridian.index.query;

import io.meridian.core.query.CompiledQuery;
import io.meridian.core.query.QueryLanguage;

/** The query language service core uses: the parser, the canonical form and the matcher. */
public final class UsergridQueryLanguage implements QueryLanguage {
  @Override
  public CompiledQuery compile(String ql) {
    return ParsedQuery.parse(ql);
  }
}
