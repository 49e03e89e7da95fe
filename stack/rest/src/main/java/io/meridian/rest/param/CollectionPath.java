package io.meridian.rest.param;

import jakarta.ws.rs.PathParam;

/**
 * {@code /{org}/{app}/{collection}}, the collection as text: a route that reads Usergrid's matrix
 * parameters on the segment takes it as a {@code PathSegment} beside an {@link AppPath} instead.
 */
public class CollectionPath extends AppPath {
  @PathParam("collection")
  private String collection;

  public String collection() {
    return collection;
  }
}
