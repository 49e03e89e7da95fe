package io.meridian.core.geo;

import com.fasterxml.jackson.databind.node.ObjectNode;

public final class GeoValidation {
  private GeoValidation() {}

  public static void validate(ObjectNode properties, int maxVertices) {}
}
