package io.meridian.core.entity;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.common.MeridianException;
import io.meridian.core.common.TimeUuids;
import java.util.UUID;

/**
 * Which uuid a client may choose for a new entity ({@code PUT /devices/{uuid}}, as Usergrid's SDKs
 * register devices): a time-based (version 1) uuid, since entities are keyed and listed by time
 * uuids, whose time is not later than now (a uuid from the future would head its collection's
 * listing for good), and which no entity of the application holds in another collection (entities
 * of every collection share one keyspace of uuids, so the write would replace that entity).
 */
final class NewEntityUuids {
  /** How far ahead of this node's clock a client's uuid may be: clocks drift. */
  static final long MAX_AHEAD_MILLIS = 60_000;

  private final EntityStore store;
  private final IdGenerator ids;

  NewEntityUuids(EntityStore store, IdGenerator ids) {
    this.store = store;
    this.ids = ids;
  }

  /** The uuid, or a 400 (or, when another collection holds it, the 404 of a missing entity). */
  UUID require(ApplicationRef app, CollectionName collection, String text) {
    UUID uuid = UUID.fromString(text);
    if (!TimeUuids.isTimeBased(uuid)) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "A new entity's uuid is a time-based (version 1) uuid; got a version "
              + uuid.version()
              + " uuid. POST to /"
              + collection.plural()
              + " to have one drawn, or PUT by name");
    }
    long now = TimeUuids.millis(ids.newTimeUuid());
    if (TimeUuids.millis(uuid) > now + MAX_AHEAD_MILLIS) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "A new entity's uuid cannot carry a time in the future");
    }
    if (store.load(app.id(), uuid).isPresent()) {
      // Held in another collection (a holder in this one was found before we got here): the same
      // answer as for any entity this collection does not have.
      throw EntityService.notFound(collection, text);
    }
    return uuid;
  }
}
