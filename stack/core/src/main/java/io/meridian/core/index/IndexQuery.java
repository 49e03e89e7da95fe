package io.meridian.core.index;

import java.util.UUID;

/**
 * A query over one collection of one application.
 *
 * @param collection the collection's canonical (plural) name
 * @param ql the Usergrid query language text; blank means "select *"
 * @param limit how many hits to return at most (1..1000)
 */
public record IndexQuery(UUID applicationId, String collection, String ql, int limit) {}
