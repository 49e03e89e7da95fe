package io.meridian.api.route;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Where a resource class belongs in the API document. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ApiPart {
  /** The prefix of its operation ids: {@code entity} gives {@code entity_get}. */
  String id();

  /** The group it is listed under. */
  String tag();

  /** Whether callers without a token may be served (as the application's guest role). */
  boolean guests() default false;
}
