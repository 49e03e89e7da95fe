package io.meridian.rest.openapi;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An operation that may answer 429 with {@code Retry-After} (a password check under the login
 * throttle, work charged to the caller's address); {@code value} says when.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ApiThrottled {
  String value();
}
