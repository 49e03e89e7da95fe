package io.meridian.core.push;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.entity.EntityWriteObserver;
import io.meridian.core.entity.StoredEntity;
import java.util.List;

/** A deleted notifier's sealed credentials are deleted with it. */
public final class NotifierCleanup implements EntityWriteObserver {
  private final PushStore store;

  public NotifierCleanup(PushStore store) {
    this.store = store;
  }

  @Override
  public void completed(ApplicationRef app, String collection, List<EntityWrite> writes) {
    if (!collection.equals(NotifierService.NOTIFIERS.plural())) {
      return;
    }
    for (StoredEntity notifier : EntityWrite.deleted(writes)) {
      store.deleteCredentials(app.id(), notifier.uuid());
    }
  }
}
