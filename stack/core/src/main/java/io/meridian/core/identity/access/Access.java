package io.meridian.core.identity.access;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Who may call an operation, declared where the operation is defined (a resource method or its
 * class; the method's wins) and decided by {@link io.meridian.core.identity.RouteAccess}. An
 * operation without a rule is refused to everyone, and a build test walks every route and fails on
 * one without a rule, so no endpoint can forget to say who may call it. The rules are the only list
 * of open operations: the HTTP API reads which paths skip authentication, and which the API
 * document shows without security, from them.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Access {
  Rule value();

  enum Rule {
    /**
     * Anyone, and credentials are not even read: health checks, the API documents and the console's
     * files, which hold no data and stay free of cryptography.
     */
    PUBLIC,
    /** Anyone; credentials, when sent, must be valid: the sign-in endpoints. */
    ANYONE,
    /** Anyone while the operator keeps registration open, else the superuser only. */
    REGISTRATION,
    /**
     * A request inside an application whose path was authorised by {@link RequestAccess}: the
     * caller's permissions for the method and path, or administrators only where the path changes
     * who may do what. Entities in the answer pass the caller's read check.
     */
    APPLICATION,
    /**
     * An administrator of the organization in the {@code {org}} path parameter (its admins, its
     * credentials, the superuser). An unknown organization and one the caller does not administer
     * answer alike.
     */
    ORGANIZATION_ADMIN,
    /** A signed-in admin or the superuser; the operation limits an admin to its own account. */
    ADMIN,
    /** The superuser. */
    SUPERUSER,
    /** A metrics scrape: the operation checks its scrape token, which is not an access token. */
    SCRAPER;

    /** Whether the rule lets a caller in without reading its credentials. */
    public boolean ignoresCredentials() {
      return this == PUBLIC || this == SCRAPER;
    }
  }
}
