package io.meridian.core.entity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.change.Change;
import io.meridian.core.change.ChangeLog;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.common.TimeUuids;
import io.meridian.core.connection.ConnectionStore;
import io.meridian.core.index.IndexOperation;
import io.meridian.core.index.IndexPipeline;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * Entity use cases. Every write follows the same order, which is what makes it durable and
 * indexable whatever fails: claim the unique name (if any), append to the change log, write the
 * entity, then index it on the fast path. A crash after the log append leaves an entry the index
 * repairer will act on; a crash after the claim leaves a name that a later writer may take over.
 *
 * <p>Its {@link EntityWriteObserver observers}, given to the constructor in the order they run,
 * take part in every write: each phase (validate, before, after, completed) is called on all of
 * them, so a write one observer sees, every observer sees.
 *
 * <p>It stays one file because its three writes (create, update, delete) must follow that one
 * order, which a reader checks best with the three side by side; the unique-name claims they make
 * are {@link UniqueNames}'s.
 */
public final class EntityService {
  private final EntityStore store;
  private final ConnectionStore connections;
  private final ChangeLog changeLog;
  private final IndexPipeline indexPipeline;
  private final IdGenerator ids;
  private final NewEntityUuids newEntityUuids;
  private final Duration visibilityTimeout;
  private final List<EntityWriteObserver> observers;
  private final UniqueNames names;

  public EntityService(
      EntityStore store,
      ConnectionStore connections,
      ChangeLog changeLog,
      IndexPipeline indexPipeline,
      IdGenerator ids,
      Duration visibilityTimeout,
      List<EntityWriteObserver> observers) {
    this.store = store;
    this.connections = connections;
    this.changeLog = changeLog;
    this.indexPipeline = indexPipeline;
    this.ids = ids;
    this.visibilityTimeout = visibilityTimeout;
    this.observers = List.copyOf(observers);
    this.names = new UniqueNames(store, ids);
    this.newEntityUuids = new NewEntityUuids(store, ids);
  }

  /**
   * Creates entities. All bodies are validated and all names claimed before anything is written, so
   * a bad body or a taken name in an array creates none of them. Each phase (claims, change log,
   * entities) runs concurrently across the array, and every entity's log entry is durable before
   * its row is written.
   */
  public List<StoredEntity> create(
      ApplicationRef app, CollectionName collection, List<JsonNode> bodies, WriteOptions options) {
    return create(app, collection, bodies, null, options);
  }

  /**
   * Creates one entity that holds a file: {@code fileMetadata} is stored as its {@code
   * file-metadata}, which no request body can set.
   */
  public StoredEntity createWithFile(
      ApplicationRef app,
      CollectionName collection,
      JsonNode body,
      ObjectNode fileMetadata,
      WriteOptions options) {
    return create(app, collection, List.of(body), fileMetadata, null, options).get(0);
  }

  private List<StoredEntity> create(
      ApplicationRef app,
      CollectionName collection,
      List<JsonNode> bodies,
      ObjectNode fileMetadata,
      WriteOptions options) {
    return create(app, collection, bodies, fileMetadata, null, options);
  }

  /**
   * @param givenUuid the uuid the client chose for the one entity ({@link NewEntityUuids}), or null
   *     to draw one. Its time says nothing of this write: the entity's times, version (its write
   *     timestamp) and change-log id are drawn now, so that a uuid from the past can neither fall
   *     behind a tombstone nor land in a change-log bucket readers have left behind.
   */
  private List<StoredEntity> create(
      ApplicationRef app,
      CollectionName collection,
      List<JsonNode> bodies,
      ObjectNode fileMetadata,
      UUID givenUuid,
      WriteOptions options) {
    List<ObjectNode> properties = validate(collection, bodies);
    if (fileMetadata != null) {
      properties.forEach(p -> p.set(EntityDocuments.FILE_METADATA, fileMetadata));
    }
    List<StoredEntity> entities = new ArrayList<>(properties.size());
    List<UUID> changeIds = new ArrayList<>(properties.size());
    for (ObjectNode entityProperties : properties) {
      UUID changeId = ids.newTimeUuid();
      UUID uuid = givenUuid != null ? givenUuid : changeId;
      long millis = TimeUuids.millis(changeId);
      ObjectNode json = EntityDocuments.render(uuid, collection, millis, millis, entityProperties);
      changeIds.add(changeId);
      entities.add(
          new StoredEntity(
              uuid,
              collection.plural(),
              UniqueNames.nameOf(collection, entityProperties),
              TimeUuids.micros(changeId),
              millis,
              Json.write(json)));
    }
    names.claimAll(app, collection, entities);
    List<EntityWriteObserver.EntityWrite> writes =
        entities.stream()
            .map(entity -> new EntityWriteObserver.EntityWrite(null, entity, entity.version()))
            .toList();
    observers.forEach(observer -> observer.beforeWrites(app, collection.plural(), writes));
    List<Change> changes = new ArrayList<>(entities.size());
    for (int i = 0; i < entities.size(); i++) {
      StoredEntity e = entities.get(i);
      changes.add(
          new Change(changeIds.get(i), app.id(), e.collection(), e.uuid(), e.version(), false));
    }
    changeLog.appendAll(changes);
    store.saveAll(app.id(), entities);
    observers.forEach(observer -> observer.afterWrites(app, collection.plural(), writes));
    observers.forEach(observer -> observer.completed(app, collection.plural(), writes));
    indexUpserts(app, entities, options);
    return entities;
  }

  /**
   * The properties of new entities, or {@code 400} for the first body that {@link #create} would
   * refuse before claiming anything: lets a caller with costly work of its own per entity (hashing
   * a user's password) refuse a bad batch before doing any of it.
   */
  public List<ObjectNode> validate(CollectionName collection, List<JsonNode> bodies) {
    List<ObjectNode> properties =
        bodies.stream().map(body -> EntityDocuments.userProperties(body, collection)).toList();
    properties.forEach(entityProperties -> validate(collection, entityProperties));
    UniqueNames.requireDistinct(collection, properties);
    return properties;
  }

  /** The entity addressed by uuid or name; 404 {@code entity_not_found} if there is none. */
  public StoredEntity get(ApplicationRef app, CollectionName collection, String uuidOrName) {
    return find(app, collection, uuidOrName).orElseThrow(() -> notFound(collection, uuidOrName));
  }

  /**
   * Merges the body's top-level properties into the entity ({@code null} removes a property). An
   * entity addressed by a name that does not exist yet is created with that name.
   */
  public StoredEntity update(
      ApplicationRef app,
      CollectionName collection,
      String uuidOrName,
      JsonNode body,
      WriteOptions options) {
    return updateWithFile(app, collection, uuidOrName, body, null, options);
  }

  /**
   * {@link #update} that also sets the entity's {@code file-metadata} (which no request body can
   * set): the description of the file an upload just stored for it.
   */
  public StoredEntity updateWithFile(
      ApplicationRef app,
      CollectionName collection,
      String uuidOrName,
      JsonNode body,
      ObjectNode fileMetadata,
      WriteOptions options) {
    ObjectNode changes = EntityDocuments.userProperties(body, collection);
    validate(collection, changes);
    Optional<StoredEntity> existing = find(app, collection, uuidOrName);
    if (existing.isEmpty()) {
      if (TimeUuids.isUuidText(uuidOrName)) {
        // Usergrid's PUT /devices/{uuid}: the client names a new entity by the uuid it chose.
        UUID given = newEntityUuids.require(app, collection, uuidOrName);
        return create(app, collection, List.of(changes), fileMetadata, given, options).get(0);
      }
      changes.put(collection.alias(), uuidOrName);
      return create(app, collection, List.of(changes), fileMetadata, options).get(0);
    }
    StoredEntity current = existing.get();
    ObjectNode merged = EntityDocuments.storedUserProperties(current.json());
    changes
        .fields()
        .forEachRemaining(
            field -> {
              if (field.getValue().isNull()) {
                merged.remove(field.getKey());
              } else {
                merged.set(field.getKey(), field.getValue());
              }
            });
    if (fileMetadata != null) {
      merged.set(EntityDocuments.FILE_METADATA, fileMetadata);
    }
    String oldName = current.name();
    String newName = UniqueNames.nameOf(collection, merged);
    boolean renamed = newName != null && !newName.equalsIgnoreCase(oldName);
    if (renamed) {
      names.claim(app, collection, newName, current.uuid());
    }
    UUID changeId = ids.newTimeUuid();
    long version = Math.max(TimeUuids.micros(changeId), current.version() + 1);
    ObjectNode json =
        EntityDocuments.render(
            current.uuid(), collection, current.created(), version / 1000, merged);
    StoredEntity updated =
        new StoredEntity(
            current.uuid(),
            collection.plural(),
            newName,
            version,
            current.created(),
            Json.write(json));
    List<EntityWriteObserver.EntityWrite> writes =
        List.of(new EntityWriteObserver.EntityWrite(current, updated, version));
    observers.forEach(observer -> observer.beforeWrites(app, collection.plural(), writes));
    changeLog.append(
        new Change(changeId, app.id(), collection.plural(), current.uuid(), version, false));
    store.save(app.id(), updated);
    observers.forEach(observer -> observer.afterWrites(app, collection.plural(), writes));
    if (oldName != null && (newName == null || renamed)) {
      store.releaseName(app.id(), collection.plural(), oldName, current.uuid());
    }
    observers.forEach(observer -> observer.completed(app, collection.plural(), writes));
    indexUpserts(app, List.of(updated), options);
    return updated;
  }

  /**
   * Deletes the entity, frees its name and removes its connections both ways; returns it as it was.
   * Connections go after the entity: a crash in between leaves connections to an entity that no
   * longer exists, which listings skip.
   */
  public StoredEntity delete(
      ApplicationRef app, CollectionName collection, String uuidOrName, WriteOptions options) {
    StoredEntity current = get(app, collection, uuidOrName);
    UUID changeId = ids.newTimeUuid();
    long version = Math.max(TimeUuids.micros(changeId), current.version() + 1);
    List<EntityWriteObserver.EntityWrite> writes =
        List.of(new EntityWriteObserver.EntityWrite(current, null, version));
    observers.forEach(observer -> observer.beforeWrites(app, collection.plural(), writes));
    changeLog.append(
        new Change(changeId, app.id(), collection.plural(), current.uuid(), version, true));
    store.delete(app.id(), current, version);
    observers.forEach(observer -> observer.afterWrites(app, collection.plural(), writes));
    if (current.name() != null) {
      store.releaseName(app.id(), collection.plural(), current.name(), current.uuid());
    }
    connections.disconnectAll(app.id(), current.uuid());
    observers.forEach(observer -> observer.completed(app, collection.plural(), writes));
    awaitIndexing(
        List.of(new IndexOperation.Delete(app.id(), collection.plural(), current.uuid(), version)),
        options);
    return current;
  }

  private void validate(CollectionName collection, ObjectNode properties) {
    observers.forEach(observer -> observer.validate(collection, properties));
  }

  private void indexUpserts(ApplicationRef app, List<StoredEntity> entities, WriteOptions options) {
    awaitIndexing(
        entities.stream().<IndexOperation>map(entity -> entity.toIndexUpsert(app.id())).toList(),
        options);
  }

  /**
   * Waits, at most the visibility timeout, for the fast index path. Its failure is not the
   * writer's: the write is durable and the repairer indexes it later.
   */
  private void awaitIndexing(List<IndexOperation> operations, WriteOptions options) {
    var indexed = indexPipeline.index(operations, options.visibleToQueries());
    if (!options.visibleToQueries()) {
      return;
    }
    try {
      indexed.get(visibilityTimeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException | ExecutionException e) {
      // Durable already; visibility follows through the repairer.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The entity addressed by uuid or name, if there is one. */
  public Optional<StoredEntity> find(
      ApplicationRef app, CollectionName collection, String uuidOrName) {
    if (uuidOrName == null || uuidOrName.isBlank()) {
      return Optional.empty();
    }
    if (TimeUuids.isUuidText(uuidOrName)) {
      UUID uuid = UUID.fromString(uuidOrName);
      Optional<StoredEntity> byUuid =
          TimeUuids.isTimeBased(uuid)
              ? store
                  .load(app.id(), uuid)
                  .filter(entity -> entity.collection().equals(collection.plural()))
              : Optional.empty();
      // A name may look like a UUID (Usergrid takes such names): only a miss costs a second read.
      return byUuid.isPresent() ? byUuid : findByName(app, collection, uuidOrName);
    }
    return findByName(app, collection, uuidOrName);
  }

  private Optional<StoredEntity> findByName(
      ApplicationRef app, CollectionName collection, String uuidOrName) {
    return store
        .nameHolder(app.id(), collection.plural(), uuidOrName)
        .flatMap(holder -> store.load(app.id(), holder.uuid()))
        .filter(
            entity ->
                entity.collection().equals(collection.plural())
                    && uuidOrName.equalsIgnoreCase(entity.name()));
  }

  /**
   * Claims a unique value within a namespace of the unique-name table for an entity: a collection's
   * names, or any other unique property (a user's email). Of concurrent claims on any node one
   * wins. A claim held by an entity that does not hold the value ({@code stillHolds} is false for
   * it, or it does not exist) is taken over once it is old enough that no write that made it can
   * still be under way: it was left by a write that crashed half way.
   *
   * @return whether {@code uuid} now holds the value
   */
  public boolean claimUnique(
      ApplicationRef app,
      String namespace,
      String value,
      UUID uuid,
      Predicate<StoredEntity> stillHolds) {
    return names.claimUnique(app, namespace, value, uuid, stillHolds);
  }

  /** The answer for an entity that is not there (or, to its caller, may as well not be). */
  public static MeridianException notFound(CollectionName collection, String uuidOrName) {
    return new MeridianException(
        ErrorCode.ENTITY_NOT_FOUND,
        "Entity " + collection.type() + " with identifier " + uuidOrName + " not found");
  }
}
