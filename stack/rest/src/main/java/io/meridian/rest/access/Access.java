package io.meridian.rest.access;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Who may call a resource method, declared on the method or its class (the method's wins) and
 * enforced by {@link DeclaredAccessFilter} once the request is matched. A method without a rule is
 * refused to everyone, and a build test walks every route and fails on one without a rule, so no
 * endpoint can forget to say who may call it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Access {
  Rule value();

  enum Rule {
    /** Anyone, without credentials: health checks, the API document, the sign-in endpoints. */
    ANYONE,
    /**
     * A request inside an application whose path {@link AccessFilter} authorised: the caller's
     * permissions for the method and path, or administrators only where the path changes who may do
     * what. Entities in the answer pass the caller's read check ({@link Caller#visibility()}).
     */
    APPLICATION,
    /**
     * An administrator of the organization in the {@code {org}} path parameter (its admins, its
     * credentials, the superuser). An unknown organization and one the caller does not administer
     * answer alike.
     */
    ORGANIZATION_ADMIN,
    /** A signed-in admin or the superuser; the resource limits an admin to its own account. */
    ADMIN,
    /** The superuser. */
    SUPERUSER,
    /** A metrics scrape: the resource checks its scrape token, which is not an access token. */
    SCRAPER
  }
}
