package io.meridian.core.asset;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.DaemonThreads;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.common.MeridianException;
import io.meridian.core.common.RetryLaterException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.access.RoleService;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Files of entities (Usergrid's assets). An upload is first <em>staged</em>: streamed into chunks
 * under a version id of its own, at most {@link #WRITES_IN_FLIGHT} chunk writes outstanding, so an
 * upload holds at most {@code (WRITES_IN_FLIGHT + 1) * chunkSize} bytes whatever the file's size;
 * nothing names the version yet, so a staged file over the limit or an upload that fails is
 * invisible and its chunks are deleted. It is then <em>attached</em>: the entity's pointer is
 * switched to the new version in one lightweight transaction (a reader reads one whole version, old
 * or new, never a mix), the entity's {@code file-metadata} is written, and the old version's chunks
 * are deleted after {@code replacedGrace}, so that a download of the old file that started before
 * the switch can finish. Streaming the bytes into and out of chunks is {@link AssetChunks}'s.
 */
public final class AssetService implements AutoCloseable {
  /** Chunk writes an upload keeps outstanding while it reads the next chunk. */
  static final int WRITES_IN_FLIGHT = 2;

  /** Collections whose entities are created and changed through identity's own rules. */
  private static final Set<CollectionName> IDENTITY =
      Set.of(RoleService.USERS, RoleService.GROUPS, RoleService.ROLES);

  private static final int SWITCH_ATTEMPTS = 5;

  private final AssetStore store;
  private final EntityService entities;
  private final AssetChunks chunks;
  private final int chunkSize;
  private final long maxBytes;
  private final Duration replacedGrace;
  private final ScheduledExecutorService cleaner;

  public AssetService(
      AssetStore store,
      EntityService entities,
      IdGenerator ids,
      Clock clock,
      int chunkSize,
      long maxBytes,
      Duration replacedGrace) {
    this.store = store;
    this.entities = entities;
    this.chunks = new AssetChunks(store, ids, clock, chunkSize, maxBytes);
    this.chunkSize = chunkSize;
    this.maxBytes = maxBytes;
    this.replacedGrace = replacedGrace;
    this.cleaner =
        Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("meridian-asset-cleaner"));
  }

  public long maxBytes() {
    return maxBytes;
  }

  /** The most bytes one upload or download holds in memory at once. */
  public long bytesHeldPerRequest() {
    return (long) (WRITES_IN_FLIGHT + 1) * chunkSize;
  }

  /**
   * Streams {@code body} into chunks under a new version that nothing names yet. Over the limit it
   * is 413 and every chunk written is deleted; an empty body is 400.
   */
  public AssetPointer stage(InputStream body, String contentType) {
    return chunks.stage(body, contentType);
  }

  /** Deletes a staged file that will not be attached. */
  public void discard(AssetPointer staged) {
    store.deleteChunks(staged.version(), staged.chunkCount());
  }

  /**
   * Gives an existing entity the staged file (and {@code properties}, merged as a {@code PUT}
   * would); an entity addressed by a name that does not exist yet is created with it. On any
   * refusal the staged file is deleted and the entity keeps what it had.
   */
  public StoredEntity attach(
      ApplicationRef app,
      CollectionName collection,
      String uuidOrName,
      AssetPointer staged,
      JsonNode properties,
      WriteOptions options) {
    try {
      requireIdentityRules(collection, properties);
      Optional<StoredEntity> existing = entities.find(app, collection, uuidOrName);
      if (existing.isEmpty()) {
        if (IDENTITY.contains(collection)) {
          throw EntityService.notFound(collection, uuidOrName);
        }
        StoredEntity created =
            entities.updateWithFile(
                app, collection, uuidOrName, properties, staged.fileMetadata(), options);
        point(app, created.uuid(), staged);
        return created;
      }
      UUID uuid = existing.get().uuid();
      entities.validate(collection, java.util.List.of(properties));
      AssetPointer replaced = point(app, uuid, staged);
      StoredEntity updated;
      try {
        updated =
            entities.updateWithFile(
                app, collection, uuid.toString(), properties, staged.fileMetadata(), options);
      } catch (RuntimeException e) {
        restore(app, uuid, staged, replaced);
        throw e;
      }
      if (replaced != null) {
        cleaner.schedule(
            () -> store.deleteChunks(replaced.version(), replaced.chunkCount()),
            replacedGrace.toMillis(),
            TimeUnit.MILLISECONDS);
      }
      return updated;
    } catch (RuntimeException e) {
      discard(staged);
      throw e;
    }
  }

  /** Creates an entity of {@code properties} holding the staged file (a multipart POST). */
  public StoredEntity create(
      ApplicationRef app,
      CollectionName collection,
      AssetPointer staged,
      JsonNode properties,
      WriteOptions options) {
    try {
      if (IDENTITY.contains(collection)) {
        throw new MeridianException(
            ErrorCode.ILLEGAL_ARGUMENT,
            "Create " + collection.plural() + " with JSON, then upload their files");
      }
      StoredEntity created =
          entities.createWithFile(app, collection, properties, staged.fileMetadata(), options);
      point(app, created.uuid(), staged);
      return created;
    } catch (RuntimeException e) {
      discard(staged);
      throw e;
    }
  }

  /** The file the entity holds, if any. */
  public Optional<AssetPointer> file(ApplicationRef app, UUID entity) {
    return store.pointer(app.id(), entity);
  }

  /**
   * Writes bytes {@code first} to {@code last} (inclusive) of the file to {@code out}, one chunk at
   * a time with the next one read ahead. A chunk that is gone (the file was replaced longer than
   * the grace ago, or deleted) ends the copy with an exception: the response is cut short, never
   * completed with another version's bytes.
   */
  public void copy(AssetPointer file, long first, long last, OutputStream out) throws IOException {
    chunks.copy(file, first, last, out);
  }

  /** Points the entity at {@code staged}; returns what it pointed at before (or null). */
  private AssetPointer point(ApplicationRef app, UUID entity, AssetPointer staged) {
    for (int attempt = 0; attempt < SWITCH_ATTEMPTS; attempt++) {
      AssetPointer current = store.pointer(app.id(), entity).orElse(null);
      if (store.replacePointer(app.id(), entity, current, staged)) {
        return current;
      }
    }
    throw new RetryLaterException(
        ErrorCode.TOO_MANY_REQUESTS,
        "Other uploads to this entity keep replacing its file; try again",
        Duration.ofSeconds(1));
  }

  private void restore(ApplicationRef app, UUID entity, AssetPointer staged, AssetPointer before) {
    if (before == null) {
      store.removePointer(app.id(), entity, staged);
    } else {
      store.replacePointer(app.id(), entity, staged, before);
    }
  }

  /**
   * Users, groups and roles keep their properties under identity's rules (passwords hashed, emails
   * unique): an upload may give them a file, not properties.
   */
  private static void requireIdentityRules(CollectionName collection, JsonNode properties) {
    if (IDENTITY.contains(collection) && properties.size() > 0) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "An upload to "
              + collection.plural()
              + " carries only the file: set their properties with JSON");
    }
  }

  @Override
  public void close() {
    cleaner.shutdown();
  }
}
