package io.meridian.core.connection;

/** {@code OUT}: the entity is the source ({@code connections}); {@code IN}: the target. */
public enum Direction {
  OUT,
  IN
}
