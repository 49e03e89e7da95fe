package io.meridian.core.identity.user;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.entity.StoredEntity;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Users' emails, unique within an application: claimed in the unique-name table under a namespace
 * no path can reach ({@value #NAMESPACE}), in lower case, before the user is written, and released
 * when the user drops or changes its email, or is deleted.
 */
final class UserEmails {
  static final String NAMESPACE = "users:email";

  private final EntityService entities;
  private final EntityStore store;

  UserEmails(EntityService entities, EntityStore store) {
    this.entities = entities;
    this.store = store;
  }

  /** Claims an email for a user (as entity names are claimed): 400 when someone else holds it. */
  void claim(ApplicationRef application, String email, UUID user) {
    String key = key(email);
    if (!entities.claimUnique(
        application, NAMESPACE, key, user, holder -> key(of(holder)).equals(key))) {
      throw duplicate(email, "exists");
    }
  }

  void release(ApplicationRef application, String email, UUID holder) {
    store.releaseName(application.id(), NAMESPACE, key(email), holder);
  }

  /** Hands a claim made for a provisional holder to the user written since. */
  void takeOver(ApplicationRef application, String email, UUID provisional, UUID user) {
    store.takeOverName(application.id(), NAMESPACE, key(email), provisional, user);
  }

  /** The user holding the email, if it still carries it. */
  Optional<StoredEntity> holder(ApplicationRef application, String email) {
    return store
        .nameHolder(application.id(), NAMESPACE, key(email))
        .flatMap(holder -> store.load(application.id(), holder.uuid()))
        .filter(user -> user.collection().equals(UserService.USERS.plural()))
        .filter(user -> key(of(user)).equals(key(email)));
  }

  /** A 400 when two of the users carry the same email (in any case). */
  static final int MAX_LENGTH = 320;

  static void requireDistinct(List<JsonNode> users) {
    Set<String> emails = new HashSet<>();
    for (JsonNode user : users) {
      Optional<String> email = of((ObjectNode) user);
      if (email.isPresent() && !emails.add(key(email.get()))) {
        throw duplicate(email.get(), "appears twice in the request");
      }
    }
  }

  /**
   * An app user's email has no format rule, as in Usergrid (apps store what their sign-up forms
   * take); it is only kept to what is safe to claim, show and mail: some text, at most {@link
   * #MAX_LENGTH} characters, no control characters (a line break would end a mail header).
   */
  static void requireValid(String email) {
    if (email.isBlank()
        || email.length() > MAX_LENGTH
        || email.chars().anyMatch(Character::isISOControl)) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "An email is 1 to " + MAX_LENGTH + " characters with no control characters");
    }
  }

  static Optional<String> of(StoredEntity user) {
    return of(Json.parseStoredObject(user.json()));
  }

  static Optional<String> of(ObjectNode properties) {
    JsonNode email = properties.get("email");
    return email != null && email.isTextual() ? Optional.of(email.asText()) : Optional.empty();
  }

  /** The email as claimed: emails compare without case. */
  static String key(String email) {
    return email.toLowerCase(Locale.ROOT);
  }

  /** The key of an email, or "" for none. */
  static String key(Optional<String> email) {
    return email.map(UserEmails::key).orElse("");
  }

  private static MeridianException duplicate(String email, String how) {
    return new MeridianException(
        ErrorCode.DUPLICATE_UNIQUE_PROPERTY_EXISTS,
        "Entity user requires that property named email be unique, value of " + email + " " + how);
  }
}
