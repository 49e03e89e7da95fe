package io.meridian.core.asset;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.entity.EntityWriteObserver;
import io.meridian.core.entity.StoredEntity;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** A deleted entity's file goes with it: its pointer is removed, then its chunks deleted. */
public final class AssetCleanup implements EntityWriteObserver {
  private final AssetStore store;

  public AssetCleanup(AssetStore store) {
    this.store = store;
  }

  @Override
  public void completed(ApplicationRef app, String collection, List<EntityWrite> writes) {
    for (StoredEntity deleted : EntityWrite.deleted(writes)) {
      removeFile(app, deleted.uuid());
    }
  }

  private void removeFile(ApplicationRef app, UUID entity) {
    Optional<AssetPointer> file = store.pointer(app.id(), entity);
    if (file.isPresent() && store.removePointer(app.id(), entity, file.get())) {
      store.deleteChunks(file.get().version(), file.get().chunkCount());
    }
  }
}
