package io.meridian.api.route;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The literal paths a resource method serves, for the API document, where its Jersey template is a
 * regular expression that also matches combinations it refuses (the identity sub-resources: {@code
 * /users/{entity}/password} exists, {@code /roles/{entity}/password} does not). Each path must be
 * matched by the method's template; the document test checks that against the running server. On a
 * class, the paths serve every method of it, with a method's own {@code @Path} appended.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface ApiPaths {
  String[] value();
}
