package io.meridian.core.asset;

import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * Files of entities: chunks stored under a version id that no other upload uses, and one pointer
 * per entity naming the version it holds. Chunks of a version are written before any pointer names
 * it, so a pointer never names a version that is not whole.
 */
public interface AssetStore {

  CompletionStage<Void> writeChunk(UUID version, int index, ByteBuffer bytes);

  /** The chunk, or completes with null when it is not (or no longer) there. */
  CompletionStage<ByteBuffer> readChunk(UUID version, int index);

  void deleteChunks(UUID version, int count);

  Optional<AssetPointer> pointer(UUID appId, UUID entity);

  /**
   * Points the entity at {@code next} if it still points at {@code expected} (null: at nothing). Of
   * concurrent replacements of one pointer on any node, exactly one wins.
   *
   * @return whether it did
   */
  boolean replacePointer(UUID appId, UUID entity, AssetPointer expected, AssetPointer next);

  /** Removes the pointer if it still names {@code expected}'s version. */
  boolean removePointer(UUID appId, UUID entity, AssetPointer expected);
}
