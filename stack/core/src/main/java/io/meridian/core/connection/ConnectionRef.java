package io.meridian.core.connection;

import java.util.UUID;

/** The other end of a connection, as seen from one entity. */
public record ConnectionRef(UUID entity, String collection) {}
