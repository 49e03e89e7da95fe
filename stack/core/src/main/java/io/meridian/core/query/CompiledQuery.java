package io.meridian.core.query;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/** A parsed query: immutable, thread-safe, cheap to keep for the length of a request. */
public interface CompiledQuery {

  /**
   * The query in a normal form: equal for queries that differ only in spacing, keyword case or
   * operator spelling ({@code gt} and {@code >}). Cursors are bound to it.
   */
  String canonical();

  /** The selected fields; empty for {@code select *}. */
  Optional<Projection> projection();

  /** True when the query has a where clause (a {@code within} counts). */
  boolean filters();

  /** True when results need an order other than the default (an order by, or a within). */
  boolean ordered();

  /**
   * Whether the entity (as the API renders it) satisfies the where clause, with the index's
   * semantics: the check applied to a hit whose index entry is older than the entity.
   */
  boolean matches(ObjectNode entity);
}
