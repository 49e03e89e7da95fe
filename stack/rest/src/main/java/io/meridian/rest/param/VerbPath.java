package io.meridian.rest.param;

import jakarta.ws.rs.PathParam;

/**
 * {@code /{org}/{app}/{collection}/{entity}/{verb}}: what lies under an entity, a connection's verb
 * or the name of a sub-resource ({@code roles}, {@code password}).
 */
public class VerbPath extends EntityPath {
  @PathParam("verb")
  private String verb;

  public String verb() {
    return verb;
  }
}
