package io.meridian.core.connection;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Persistence of connections ({@code source -verb-> target}) in both directions. Every method is
 * idempotent. Each entity's row also records the verbs it has connections under, which is how a
 * loaded entity renders {@code metadata.connections} and {@code metadata.connecting} without a
 * second read.
 */
public interface ConnectionStore {

  /** Adds the connection (a no-op when it exists) and records its verb on both entities. */
  void connect(UUID applicationId, Connection connection);

  /**
   * Removes the connection; an entity left with no connection under the verb (in that direction) no
   * longer lists the verb.
   */
  void disconnect(UUID applicationId, Connection connection);

  boolean exists(UUID applicationId, Connection connection);

  /**
   * A page of one entity's connections under one verb, newest other end first (by the time in its
   * v1 uuid); strictly after {@code after} when given. Fewer than {@code limit} means no more.
   */
  List<ConnectionRef> list(
      UUID applicationId,
      UUID entity,
      Direction direction,
      String verb,
      Optional<UUID> after,
      int limit);

  /** The verbs under which the entity has connections in that direction. */
  List<String> verbs(UUID applicationId, UUID entity, Direction direction);

  /**
   * Removes every connection of a (deleted) entity in both directions, including the other ends'
   * rows and verbs.
   */
  void disconnectAll(UUID applicationId, UUID entity);
}
