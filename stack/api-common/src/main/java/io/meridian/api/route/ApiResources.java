package io.meridian.api.route;

import java.util.List;

/**
 * The resources one part of the API serves (the HTTP API's features, the WebSocket's endpoint, the
 * console), each declared once here by the module that owns it. The HTTP API registers every part
 * with Jersey as singletons and describes them all in its OpenAPI document; each resource class
 * carries its {@link ApiPart} and the access rule of each operation.
 *
 * @param resources instances of root resource classes ({@code @Path})
 */
public record ApiResources(List<Object> resources) {
  public ApiResources {
    resources = List.copyOf(resources);
  }

  public static ApiResources of(Object... resources) {
    return new ApiResources(List.of(resources));
  }
}
