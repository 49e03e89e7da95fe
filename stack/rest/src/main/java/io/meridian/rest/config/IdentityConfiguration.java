package io.meridian.rest.config;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.identity.AuthService;
import io.meridian.core.identity.PasswordHasher;
import io.meridian.core.identity.Superuser;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.access.CassandraGrantStore;
import io.meridian.core.identity.access.CassandraRoleGrantMigration;
import io.meridian.core.identity.access.GrantCleanup;
import io.meridian.core.identity.access.GrantStore;
import io.meridian.core.identity.access.RoleService;
import io.meridian.core.identity.admin.AdminInvitations;
import io.meridian.core.identity.admin.CassandraAdminStore;
import io.meridian.core.identity.admin.CassandraInvitationStore;
import io.meridian.core.identity.admin.CassandraOrganizationStore;
import io.meridian.core.identity.admin.ManagementService;
import io.meridian.core.identity.admin.OrganizationStore;
import io.meridian.core.identity.login.CassandraLoginFailureStore;
import io.meridian.core.identity.login.HashingBudget;
import io.meridian.core.identity.login.LoginThrottle;
import io.meridian.core.identity.login.SignUpThrottle;
import io.meridian.core.identity.login.ThrottlePolicy;
import io.meridian.core.identity.token.AccessEvent;
import io.meridian.core.identity.token.AccessFeed;
import io.meridian.core.identity.token.CassandraAccessEventStore;
import io.meridian.core.identity.token.CassandraTokenSubjectStore;
import io.meridian.core.identity.token.ClientCredentials;
import io.meridian.core.identity.token.TokenCodec;
import io.meridian.core.identity.token.TokenService;
import io.meridian.core.identity.user.CassandraUserCredentialStore;
import io.meridian.core.identity.user.UserCleanup;
import io.meridian.core.identity.user.UserCredentialStore;
import io.meridian.core.identity.user.UserService;
import io.meridian.core.secret.SecretStore;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Identity and access, wired to their Cassandra stores. */
@Configuration(proxyBeanMethods = false)
class IdentityConfiguration {
  private static final Logger LOG = LoggerFactory.getLogger(IdentityConfiguration.class);
  private static final String TOKEN_KEY = "token-hmac-key";
  private static final String SUPERUSER_KEY = "superuser-binding-key";

  @Bean(destroyMethod = "close")
  AccessFeed accessFeed(
      CqlSession session,
      IdGenerator ids,
      Clock clock,
      IdentityProperties identity,
      ApplicationService applications) {
    AccessFeed feed =
        new AccessFeed(
            new CassandraAccessEventStore(session, ids),
            clock,
            identity.feedInterval(),
            identity.feedLookback(),
            identity.feedMaxStaleness());
    // Only a deletion changes what the registry caches; grant changes leave it alone.
    feed.subscribe(
        event -> {
          if (event.kind() == AccessEvent.Kind.APPLICATION_DELETED) {
            applications.forget(event.target());
          }
        });
    return feed;
  }

  /** Polling starts once every singleton, so every listener, exists, before requests arrive. */
  @Bean
  SmartInitializingSingleton accessFeedStart(AccessFeed feed) {
    return feed::start;
  }

  /**
   * Grants an older version stored by role name move to role uuids once per cluster, before any
   * request is served.
   */
  @Bean
  SmartInitializingSingleton roleGrantMigration(
      CqlSession session,
      GrantStore grants,
      RoleService roles,
      ApplicationService applications,
      AccessFeed feed) {
    return () ->
        new CassandraRoleGrantMigration(session, grants, roles, applications::find, feed).runOnce();
  }

  @Bean
  GrantStore grantStore(CqlSession session) {
    return new CassandraGrantStore(session);
  }

  @Bean
  TokenCodec tokenCodec(SecretStore secrets, IdentityProperties identity) {
    IdentityProperties.TokenKeys keys = identity.tokenKeys();
    byte[] original = secrets.obtain(TOKEN_KEY, 32);
    Map<Integer, byte[]> accepted = new HashMap<>();
    for (int id : keys.accepted()) {
      accepted.put(id, tokenKey(secrets, original, id));
    }
    accepted.put(keys.current(), tokenKey(secrets, original, keys.current()));
    return new TokenCodec(original, accepted, keys.current());
  }

  /** Key 1 is the original key; key n is the cluster secret {@code token-hmac-key-n}. */
  private static byte[] tokenKey(SecretStore secrets, byte[] original, int id) {
    if (id < 1 || id > TokenCodec.MAX_KEY_ID) {
      throw new IllegalArgumentException(
          "meridian.identity.token-keys: a key id is 1 to "
              + TokenCodec.MAX_KEY_ID
              + ", got "
              + id);
    }
    return id == TokenCodec.ORIGINAL_KEY ? original : secrets.obtain(TOKEN_KEY + "-" + id, 32);
  }

  @Bean
  TokenService tokenService(
      TokenCodec codec,
      CqlSession session,
      AccessFeed feed,
      Clock clock,
      IdentityProperties identity,
      Superuser superuser) {
    return new TokenService(
        codec,
        new CassandraTokenSubjectStore(session),
        feed,
        clock,
        identity.tokenTtl(),
        identity.maxTokenTtl(),
        superuser);
  }

  @Bean
  ClientCredentials clientCredentials(TokenCodec codec, TokenService tokens) {
    return new ClientCredentials(codec, tokens);
  }

  @Bean
  PasswordHasher passwordHasher(IdentityProperties identity) {
    return new PasswordHasher(identity.bcryptStrength(), identity.passwordMinLength());
  }

  @Bean
  OrganizationStore organizationStore(CqlSession session) {
    return new CassandraOrganizationStore(session);
  }

  @Bean
  AccessControl accessControl(
      GrantStore grants, RoleService roles, OrganizationStore organizations, AccessFeed feed) {
    return new AccessControl(grants, roles, organizations, feed);
  }

  /** Observes every entity write (see {@link ServiceConfiguration#entityService}). */
  @Bean
  GrantCleanup grantCleanup(GrantStore grants, AccessFeed feed) {
    return new GrantCleanup(grants, feed);
  }

  @Bean
  RoleService roleService(GrantStore grants, EntityService entities, AccessFeed feed) {
    return new RoleService(entities, grants, feed);
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
        identity.signUps().window());
  }

  @Bean
  UserCredentialStore userCredentialStore(CqlSession session) {
    return new CassandraUserCredentialStore(session);
  }

  /** Observes every entity write (see {@link ServiceConfiguration#entityService}). */
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

  /**
   * From configuration; generated and printed once in the embedded profile; else none. Its tokens
   * are bound to what is configured here (see {@link Superuser}).
   */
  @Bean
  Superuser superuser(
      SecretStore secrets,
      IdentityProperties identity,
      EmbeddedProperties embedded,
      PasswordHasher hasher,
      StartupProgress progress) {
    String username = identity.superuserUsername();
    String hash = identity.superuserPasswordHash();
    if (hash != null && !hash.isBlank()) {
      return Superuser.configured(username, hash, hash, secrets.obtain(SUPERUSER_KEY, 32));
    }
    String configured = identity.superuserPassword();
    if (configured != null && !configured.isBlank()) {
      return Superuser.configured(
          username, hasher.hash(configured), configured, secrets.obtain(SUPERUSER_KEY, 32));
    }
    if (!embedded.enabled()) {
      LOG.info("No superuser is configured (meridian.identity.superuser-password)");
      return Superuser.DISABLED;
    }
    byte[] random = new byte[18];
    new SecureRandom().nextBytes(random);
    String password = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    // Shown on the console only: a password must not be in a log file.
    progress.showWhenReady(
        "  superuser for this run: username '"
            + username
            + "', password '"
            + password
            + "' (generated; set meridian.identity.superuser-password to choose one)");
    LOG.info(
        "Generated a superuser password for this run (shown on standard output, not logged)."
            + " Set meridian.identity.superuser-password to choose one.");
    return Superuser.configured(
        username, hasher.hash(password), password, secrets.obtain(SUPERUSER_KEY, 32));
  }
}
