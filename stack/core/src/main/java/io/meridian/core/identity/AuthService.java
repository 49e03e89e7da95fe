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

/**
 * Sign-in: the OAuth2 grants of {@code /management/token} and {@code /{org}/{app}/token}. Every
 * password attempt passes the login throttle first, and a failure says the same thing whether the
 * username exists or not (and takes as long: a bcrypt check runs either way).
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
    String key = "management/" + normalized(username);
    throttle.check(key, address);
    if (superuser.named(username)) {
      if (!hasher.matches(password, superuser.passwordHash())) {
        throw failed(key, address);
      }
      throttle.succeeded(key, address);
      return new AdminLogin(
          tokens.issue(PrincipalKind.SUPERUSER, superuser.id(), null, ttl), Optional.empty());
    }
    Optional<AdminUser> admin = management.authenticate(username, password);
    if (admin.isEmpty()) {
      throw failed(key, address);
    }
    throttle.succeeded(key, address);
    return new AdminLogin(tokens.issue(PrincipalKind.ADMIN, admin.get().id(), null, ttl), admin);
  }

  public UserLogin loginUser(
      ApplicationRef application, String username, String password, String address, Duration ttl) {
    String key = application.id() + "/" + normalized(username);
    throttle.check(key, address);
    Optional<StoredEntity> user = users.authenticate(application, username, password);
    if (user.isEmpty()) {
      throw failed(key, address);
    }
    throttle.succeeded(key, address);
    StoredEntity found = user.get();
    return new UserLogin(
        tokens.issue(PrincipalKind.APP_USER, found.uuid(), application.id(), ttl), found);
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
    String key = "client/" + normalized(clientId);
    throttle.check(key, address);
    Principal client;
    try {
      client = clients.authenticate(clientId, clientSecret);
    } catch (MeridianException e) {
      throw failed(key, address);
    }
    boolean fits =
        application == null
            ? client.kind() == PrincipalKind.ORGANIZATION
            : client.scope().equals(application.id())
                || client.scope().equals(application.organizationId());
    if (!fits) {
      throw new MeridianException(
          ErrorCode.UNAUTHORIZED, "These credentials are not valid for this application");
    }
    throttle.succeeded(key, address);
    return new ClientLogin(
        tokens.issue(client.kind(), client.subject(), client.scope(), ttl), client);
  }

  private MeridianException failed(String key, String address) {
    throttle.failed(key, address);
    return new MeridianException(ErrorCode.INVALID_GRANT, "invalid username or password");
  }

  private static String normalized(String login) {
    return login == null ? "" : login.trim().toLowerCase(Locale.ROOT);
  }
}
