package io.meridian.testing;

import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.MissingNames;
import io.meridian.core.identity.AuthService;
import io.meridian.core.identity.PasswordHasher;
import io.meridian.core.identity.Superuser;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.access.GrantCleanup;
import io.meridian.core.identity.access.RoleService;
import io.meridian.core.identity.admin.ManagementService;
import io.meridian.core.identity.login.HashingBudget;
import io.meridian.core.identity.login.LoginThrottle;
import io.meridian.core.identity.login.SignUpThrottle;
import io.meridian.core.identity.login.ThrottlePolicy;
import io.meridian.core.identity.token.AccessEvent;
import io.meridian.core.identity.token.AccessFeed;
import io.meridian.core.identity.token.ClientCredentials;
import io.meridian.core.identity.token.TokenCodec;
import io.meridian.core.identity.token.TokenService;
import io.meridian.core.identity.user.UserCleanup;
import io.meridian.core.identity.user.UserService;
import io.meridian.testing.app.MemoryApplicationStore;
import io.meridian.testing.identity.access.MemoryGrantStore;
import io.meridian.testing.identity.admin.MemoryAdminStore;
import io.meridian.testing.identity.admin.MemoryOrganizationStore;
import io.meridian.testing.identity.login.MemoryLoginFailureStore;
import io.meridian.testing.identity.token.MemoryAccessEventStore;
import io.meridian.testing.identity.token.MemoryTokenSubjectStore;
import io.meridian.testing.identity.user.MemoryUserCredentialStore;
import java.time.Duration;

/**
 * The identity use cases (users, admins and organizations, roles, access control, sign-in) wired on
 * in-memory stores over a {@link MemoryCore}, with the user and grant cleanups among its write
 * observers. Passwords are hashed with bcrypt's lowest cost (a millisecond each) and need 8
 * characters; the throttles allow 3 free failures per account and 10 per address, then lock for a
 * minute, doubling up to 15; an address may hash 20 passwords at once and sign up 5 users an hour.
 * The access feed is never started: a test that wants another node's view polls it, and {@link
 * #access} keeps the permissions it computed until then (grant before the first check).
 */
public final class MemoryIdentity {
  public static final int MIN_PASSWORD_LENGTH = 8;
  public static final int MAX_PASSWORDS_PER_REQUEST = 10;

  public final MemoryCore core;
  public final MemoryTokenSubjectStore subjects;
  public final MemoryAccessEventStore events;
  public final AccessFeed feed;
  public final TokenCodec codec = new TokenCodec(new byte[32]);
  public final TokenService tokens;
  public final ClientCredentials clients;
  public final PasswordHasher hasher = new PasswordHasher(4, MIN_PASSWORD_LENGTH);
  public final MemoryUserCredentialStore credentials = new MemoryUserCredentialStore();
  public final MemoryGrantStore grants = new MemoryGrantStore();
  public final RoleService roles;
  public final AccessControl access;
  public final MemoryApplicationStore applicationStore = new MemoryApplicationStore();
  public final MissingNames missingNames;
  public final ApplicationService applications;
  public final MemoryOrganizationStore organizations = new MemoryOrganizationStore();
  public final MemoryAdminStore admins;
  public final ManagementService management;
  public final MemoryLoginFailureStore failures;
  public final HashingBudget budget;
  public final SignUpThrottle signUps;
  public final LoginThrottle throttle;
  public final UserService users;
  public final AuthService auth;

  public MemoryIdentity(MemoryCore core) {
    this(core, Superuser.DISABLED);
  }

  public MemoryIdentity(MemoryCore core, Superuser superuser) {
    this.core = core;
    this.admins = new MemoryAdminStore(core.clock);
    this.subjects = new MemoryTokenSubjectStore(core.clock);
    this.events = new MemoryAccessEventStore(core.ids);
    this.feed =
        new AccessFeed(
            events,
            core.clock,
            Duration.ofMillis(200),
            Duration.ofSeconds(10),
            Duration.ofSeconds(1));
    this.tokens =
        new TokenService(
            codec, subjects, feed, core.clock, Duration.ofHours(1), Duration.ofDays(7), superuser);
    this.clients = new ClientCredentials(codec, tokens);
    this.roles = new RoleService(core.entities, grants, feed);
    this.access = new AccessControl(grants, roles, organizations, feed);
    this.missingNames = new MissingNames(Duration.ofSeconds(2), 1_000, core.clock);
    this.applications = new ApplicationService(applicationStore, core.ids, missingNames);
    feed.subscribe(
        event -> {
          if (event.kind() == AccessEvent.Kind.NAME_REGISTERED) {
            missingNames.registered(event.target());
          }
        });
    this.management =
        new ManagementService(
            organizations, admins, applications, roles, hasher, tokens, feed, core.ids);
    this.failures = new MemoryLoginFailureStore(core.clock);
    this.budget = new HashingBudget(20, 60, core.clock);
    this.signUps = new SignUpThrottle(failures, core.clock, 5, Duration.ofHours(1));
    ThrottlePolicy perAccount =
        new ThrottlePolicy(
            3, Duration.ofMinutes(15), Duration.ofMinutes(1), Duration.ofMinutes(15));
    ThrottlePolicy perAddress =
        new ThrottlePolicy(
            10, Duration.ofMinutes(15), Duration.ofMinutes(1), Duration.ofMinutes(15));
    this.throttle =
        new LoginThrottle(failures, core.clock, perAccount, perAddress, Duration.ofDays(30));
    this.users =
        new UserService(
            core.entities,
            core.store,
            credentials,
            hasher,
            tokens,
            core.ids,
            budget,
            signUps,
            MAX_PASSWORDS_PER_REQUEST);
    this.auth = new AuthService(tokens, clients, management, users, hasher, throttle, superuser);
    core.observers.add(new UserCleanup(core.store, credentials, tokens));
    core.observers.add(new GrantCleanup(grants, feed));
  }
}
