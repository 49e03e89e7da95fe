package io.meridian.core.activity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.connection.Connection;
import io.meridian.core.connection.ConnectionRef;
import io.meridian.core.connection.ConnectionStore;
import io.meridian.core.connection.Direction;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.access.GrantStore;
import io.meridian.core.identity.access.RoleService;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Usergrid's activity streams. An activity posted to a user or a group is an entity of the {@code
 * activities} collection, connected from its owner under {@code activities} and, to be read as
 * feeds, under {@code feed} from the owner and from everyone it reaches: the users {@code
 * following} the user, or the group's members. Feeds and activity lists are connections, so they
 * list newest first and query like any connection.
 *
 * <p>The activity is stored before it is distributed; a storage failure while distributing leaves
 * it in the owner's activities and in some feeds, and is reported (503).
 */
public final class ActivityService {
  public static final CollectionName ACTIVITIES = CollectionName.of("activities");
  public static final CollectionName USERS = RoleService.USERS;
  public static final CollectionName GROUPS = RoleService.GROUPS;

  /** The verb an owner's activities are connected under. */
  public static final String ACTIVITIES_VERB = "activities";

  /** The verb of a feed. */
  public static final String FEED = "feed";

  /** Usergrid's verb of a follower: {@code follower -following-> followed}. */
  public static final String FOLLOWING = "following";

  /** The most feeds one activity reaches besides its owner's, as Usergrid bounds it. */
  public static final int MAX_FAN_OUT = 10_000;

  private static final int PAGE = 500;

  private final EntityService entities;
  private final ConnectionStore connections;
  private final RoleService roles;
  private final Clock clock;

  public ActivityService(
      EntityService entities, ConnectionStore connections, RoleService roles, Clock clock) {
    this.entities = entities;
    this.connections = connections;
    this.roles = roles;
    this.clock = clock;
  }

  /**
   * Posts an activity to a user or a group ({@code owners} is {@code users} or {@code groups}).
   *
   * @param poster the app user posting, if an app user is: it may post to its own user only, and is
   *     the actor of what it posts to a group
   */
  public StoredEntity post(
      ApplicationRef app,
      CollectionName owners,
      String owner,
      JsonNode body,
      Optional<UUID> poster,
      WriteOptions options) {
    ObjectNode activity = checked(body);
    StoredEntity ownerEntity = entities.get(app, owners, owner);
    boolean toUser = ownerEntity.collection().equals(USERS.plural());
    if (toUser && poster.isPresent() && !poster.get().equals(ownerEntity.uuid())) {
      // A user's activities are by that user (it is their actor): posting to another user's
      // would be posting as them, whatever the permissions allow.
      throw new MeridianException(
          ErrorCode.FORBIDDEN, "An app user posts activities to its own user only");
    }
    Optional<StoredEntity> actor =
        toUser
            ? Optional.of(ownerEntity)
            : poster.map(user -> entities.get(app, USERS, user.toString()));
    actor.ifPresent(user -> fillActor(activity, user));
    if (!activity.hasNonNull("published")) {
      activity.put("published", clock.millis());
    }
    StoredEntity stored = entities.create(app, ACTIVITIES, List.of(activity), options).get(0);
    connect(app, ownerEntity.uuid(), ownerEntity.collection(), ACTIVITIES_VERB, stored);
    connect(app, ownerEntity.uuid(), ownerEntity.collection(), FEED, stored);
    for (UUID reader : readers(app, ownerEntity, toUser)) {
      connect(app, reader, USERS.plural(), FEED, stored);
    }
    return stored;
  }

  /** The users whose feeds an activity of this owner reaches, besides the owner's own. */
  private List<UUID> readers(ApplicationRef app, StoredEntity owner, boolean toUser) {
    Set<UUID> readers = new LinkedHashSet<>();
    if (toUser) {
      Optional<UUID> after = Optional.empty();
      while (readers.size() < MAX_FAN_OUT) {
        List<ConnectionRef> page =
            connections.list(app.id(), owner.uuid(), Direction.IN, FOLLOWING, after, PAGE);
        for (ConnectionRef follower : page) {
          if (follower.collection().equals(USERS.plural()) && readers.size() < MAX_FAN_OUT) {
            readers.add(follower.entity());
          }
        }
        if (page.size() < PAGE) {
          break;
        }
        after = Optional.of(page.get(page.size() - 1).entity());
      }
    } else {
      List<String> members = roles.holders(app, GrantStore.GROUP, owner.uuid().toString());
      for (UUID member : RoleService.ids(members, "user")) {
        if (readers.size() >= MAX_FAN_OUT) {
          break;
        }
        readers.add(member);
      }
    }
    readers.remove(owner.uuid());
    return new ArrayList<>(readers);
  }

  private void connect(
      ApplicationRef app, UUID source, String sourceCollection, String verb, StoredEntity to) {
    connections.connect(
        app.id(), new Connection(source, sourceCollection, verb, to.uuid(), to.collection()));
  }

  /**
   * The actor is the user the activity is by: its uuid is that user's (another is refused, so no
   * one posts as someone else), its email and display name are filled in where not given.
   */
  private static void fillActor(ObjectNode activity, StoredEntity user) {
    ObjectNode actor =
        activity.hasNonNull("actor")
            ? (ObjectNode) activity.get("actor")
            : activity.putObject("actor");
    JsonNode given = actor.get("uuid");
    if (given != null
        && !given.isNull()
        && !given.asText().equalsIgnoreCase(user.uuid().toString())) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "actor.uuid must be the user the activity is by (" + user.uuid() + ")");
    }
    actor.put("uuid", user.uuid().toString());
    actor.put("entityType", "user");
    ObjectNode properties = io.meridian.core.common.Json.parseStoredObject(user.json());
    if (!actor.hasNonNull("email") && properties.hasNonNull("email")) {
      actor.set("email", properties.get("email"));
    }
    if (!actor.hasNonNull("displayName") && properties.hasNonNull("name")) {
      actor.set("displayName", properties.get("name"));
    }
  }

  /** A copy of the body, or 400 for what Usergrid's activity cannot be. */
  private static ObjectNode checked(JsonNode body) {
    if (!body.isObject()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "An activity is a JSON object: {verb, content, actor, ...}");
    }
    ObjectNode activity = ((ObjectNode) body).deepCopy();
    JsonNode verb = activity.get("verb");
    if (verb == null
        || !verb.isTextual()
        || verb.asText().isBlank()
        || verb.asText().length() > 256) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "An activity needs a 'verb': a string of 1 to 256 characters");
    }
    for (String text : List.of("content", "title", "category")) {
      JsonNode value = activity.get(text);
      if (value != null && !value.isTextual()) {
        throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "'" + text + "' is a string");
      }
    }
    JsonNode published = activity.get("published");
    if (published != null
        && (!published.isIntegralNumber()
            || !published.canConvertToLong()
            || published.longValue() < 0)) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "'published' is a whole number of epoch milliseconds");
    }
    JsonNode actor = activity.get("actor");
    if (actor != null && !actor.isObject()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "'actor' is an object: {uuid, displayName, email, ...}");
    }
    return activity;
  }
}
