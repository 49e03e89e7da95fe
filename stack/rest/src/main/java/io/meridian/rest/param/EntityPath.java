package io.meridian.rest.param;

import jakarta.ws.rs.PathParam;

/** {@code /{org}/{app}/{collection}/{entity}}: one entity, by uuid or name. */
public class EntityPath extends CollectionPath {
  @PathParam("entity")
  private String entity;

  public String entity() {
    return entity;
  }
}
