package io.meridian.core.identity;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.admin.AdminUser;
import io.meridian.core.identity.admin.ManagementService;
import io.meridian.core.identity.login.LoginThrottle;
import io.meridian.core.identity.token.ClientCredentials;
import io.meridian.core.identity.token.TokenService;
import io.meridian.core.identity.user.UserService;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * Sign-in: the OAuth2 grants of {@code /management/token} and {@code /{org}/{app}/token}, and every
 * other check of a password (the old one of a password change). Each passes the login throttle
 * first, keyed by the account the login names (its uuid), so that its username, its email and its
 * uuid share one count; a login that names nobody is keyed by what was typed, throttled the same
 * way, and fails with the same message after the same bcrypt work.
 *
 * <p>Client credentials are checked before any throttle, and a right secret always gets its token:
 * a secret is 160 bits compared in constant time, so there is nothing to slow down. Wrong secrets
 * are counted per client id and client address only ({@link LoginThrottle#failedSecret}), never
 * against the address as a whole, so one client's wrong secret locks out neither other clients
 * behind the same address nor the holder of the secret.
 */
public final class AuthService {
  private final TokenService tokens;
  private final ClientCredentials clients;
  private final ManagementService management;
  private final UserService users;
  private final PasswordHasher hasher;
  private final LoginThrottle throttle;
  private final Superuser superuser;

  public AuthService(
      TokenService tokens,
      ClientCredentials clients,
      ManagementService management,
      UserService users,
      PasswordHasher hasher,
      LoginThrottle throttle,
      Superuser superuser) {
    this.tokens = tokens;
    this.clients = clients;
    this.management = management;
    this.users = users;
    this.hasher = hasher;
    this.throttle = throttle;
    this.superuser = superuser;
  }

  /** An admin's (or the superuser's) sign-in; {@code admin} is empty for the superuser. */
  public record AdminLogin(TokenService.Issued token, Optional<AdminUser> admin) {}

  public record UserLogin(TokenService.Issued token, StoredEntity user) {}

  public record ClientLogin(TokenService.Issued token, Principal client) {}

  public AdminLogin loginAdmin(String username, String password, String address, Duration ttl) {
    if (superuser.named(username)) {
      String key = adminKey(superuser.id());
      throttle.check(key, address);
      if (!hasher.matches(password, superuser.passwordHash())) {
        throw failed(key, address);
      }
      throttle.succeeded(key, address);
      return new AdminLogin(
          tokens.issue(PrincipalKind.SUPERUSER, superuser.id(), null, ttl), Optional.empty());
    }
    Optional<AdminUser> admin = management.adminForLogin(username);
    String key =
        admin.map(found -> adminKey(found.id())).orElse("management/login:" + typed(username));
    throttle.check(key, address);
    if (!management.passwordMatches(admin, password)) {
      throw failed(key, address);
    }
    throttle.succeeded(key, address);
    return new AdminLogin(tokens.issue(PrincipalKind.ADMIN, admin.get().id(), null, ttl), admin);
  }

  /**
   * The superuser's username and password sent with a request itself (HTTP Basic on {@code
   * /system}, as Usergrid's operator tools send them): checked exactly as {@link #loginAdmin}
   * checks them, under the same throttle and key, and no token is issued. Any other name is refused
   * as an unknown one (the same key, the same bcrypt work, the same answer), so these routes
   * neither tell which admins exist nor count guesses against an admin's own sign-in.
   */
  public Principal authenticateSuperuser(String username, String password, String address) {
    if (!superuser.named(username)) {
      String key = "management/login:" + typed(username);
      throttle.check(key, address);
      hasher.matches(password, null);
      throw refusedCredentials(key, address);
    }
    String key = adminKey(superuser.id());
    throttle.check(key, address);
    if (!hasher.matches(password, superuser.passwordHash())) {
      throw refusedCredentials(key, address);
    }
    throttle.succeeded(key, address);
    return new Principal(PrincipalKind.SUPERUSER, superuser.id(), null, null);
  }

  public UserLogin loginUser(
      ApplicationRef application, String username, String password, String address, Duration ttl) {
    Optional<StoredEntity> user = users.find(application, username);
    String key =
        user.map(found -> userKey(application, found.uuid()))
            .orElse(application.id() + "/login:" + typed(username));
    throttle.check(key, address);
    if (!users.passwordMatches(application, user, password)) {
      throw failed(key, address);
    }
    throttle.succeeded(key, address);
    StoredEntity found = user.get();
    // Said only to who gave the right password: no one else learns an account is switched off.
    if (!UserService.isActivated(found)) {
      throw new MeridianException(
          ErrorCode.UNACTIVATED_APP_USER, "This user is deactivated and cannot sign in");
    }
    return new UserLogin(
        tokens.issue(PrincipalKind.APP_USER, found.uuid(), application.id(), ttl), found);
  }

  /**
   * Sets an app user's password. Unless an administrator asks, the old password must be given and
   * right, and is checked as a sign-in: under the user's lock, counted as a failure when wrong.
   */
  public void changeUserPassword(
      ApplicationRef application,
      StoredEntity user,
      String oldPassword,
      String newPassword,
      Requester requester) {
    if (!requester.administrator()) {
      // A new password that would be refused anyway costs no guess and no bcrypt work.
      hasher.requireAcceptable(newPassword);
      requireOldPassword(oldPassword);
      String key = userKey(application, user.uuid());
      throttle.check(key, requester.address());
      if (!users.passwordMatches(application, Optional.of(user), oldPassword)) {
        throttle.failed(key, requester.address());
        // Usergrid's code for this, which its SDKs check.
        throw new MeridianException(
            ErrorCode.AUTH_INVALID_USERNAME_OR_PASSWORD, "The old password is not right");
      }
      throttle.succeeded(key, requester.address());
    }
    users.setPassword(application, user, newPassword, requester);
  }

  /** Sets an admin's password; the old one is checked as a sign-in, as for an app user. */
  public void changeAdminPassword(
      AdminUser admin, String oldPassword, String newPassword, String address) {
    hasher.requireAcceptable(newPassword);
    requireOldPassword(oldPassword);
    String key = adminKey(admin.id());
    throttle.check(key, address);
    if (!management.passwordMatches(Optional.of(admin), oldPassword)) {
      throw wrongOldPassword(key, address);
    }
    throttle.succeeded(key, address);
    management.setPassword(admin, newPassword);
  }

  /**
   * A token for client credentials. At an application's endpoint they must be that application's or
   * its organization's; at the management endpoint ({@code application} null), an organization's.
   */
  public ClientLogin loginClient(
      String clientId,
      String clientSecret,
      ApplicationRef application,
      String address,
      Duration ttl) {
    Principal client = grantClient(clientId, clientSecret, address);
    boolean fits =
        application == null
            ? client.kind() == PrincipalKind.ORGANIZATION
            : client.scope().equals(application.id())
                || client.scope().equals(application.organizationId());
    if (!fits) {
      throw notForThisApplication();
    }
    return new ClientLogin(
        tokens.issue(client.kind(), client.subject(), client.scope(), ttl), client);
  }

  /**
   * A sign-in at an application that does not exist, refused exactly as an existing one refuses it,
   * so that the token endpoint does not tell which applications exist: a password as an unknown
   * user's (the same throttle, the same bcrypt work, the same answer), client credentials as wrong
   * ones or as another application's. Always throws.
   */
  public MeridianException refuseAtMissingApplication(
      String organization,
      String application,
      boolean passwordGrant,
      String login,
      String secret,
      String address) {
    if (passwordGrant) {
      String key = organization + "/" + application + "/login:" + typed(login);
      throttle.check(key, address);
      hasher.matches(secret, null);
      return failed(key, address);
    }
    grantClient(login, secret, address);
    return notForThisApplication();
  }

  /**
   * The application or organization whose client credentials an ordinary request carries (not a
   * grant at a token endpoint). A wrong secret counts exactly as at the token endpoints, under the
   * client id at this address ({@link LoginThrottle#failedSecret}), so guesses spread over both
   * share one count: 401 {@code unauthorized}, or 429 once that pair is locked. A right secret is
   * never refused.
   */
  public Principal authenticateClient(String clientId, String clientSecret, String address) {
    try {
      return clients.authenticate(clientId, clientSecret);
    } catch (MeridianException e) {
      if (address != null && !address.isBlank()) {
        throttle.failedSecret(typed(clientId), address);
      }
      throw e;
    }
  }

  private Principal grantClient(String clientId, String clientSecret, String address) {
    try {
      return clients.authenticate(clientId, clientSecret);
    } catch (MeridianException e) {
      throttle.failedSecret(typed(clientId), address);
      throw new MeridianException(ErrorCode.INVALID_GRANT, "invalid username or password");
    }
  }

  private static MeridianException notForThisApplication() {
    return new MeridianException(
        ErrorCode.UNAUTHORIZED, "These credentials are not valid for this application");
  }

  private MeridianException failed(String key, String address) {
    throttle.failed(key, address);
    return new MeridianException(ErrorCode.INVALID_GRANT, "invalid username or password");
  }

  /** Credentials sent with a request (not a grant): a 401, counted as a failed sign-in. */
  private MeridianException refusedCredentials(String key, String address) {
    throttle.failed(key, address);
    return new MeridianException(ErrorCode.UNAUTHORIZED, "invalid username or password");
  }

  private MeridianException wrongOldPassword(String key, String address) {
    throttle.failed(key, address);
    return new MeridianException(ErrorCode.INVALID_GRANT, "The old password is not right");
  }

  /** A missing old password is not a guess: refused without counting against the account. */
  private static void requireOldPassword(String oldPassword) {
    if (oldPassword == null) {
      throw new MeridianException(ErrorCode.INVALID_GRANT, "The old password is required");
    }
  }

  /** An app user's throttling key: the same whichever of its logins was typed. */
  private static String userKey(ApplicationRef application, UUID user) {
    return application.id() + "/user:" + user;
  }

  /** An admin's (or the superuser's) throttling key. */
  private static String adminKey(UUID admin) {
    return "management/admin:" + admin;
  }

  private static String typed(String login) {
    return login == null ? "" : login.trim().toLowerCase(Locale.ROOT);
  }
}
