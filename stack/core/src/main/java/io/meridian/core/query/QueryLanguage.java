package io.meridian.core.query;

/**
 * The Usergrid query language, as a service: implemented outside core (the query-index module owns
 * the grammar), used by core to page, project and re-check results.
 */
public interface QueryLanguage {

  /**
   * Parses {@code ql}; null or blank means {@code select *}.
   *
   * @throws io.meridian.core.common.MeridianException with {@code QUERY_PARSE} naming the position
   *     and the expected token
   */
  CompiledQuery compile(String ql);
}
