package io.meridian.testing;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityWriteObserver;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The observers of an {@code EntityService} built before them: one observer that calls, phase by
 * phase, those added to it since, in the order added. Lets a test wire an observer that needs
 * services built from the entity service (the user cleanup needs the token service).
 */
public final class Observers implements EntityWriteObserver {
  private final List<EntityWriteObserver> observers = new CopyOnWriteArrayList<>();

  public void add(EntityWriteObserver observer) {
    observers.add(observer);
  }

  @Override
  public void validate(CollectionName collection, ObjectNode properties) {
    observers.forEach(observer -> observer.validate(collection, properties));
  }

  @Override
  public void beforeWrites(ApplicationRef app, String collection, List<EntityWrite> writes) {
    observers.forEach(observer -> observer.beforeWrites(app, collection, writes));
  }

  @Override
  public void afterWrites(ApplicationRef app, String collection, List<EntityWrite> writes) {
    observers.forEach(observer -> observer.afterWrites(app, collection, writes));
  }

  @Override
  public void completed(ApplicationRef app, String collection, List<EntityWrite> writes) {
    observers.forEach(observer -> observer.completed(app, collection, writes));
  }
}
