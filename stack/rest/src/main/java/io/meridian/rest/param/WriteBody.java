package io.meridian.rest.param;

import jakarta.ws.rs.QueryParam;

/**
 * What a write of entities takes beside its body: the body's headers and {@code consistency}, still
 * as sent (parsing it is the route's, to refuse it in order).
 */
public class WriteBody extends BodyHeaders {
  @QueryParam("consistency")
  private String consistency;

  public String consistency() {
    return consistency;
  }
}
