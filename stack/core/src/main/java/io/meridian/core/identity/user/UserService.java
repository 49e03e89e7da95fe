package io.meridian.core.identity.user;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.Emails;
import io.meridian.core.identity.PasswordHasher;
import io.meridian.core.identity.token.TokenService;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * App users: entities of the {@code users} collection whose {@code username} is unique (the
 * collection's alias), whose {@code email} is unique too, and whose password is hashed into the
 * {@link UserCredentialStore} and never kept in, or returned with, the entity.
 *
 * <p>Emails are claimed in the unique-name table under a collection name no path can reach ({@code
 * users:email}) before the entity is written, and released if the write fails.
 */
public final class UserService {
  public static final CollectionName USERS = CollectionName.of("users");
  static final String EMAILS = "users:email";

  private final EntityService entities;
  private final EntityStore store;
  private final UserCredentialStore credentials;
  private final PasswordHasher hasher;
  private final TokenService tokens;
  private final IdGenerator ids;

  public UserService(
      EntityService entities,
      EntityStore store,
      UserCredentialStore credentials,
      PasswordHasher hasher,
      TokenService tokens,
      IdGenerator ids) {
    this.ids = ids;
    this.entities = entities;
    this.store = store;
    this.credentials = credentials;
    this.hasher = hasher;
    this.tokens = tokens;
    entities.onDelete(this::deleted);
  }

  /** Creates users; each body needs a {@code username}, may carry {@code email} and password. */
  public List<StoredEntity> create(
      ApplicationRef application, List<JsonNode> bodies, WriteOptions options) {
    List<JsonNode> properties = new ArrayList<>(bodies.size());
    List<String> hashes = new ArrayList<>(bodies.size());
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
      email(copy).ifPresent(UserService::requireEmail);
      activatedByDefault(copy);
      hashes.add(password == null || password.isNull() ? null : hasher.hash(text(password)));
      properties.add(copy);
    }
    Set<String> emails = new HashSet<>();
    for (JsonNode body : properties) {
      Optional<String> email = email((ObjectNode) body);
      if (email.isPresent() && !emails.add(lower(email.get()))) {
        throw new MeridianException(
            ErrorCode.DUPLICATE_UNIQUE_PROPERTY_EXISTS,
            "Entity user requires that property named email be unique, value of "
                + email.get()
                + " appears twice in the request");
      }
    }
    // Claimed for a provisional holder first: the users' uuids exist only once they are written.
    // It must be a time UUID, as every holder in the unique-name table is.
    List<StoredEntity> created;
    UUID provisional = ids.newTimeUuid();
    try {
      for (JsonNode body : properties) {
        Optional<String> email = email((ObjectNode) body);
        if (email.isPresent()) {
          claimEmail(application, email.get(), provisional);
        }
      }
      created = entities.create(application, USERS, properties, options);
    } catch (RuntimeException e) {
      for (JsonNode body : properties) {
        email((ObjectNode) body)
            .ifPresent(
                email -> store.releaseName(application.id(), EMAILS, lower(email), provisional));
      }
      throw e;
    }
    for (int i = 0; i < created.size(); i++) {
      StoredEntity user = created.get(i);
      Optional<String> email = email((ObjectNode) properties.get(i));
      if (email.isPresent()) {
        store.takeOverName(application.id(), EMAILS, lower(email.get()), provisional, user.uuid());
      }
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
      ApplicationRef application, String idOrName, JsonNode body, WriteOptions options) {
    if (body == null || !body.isObject()) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "A user must be a JSON object");
    }
    if (body.has("password")) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "Change a password with PUT /users/{user}/password, not by updating the user");
    }
    Optional<StoredEntity> existing = find(application, idOrName);
    if (existing.isEmpty()) {
      ObjectNode created = ((ObjectNode) body).deepCopy();
      if (!created.has("username")) {
        created.put("username", idOrName);
      }
      return create(application, List.of(created), options).get(0);
    }
    StoredEntity current = existing.get();
    Optional<String> oldEmail = email(current);
    Optional<String> newEmail =
        body.has("email") ? email((ObjectNode) body) : oldEmail; // null in the body removes it
    newEmail.ifPresent(UserService::requireEmail);
    boolean emailChanged = !lower(newEmail).equals(lower(oldEmail));
    if (emailChanged && newEmail.isPresent()) {
      claimEmail(application, newEmail.get(), current.uuid());
    }
    StoredEntity updated;
    try {
      updated = entities.update(application, USERS, current.uuid().toString(), body, options);
    } catch (RuntimeException e) {
      if (emailChanged && newEmail.isPresent()) {
        store.releaseName(application.id(), EMAILS, lower(newEmail.get()), current.uuid());
      }
      throw e;
    }
    if (emailChanged && oldEmail.isPresent()) {
      store.releaseName(application.id(), EMAILS, lower(oldEmail.get()), current.uuid());
    }
    return updated;
  }

  /** The user by uuid, username or email. */
  public Optional<StoredEntity> find(ApplicationRef application, String idOrLogin) {
    if (idOrLogin == null || idOrLogin.isBlank()) {
      return Optional.empty();
    }
    if (idOrLogin.indexOf('@') > 0) {
      return store
          .nameHolder(application.id(), EMAILS, lower(idOrLogin))
          .flatMap(holder -> store.load(application.id(), holder.uuid()))
          .filter(user -> user.collection().equals(USERS.plural()))
          .filter(user -> lower(email(user)).equals(lower(Optional.of(idOrLogin))));
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
   * The user these credentials sign in, or empty, taking the same time whether or not the user
   * exists.
   */
  public Optional<StoredEntity> authenticate(
      ApplicationRef application, String login, String password) {
    Optional<StoredEntity> user = find(application, login);
    String hash =
        user.flatMap(found -> credentials.passwordHash(application.id(), found.uuid()))
            .orElse(null);
    return hasher.matches(password, hash) ? user : Optional.empty();
  }

  /**
   * Sets a new password and revokes every token the user holds. Unless an administrator asks, the
   * current password must be given and right.
   */
  public void changePassword(
      ApplicationRef application,
      StoredEntity user,
      String oldPassword,
      String newPassword,
      boolean byAdministrator) {
    if (!byAdministrator) {
      String current = credentials.passwordHash(application.id(), user.uuid()).orElse(null);
      if (oldPassword == null || !hasher.matches(oldPassword, current)) {
        throw new MeridianException(ErrorCode.INVALID_GRANT, "The old password is not right");
      }
    }
    credentials.setPasswordHash(application.id(), user.uuid(), hasher.hash(newPassword));
    tokens.revokeAll(user.uuid());
  }

  private void deleted(ApplicationRef application, StoredEntity entity) {
    if (!entity.collection().equals(USERS.plural())) {
      return;
    }
    email(entity)
        .ifPresent(
            email -> store.releaseName(application.id(), EMAILS, lower(email), entity.uuid()));
    credentials.delete(application.id(), entity.uuid());
    tokens.revokeAll(entity.uuid());
  }

  /** Claims an email for a user (as entity names are claimed): 400 when someone else holds it. */
  private void claimEmail(ApplicationRef application, String email, UUID user) {
    String key = lower(email);
    if (!entities.claimUnique(
        application, EMAILS, key, user, holder -> lower(email(holder)).equals(key))) {
      throw new MeridianException(
          ErrorCode.DUPLICATE_UNIQUE_PROPERTY_EXISTS,
          "Entity user requires that property named email be unique, value of "
              + email
              + " exists");
    }
  }

  private static Optional<String> email(StoredEntity user) {
    return email(io.meridian.core.common.Json.parseStoredObject(user.json()));
  }

  private static Optional<String> email(ObjectNode properties) {
    JsonNode email = properties.get("email");
    return email != null && email.isTextual() ? Optional.of(email.asText()) : Optional.empty();
  }

  private static void requireEmail(String email) {
    if (!Emails.valid(email)) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "'" + email + "' is not an email address");
    }
  }

  private static void activatedByDefault(ObjectNode user) {
    if (!user.has("activated")) {
      user.put("activated", true);
    }
  }

  private static String text(JsonNode password) {
    if (!password.isTextual()) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "A password must be a string");
    }
    return password.asText();
  }

  private static String lower(String text) {
    return text.toLowerCase(Locale.ROOT);
  }

  private static String lower(Optional<String> text) {
    return text.map(UserService::lower).orElse("");
  }
}
