package io.meridian.rest.openapi;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An operation that refuses some requests with a status the document does not give every operation
 * (a {@code DELETE} of a collection without a query is 405); {@code value} says when.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ApiRefused {
  int status();

  String value();
}
