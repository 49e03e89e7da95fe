package io.meridian.core.geo;

import java.util.UUID;

/** One answer of {@link PointIndex#nearest}: an entry and its distance from the query point. */
public record Near<T>(UUID id, T value, double meters) {}
