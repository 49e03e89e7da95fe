package io.meridian.rest.app;

import io.meridian.api.route.ApiResources;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.entity.EntityService;
import io.meridian.core.identity.AuthService;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.access.Memberships;
import io.meridian.core.identity.access.RequestAccess;
import io.meridian.core.identity.access.RoleService;
import io.meridian.core.identity.token.TokenService;
import io.meridian.core.identity.user.UserService;
import io.meridian.rest.access.PermissionSimulator;
import io.meridian.rest.api.JsonBodies;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * An application's identity: sign-in, users' credentials, permissions, memberships, and the
 * permission simulator.
 */
@Configuration(proxyBeanMethods = false)
public class IdentityApiConfiguration {
  @Bean
  IdentityTargets identityTargets(
      ApplicationService applications, EntityService entities, UserService users) {
    return new IdentityTargets(applications, entities, users);
  }

  @Bean
  ApiResources identityResources(
      ApplicationService applications,
      IdentityTargets targets,
      AuthService auth,
      AccessControl access,
      TokenService tokens,
      RoleService roles,
      UserService users,
      JsonBodies bodies) {
    return ApiResources.of(
        new TokenResource(applications, auth, bodies),
        new UserCredentialsResource(targets, auth, access, tokens, bodies),
        new UserActivationResource(targets, access, users),
        new PermissionsResource(targets, roles, bodies));
  }

  @Bean
  ApiResources membershipResources(
      ApplicationService applications,
      IdentityTargets targets,
      EntityService entities,
      Memberships memberships,
      RequestAccess requests,
      AccessControl access,
      UserService users) {
    return ApiResources.of(
        new AccessSimulatorResource(
            applications, new PermissionSimulator(requests, access, users), entities),
        new MembershipResource(targets, memberships));
  }
}
