package io.meridian.core.entity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.common.MeridianException;
import io.meridian.core.common.TimeUuids;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * Claims in the unique-name table: an entity's name in its collection, or any other unique value (a
 * user's email). Of concurrent claims on any node one wins. A create claims its names before it
 * writes anything, so a crash can leave a claim no entity backs; such an orphan is taken over once
 * it is older than {@link #ORPHAN_CLAIM_AGE}, when no write that made it can still be under way.
 */
final class UniqueNames {
  /** A name claim older than this whose entity does not hold the name was left by a crash. */
  static final Duration ORPHAN_CLAIM_AGE = Duration.ofSeconds(30);

  private final EntityStore store;
  private final IdGenerator ids;

  UniqueNames(EntityStore store, IdGenerator ids) {
    this.store = store;
    this.ids = ids;
  }

  /** Claims every name of new entities, or none: on a failure the claims made are released. */
  void claimAll(ApplicationRef app, CollectionName collection, List<StoredEntity> entities) {
    List<EntityStore.NameClaim> claims =
        entities.stream()
            .filter(entity -> entity.name() != null)
            .map(entity -> new EntityStore.NameClaim(entity.name(), entity.uuid()))
            .toList();
    List<Boolean> won = store.claimNames(app.id(), collection.plural(), claims);
    int held = 0;
    try {
      for (EntityStore.NameClaim claim : claims) {
        if (!won.get(held)) {
          claim(app, collection, claim.name(), claim.uuid()); // taken: maybe an orphan to take over
        }
        held++;
      }
    } catch (MeridianException e) {
      // Claims before the failing one are held; later ones are held where they were won.
      for (int i = 0; i < claims.size(); i++) {
        if (i < held || won.get(i)) {
          store.releaseName(
              app.id(), collection.plural(), claims.get(i).name(), claims.get(i).uuid());
        }
      }
      throw e;
    }
  }

  /** Claims an entity's name in its collection; 400 when another entity holds it. */
  void claim(ApplicationRef app, CollectionName collection, String name, UUID uuid) {
    String plural = collection.plural();
    boolean won =
        claimUnique(
            app,
            plural,
            name,
            uuid,
            holder -> holder.collection().equals(plural) && name.equalsIgnoreCase(holder.name()));
    if (!won) {
      throw duplicate(collection, name, "exists");
    }
  }

  /** As {@link EntityService#claimUnique}. */
  boolean claimUnique(
      ApplicationRef app,
      String namespace,
      String value,
      UUID uuid,
      Predicate<StoredEntity> stillHolds) {
    if (store.claimName(app.id(), namespace, value, uuid)) {
      return true;
    }
    Optional<EntityStore.NameHolder> holder = store.nameHolder(app.id(), namespace, value);
    if (holder.isEmpty()) {
      return store.claimName(app.id(), namespace, value, uuid); // released between two looks
    }
    if (holder.get().uuid().equals(uuid)) {
      return true;
    }
    return isOrphan(app, holder.get(), stillHolds)
        && store.takeOverName(app.id(), namespace, value, holder.get().uuid(), uuid);
  }

  /** A claim no entity backs, old enough that no write that made it can still be under way. */
  private boolean isOrphan(
      ApplicationRef app, EntityStore.NameHolder holder, Predicate<StoredEntity> stillHolds) {
    long ageMicros = TimeUuids.micros(ids.newTimeUuid()) - holder.claimedAtMicros();
    if (ageMicros < ORPHAN_CLAIM_AGE.toNanos() / 1000) {
      return false;
    }
    return store.load(app.id(), holder.uuid()).filter(stillHolds).isEmpty();
  }

  /** A 400 when two of the bodies carry the same name (in any case). */
  static void requireDistinct(CollectionName collection, List<ObjectNode> bodies) {
    Set<String> seen = new HashSet<>();
    for (ObjectNode body : bodies) {
      String name = nameOf(collection, body);
      if (name != null && !seen.add(name.toLowerCase(Locale.ROOT))) {
        throw duplicate(collection, name, "appears twice in the request");
      }
    }
  }

  /** The name the properties give an entity of the collection (its alias), or null. */
  static String nameOf(CollectionName collection, ObjectNode properties) {
    JsonNode name = properties.get(collection.alias());
    return name != null && name.isTextual() ? name.asText() : null;
  }

  private static MeridianException duplicate(CollectionName collection, String name, String how) {
    return new MeridianException(
        ErrorCode.DUPLICATE_UNIQUE_PROPERTY_EXISTS,
        "Entity "
            + collection.type()
            + " requires that property named "
            + collection.alias()
            + " be unique, value of "
            + name
            + " "
            + how);
  }
}
