package io.meridian.core.schema;

import java.util.List;

/**
 * One versioned step of the Cassandra schema. Statements must be idempotent ({@code IF NOT EXISTS})
 * because two nodes starting together may both run a migration before either records it. {@code
 * {ks}} in a statement stands for the keyspace.
 */
record Migration(int version, String description, List<String> statements) {}
