package io.meridian.core.identity.user;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.PasswordHasher;
import io.meridian.core.identity.Requester;
import io.meridian.core.identity.login.HashingBudget;
import io.meridian.core.identity.login.SignUpThrottle;
import io.meridian.core.identity.token.TokenService;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * App users: entities of the {@code users} collection whose {@code username} is unique (the
 * collection's alias), whose {@code email} is unique too, and whose password is hashed into the
 * {@link UserCredentialStore} and never kept in, or returned with, the entity.
 *
 * <p>Emails are claimed in the unique-name table under a collection name no path can reach ({@code
 * users:email}) before the entity is written, and released if the write fails ({@link UserEmails}).
 */
public final class UserService {
  public static final CollectionName USERS = CollectionName.of("users");

  /** The property that says whether a user may sign in (Usergrid's); true unless deactivated. */
  static final String ACTIVATED = "activated";

  private final EntityService entities;
  private final UserEmails emails;
  private final UserCredentialStore credentials;
  private final PasswordHasher hasher;
  private final TokenService tokens;
  private final IdGenerator ids;
  private final HashingBudget budget;
  private final SignUpThrottle signUps;
  private final int maxPasswordsPerRequest;

  public UserService(
      EntityService entities,
      EntityStore store,
      UserCredentialStore credentials,
      PasswordHasher hasher,
      TokenService tokens,
      IdGenerator ids,
      HashingBudget budget,
      SignUpThrottle signUps,
      int maxPasswordsPerRequest) {
    if (maxPasswordsPerRequest < 1 || maxPasswordsPerRequest > budget.burst()) {
      throw new IllegalArgumentException(
          "Passwords per request must be between 1 and the hashing budget's burst ("
              + budget.burst()
              + "), got "
              + maxPasswordsPerRequest);
    }
    this.ids = ids;
    this.entities = entities;
    this.emails = new UserEmails(entities, store);
    this.credentials = credentials;
    this.hasher = hasher;
    this.tokens = tokens;
    this.budget = budget;
    this.signUps = signUps;
    this.maxPasswordsPerRequest = maxPasswordsPerRequest;
  }

  /**
   * Creates users; each body needs a {@code username}, may carry {@code email} and password.
   *
   * <p>The whole batch is validated before any password is hashed, so a bad body costs no bcrypt
   * work; then a batch with more than {@code maxPasswordsPerRequest} passwords is refused, and one
   * sent by anyone but an administrator is charged to its address: each password to the {@link
   * HashingBudget}, each user to the {@link SignUpThrottle}.
   */
  public List<StoredEntity> create(
      ApplicationRef application,
      List<JsonNode> bodies,
      WriteOptions options,
      Requester requester) {
    List<JsonNode> properties = new ArrayList<>(bodies.size());
    List<String> passwords = new ArrayList<>(bodies.size());
    for (JsonNode body : bodies) {
      if (body == null || !body.isObject()) {
        throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "A user must be a JSON object");
      }
      ObjectNode copy = ((ObjectNode) body).deepCopy();
      JsonNode password = copy.remove("password");
      JsonNode username = copy.get("username");
      if (username == null || !username.isTextual() || username.asText().isBlank()) {
        throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "A user needs a username");
      }
      UserEmails.of(copy).ifPresent(UserEmails::requireValid);
      activatedByDefault(copy);
      String plain = password == null || password.isNull() ? null : text(password);
      if (plain != null) {
        hasher.requireAcceptable(plain);
      }
      passwords.add(plain);
      properties.add(copy);
    }
    entities.validate(USERS, properties);
    UserEmails.requireDistinct(properties);
    int hashed = (int) passwords.stream().filter(Objects::nonNull).count();
    if (hashed > maxPasswordsPerRequest) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "Create at most " + maxPasswordsPerRequest + " users with a password per request");
    }
    if (!requester.administrator()) {
      budget.charge(requester.address(), hashed);
      signUps.admit(requester.address(), properties.size());
    }
    List<String> hashes =
        passwords.stream().map(plain -> plain == null ? null : hasher.hash(plain)).toList();
    // Claimed for a provisional holder first: the users' uuids exist only once they are written.
    // It must be a time UUID, as every holder in the unique-name table is.
    List<StoredEntity> created;
    UUID provisional = ids.newTimeUuid();
    try {
      for (JsonNode body : properties) {
        UserEmails.of((ObjectNode) body)
            .ifPresent(email -> emails.claim(application, email, provisional));
      }
      created = entities.create(application, USERS, properties, options);
    } catch (RuntimeException e) {
      for (JsonNode body : properties) {
        UserEmails.of((ObjectNode) body)
            .ifPresent(email -> emails.release(application, email, provisional));
      }
      throw e;
    }
    for (int i = 0; i < created.size(); i++) {
      StoredEntity user = created.get(i);
      UserEmails.of((ObjectNode) properties.get(i))
          .ifPresent(email -> emails.takeOver(application, email, provisional, user.uuid()));
      if (hashes.get(i) != null) {
        credentials.setPasswordHash(application.id(), user.uuid(), hashes.get(i));
      }
    }
    return created;
  }

  /**
   * Merges a body into a user. A password is never set this way (use the password endpoint); a new
   * email is claimed before the write and the old one released after it.
   */
  public StoredEntity update(
      ApplicationRef application,
      String idOrName,
      JsonNode body,
      WriteOptions options,
      Requester requester) {
    if (body == null || !body.isObject()) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "A user must be a JSON object");
    }
    Optional<StoredEntity> existing = find(application, idOrName);
    if (existing.isEmpty()) {
      ObjectNode created = ((ObjectNode) body).deepCopy();
      if (!created.has("username")) {
        created.put("username", idOrName);
      }
      return create(application, List.of(created), options, requester).get(0);
    }
    body = withoutCredentials((ObjectNode) body);
    StoredEntity current = existing.get();
    Optional<String> oldEmail = UserEmails.of(current);
    Optional<String> newEmail =
        body.has("email") ? UserEmails.of((ObjectNode) body) : oldEmail; // null removes it
    newEmail.ifPresent(UserEmails::requireValid);
    boolean emailChanged = !UserEmails.key(newEmail).equals(UserEmails.key(oldEmail));
    if (emailChanged && newEmail.isPresent()) {
      emails.claim(application, newEmail.get(), current.uuid());
    }
    StoredEntity updated;
    try {
      updated = entities.update(application, USERS, current.uuid().toString(), body, options);
    } catch (RuntimeException e) {
      if (emailChanged && newEmail.isPresent()) {
        emails.release(application, newEmail.get(), current.uuid());
      }
      throw e;
    }
    if (emailChanged && oldEmail.isPresent()) {
      emails.release(application, oldEmail.get(), current.uuid());
    }
    return updated;
  }

  /**
   * The user by uuid, username or email. Text with an {@code @} is an email first, then a username
   * (Usergrid takes a username that looks like an email).
   */
  public Optional<StoredEntity> find(ApplicationRef application, String idOrLogin) {
    if (idOrLogin == null || idOrLogin.isBlank()) {
      return Optional.empty();
    }
    if (idOrLogin.indexOf('@') > 0) {
      Optional<StoredEntity> byEmail = emails.holder(application, idOrLogin);
      if (byEmail.isPresent()) {
        return byEmail;
      }
    }
    try {
      return Optional.of(entities.get(application, USERS, idOrLogin));
    } catch (MeridianException e) {
      if (e.code() == ErrorCode.ENTITY_NOT_FOUND) {
        return Optional.empty();
      }
      throw e;
    }
  }

  /**
   * Whether {@code password} is the user's; as slow for an empty {@code user} (a login that names
   * nobody) as for a real one, since a bcrypt check runs either way.
   */
  public boolean passwordMatches(
      ApplicationRef application, Optional<StoredEntity> user, String password) {
    String hash =
        user.flatMap(found -> credentials.passwordHash(application.id(), found.uuid()))
            .orElse(null);
    return hasher.matches(password, hash);
  }

  /**
   * Sets a new password and revokes every token the user holds. The caller has checked the old one
   * (see {@code AuthService}); the hash is charged to the requester's address unless it is an
   * administrator.
   */
  public void setPassword(
      ApplicationRef application, StoredEntity user, String newPassword, Requester requester) {
    hasher.requireAcceptable(newPassword);
    if (!requester.administrator()) {
      budget.charge(requester.address(), 1);
    }
    credentials.setPasswordHash(application.id(), user.uuid(), hasher.hash(newPassword));
    tokens.revokeAll(user.uuid());
  }

  /**
   * Usergrid's {@code /users/{u}/deactivate} and {@code /activate}, for administrators (the route
   * checks): sets {@code activated}. A deactivated user cannot sign in, and deactivating revokes
   * every token it holds, so it is signed out everywhere at once.
   */
  public StoredEntity setActivated(
      ApplicationRef application, StoredEntity user, boolean activated, WriteOptions options) {
    ObjectNode body = Json.object().put(ACTIVATED, activated);
    StoredEntity updated =
        entities.update(application, USERS, user.uuid().toString(), body, options);
    if (!activated) {
      tokens.revokeAll(user.uuid());
    }
    return updated;
  }

  /** Whether the user may sign in: all but those deactivated ({@code activated: false}). */
  public static boolean isActivated(StoredEntity user) {
    JsonNode activated = Json.parseStoredObject(user.json()).get(ACTIVATED);
    return activated == null || !activated.isBoolean() || activated.asBoolean();
  }

  /**
   * An update's body without what only other routes change, dropped as Usergrid drops them (its
   * SDKs send the whole user back, {@code activated} included): the password and the {@code pin}
   * (the password endpoint; a PUT never touches the stored hash), and {@code activated} (only
   * {@code /deactivate} and {@code /activate}, an administrator's, so a user cannot switch another
   * off, or back on).
   */
  static ObjectNode withoutCredentials(ObjectNode body) {
    if (!body.has("password") && !body.has("pin") && !body.has(ACTIVATED)) {
      return body;
    }
    ObjectNode kept = body.deepCopy();
    kept.remove(List.of("password", "pin", ACTIVATED));
    return kept;
  }

  private static void activatedByDefault(ObjectNode user) {
    if (!user.has(ACTIVATED)) {
      user.put(ACTIVATED, true);
    }
  }

  private static String text(JsonNode password) {
    if (!password.isTextual()) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "A password must be a string");
    }
    return password.asText();
  }
}
