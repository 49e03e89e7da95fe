package io.meridian.rest.openapi;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The body a resource method reads, by the name of its schema in the API document's components
 * ({@link ApiSchemas}). Resources read bodies as streams, so their Java signature cannot say; a
 * method that reads a body without this annotation fails the document at start.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ApiBody {
  String value();

  /** Whether a form ({@code application/x-www-form-urlencoded}) is accepted as well as JSON. */
  boolean form() default false;

  boolean required() default true;
}
