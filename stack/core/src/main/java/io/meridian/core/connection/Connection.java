package io.meridian.core.connection;

import java.util.UUID;

/** {@code source -verb-> target}; collections are canonical (plural) names. */
public record Connection(
    UUID source, String sourceCollection, String verb, UUID target, String targetCollection) {}
