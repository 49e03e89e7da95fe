package io.meridian.rest.management;

import io.meridian.api.route.ApiResources;
import io.meridian.core.entity.ApplicationCollections;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.identity.AuthService;
import io.meridian.core.identity.Superuser;
import io.meridian.core.identity.admin.AdminInvitations;
import io.meridian.core.identity.admin.ManagementService;
import io.meridian.core.identity.login.HashingBudget;
import io.meridian.core.identity.login.RegistrationThrottle;
import io.meridian.core.identity.login.SignUpThrottle;
import io.meridian.core.identity.token.ClientCredentials;
import io.meridian.core.identity.token.TokenService;
import io.meridian.rest.api.JsonBodies;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** {@code /management}: admins, organizations, their applications and credentials. */
@Configuration(proxyBeanMethods = false)
public class ManagementApiConfiguration {
  @Bean
  ApiResources managementResources(
      AuthService auth,
      ManagementService management,
      TokenService tokens,
      JsonBodies bodies,
      Superuser superuser,
      AdminInvitations invitations,
      HashingBudget hashingBudget,
      SignUpThrottle signUps) {
    return ApiResources.of(
        new AdminSignInResource(auth, management, tokens, bodies, superuser),
        new ManagementResource(auth, management, tokens, bodies, superuser, hashingBudget, signUps),
        new AdminInvitationResource(management, invitations));
  }

  @Bean
  ApiResources organizationResources(
      ManagementService management,
      ClientCredentials credentials,
      JsonBodies bodies,
      AdminInvitations invitations,
      EntityStore store,
      RegistrationThrottle registrations,
      ApplicationCollections collections) {
    return ApiResources.of(
        new OrganizationResource(
            management, credentials, bodies, store, registrations, collections),
        new OrganizationAdminResource(management, bodies, invitations, registrations));
  }
}
