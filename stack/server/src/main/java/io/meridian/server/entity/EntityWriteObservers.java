package io.meridian.server.entity;

import io.meridian.core.entity.EntityWriteObserver;
import java.util.List;

/**
 * The entity write observers in their order, as one bean: a list of its own type, so that Spring
 * never gathers observers by type behind the configuration's back.
 */
record EntityWriteObservers(List<EntityWriteObserver> ordered) {
  EntityWriteObservers {
    ordered = List.copyOf(ordered);
  }
}
