package io.meridian.server.identity;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.identity.AuthService;
import io.meridian.core.identity.PasswordHasher;
import io.meridian.core.identity.Superuser;
import io.meridian.core.identity.access.RoleService;
import io.meridian.core.identity.admin.AdminInvitations;
import io.meridian.core.identity.admin.CassandraAdminStore;
import io.meridian.core.identity.admin.CassandraInvitationStore;
import io.meridian.core.identity.admin.ManagementService;
import io.meridian.core.identity.admin.OrganizationStore;
import io.meridian.core.identity.login.CassandraLoginFailureStore;
import io.meridian.core.identity.login.HashingBudget;
import io.meridian.core.identity.login.LoginThrottle;
import io.meridian.core.identity.login.RegistrationThrottle;
import io.meridian.core.identity.login.SignUpThrottle;
import io.meridian.core.identity.login.ThrottlePolicy;
import io.meridian.core.identity.token.AccessFeed;
import io.meridian.core.identity.token.ClientCredentials;
import io.meridian.core.identity.token.TokenService;
import io.meridian.core.identity.user.CassandraUserCredentialStore;
import io.meridian.core.identity.user.UserCleanup;
import io.meridian.core.identity.user.UserCredentialStore;
import io.meridian.core.identity.user.UserService;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** App users, admins and organizations, and signing in: passwords, throttles, invitations. */
@Configuration(proxyBeanMethods = false)
class IdentityConfiguration {
  @Bean
  PasswordHasher passwordHasher(IdentityProperties identity) {
    return new PasswordHasher(identity.bcryptStrength(), identity.passwordMinLength());
  }

  @Bean
  HashingBudget hashingBudget(Clock clock, IdentityProperties identity) {
    return new HashingBudget(
        identity.hashing().perAddressBurst(), identity.hashing().perAddressPerMinute(), clock);
  }

  @Bean
  SignUpThrottle signUpThrottle(CqlSession session, Clock clock, IdentityProperties identity) {
    return new SignUpThrottle(
        new CassandraLoginFailureStore(session),
        clock,
        identity.signUps().perAddress(),
        identity.signUps().window(),
        identity.signUps().burst(),
        identity.signUps().burstWindow());
  }

  @Bean
  RegistrationThrottle registrationThrottle(
      CqlSession session, Clock clock, IdentityProperties identity) {
    return new RegistrationThrottle(
        new CassandraLoginFailureStore(session),
        clock,
        identity.registrations().perAddress(),
        identity.registrations().window(),
        identity.invitations().perInviter(),
        identity.invitations().perAddress(),
        identity.invitations().window());
  }

  @Bean
  UserCredentialStore userCredentialStore(CqlSession session) {
    return new CassandraUserCredentialStore(session);
  }

  /** Observes every entity write (see the entity configuration's observers). */
  @Bean
  UserCleanup userCleanup(EntityStore store, UserCredentialStore credentials, TokenService tokens) {
    return new UserCleanup(store, credentials, tokens);
  }

  @Bean
  UserService userService(
      UserCredentialStore credentials,
      EntityService entities,
      EntityStore store,
      PasswordHasher hasher,
      TokenService tokens,
      IdGenerator ids,
      HashingBudget budget,
      SignUpThrottle signUps,
      IdentityProperties identity) {
    return new UserService(
        entities,
        store,
        credentials,
        hasher,
        tokens,
        ids,
        budget,
        signUps,
        identity.hashing().maxPasswordsPerRequest());
  }

  @Bean
  ManagementService managementService(
      CqlSession session,
      OrganizationStore organizations,
      ApplicationService applications,
      RoleService roles,
      PasswordHasher hasher,
      TokenService tokens,
      AccessFeed feed,
      IdGenerator ids) {
    return new ManagementService(
        organizations,
        new CassandraAdminStore(session),
        applications,
        roles,
        hasher,
        tokens,
        feed,
        ids);
  }

  @Bean
  AdminInvitations adminInvitations(
      CqlSession session, ManagementService management, Clock clock, IdentityProperties identity) {
    return new AdminInvitations(
        new CassandraInvitationStore(session), management, clock, identity.invitationTtl());
  }

  @Bean
  LoginThrottle loginThrottle(CqlSession session, Clock clock, IdentityProperties identity) {
    IdentityProperties.Throttle throttle = identity.throttle();
    return new LoginThrottle(
        new CassandraLoginFailureStore(session),
        clock,
        new ThrottlePolicy(
            throttle.userFreeFailures(),
            throttle.window(),
            throttle.baseDelay(),
            throttle.maxDelay()),
        new ThrottlePolicy(
            throttle.addressFreeFailures(),
            throttle.window(),
            throttle.baseDelay(),
            throttle.maxDelay()),
        throttle.knownAddressFor());
  }

  @Bean
  AuthService authService(
      TokenService tokens,
      ClientCredentials clients,
      ManagementService management,
      UserService users,
      PasswordHasher hasher,
      LoginThrottle logins,
      Superuser superuser) {
    return new AuthService(tokens, clients, management, users, hasher, logins, superuser);
  }
}
