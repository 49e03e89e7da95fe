package io.meridian.rest.openapi;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A sign-in: it answers a token ({@code Token} in the document) rather than the envelope, and 429
 * with {@code Retry-After} once the login throttle holds the account or the address.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ApiSignIn {}
