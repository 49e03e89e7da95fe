package io.meridian.testing.entity;

import io.meridian.core.connection.Connection;
import io.meridian.core.connection.ConnectionRef;
import io.meridian.core.connection.ConnectionStore;
import io.meridian.core.connection.Direction;
import io.meridian.testing.TimeUuidOrder;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * {@link ConnectionStore} in memory with {@code CassandraConnectionStore}'s layout: an {@code OUT}
 * row under the source and an {@code IN} row under the target, one partition per entity, direction
 * and verb, newest other end first; and per entity the verbs it has connections under, each dropped
 * once its partition is empty. The verbs outlive the entity's own row, as they do in Cassandra, so
 * {@link #disconnectAll} finds a deleted entity's connections.
 */
public final class MemoryConnectionStore implements ConnectionStore {
  private record Side(UUID app, UUID entity, Direction direction, String verb) {}

  private record Owner(UUID app, UUID entity) {}

  private final Map<Side, TreeMap<UUID, String>> partitions = new HashMap<>();
  private final Map<Owner, Map<Direction, TreeSet<String>>> verbs = new HashMap<>();

  @Override
  public synchronized void connect(UUID applicationId, Connection connection) {
    Side out = out(applicationId, connection);
    Side in = in(applicationId, connection);
    partition(out).put(connection.target(), connection.targetCollection());
    partition(in).put(connection.source(), connection.sourceCollection());
    verbsOf(out).add(out.verb());
    verbsOf(in).add(in.verb());
  }

  @Override
  public synchronized void disconnect(UUID applicationId, Connection connection) {
    Side out = out(applicationId, connection);
    Side in = in(applicationId, connection);
    partition(out).remove(connection.target());
    partition(in).remove(connection.source());
    dropVerbIfEmpty(out);
    dropVerbIfEmpty(in);
  }

  @Override
  public synchronized boolean exists(UUID applicationId, Connection connection) {
    return partition(out(applicationId, connection)).containsKey(connection.target());
  }

  @Override
  public synchronized List<ConnectionRef> list(
      UUID applicationId,
      UUID entity,
      Direction direction,
      String verb,
      Optional<UUID> after,
      int limit) {
    List<ConnectionRef> page = new ArrayList<>();
    TreeMap<UUID, String> partition = partition(new Side(applicationId, entity, direction, verb));
    Map<UUID, String> rest = after.isPresent() ? partition.tailMap(after.get(), false) : partition;
    for (Map.Entry<UUID, String> row : rest.entrySet()) {
      if (page.size() >= limit) {
        break;
      }
      page.add(new ConnectionRef(row.getKey(), row.getValue()));
    }
    return page;
  }

  @Override
  public synchronized List<String> verbs(UUID applicationId, UUID entity, Direction direction) {
    Map<Direction, TreeSet<String>> held = verbs.get(new Owner(applicationId, entity));
    return held == null ? List.of() : List.copyOf(held.getOrDefault(direction, new TreeSet<>()));
  }

  @Override
  public synchronized void disconnectAll(UUID applicationId, UUID entity) {
    Map<Direction, TreeSet<String>> held = verbs.remove(new Owner(applicationId, entity));
    if (held == null) {
      return;
    }
    held.forEach(
        (direction, names) -> {
          Direction opposite = direction == Direction.OUT ? Direction.IN : Direction.OUT;
          for (String verb : names) {
            TreeMap<UUID, String> partition =
                partitions.remove(new Side(applicationId, entity, direction, verb));
            for (UUID other : partition == null ? List.<UUID>of() : partition.keySet()) {
              Side mirror = new Side(applicationId, other, opposite, verb);
              partition(mirror).remove(entity);
              dropVerbIfEmpty(mirror);
            }
          }
        });
  }

  private TreeMap<UUID, String> partition(Side side) {
    return partitions.computeIfAbsent(side, s -> new TreeMap<>(TimeUuidOrder.DESCENDING));
  }

  private TreeSet<String> verbsOf(Side side) {
    return verbs
        .computeIfAbsent(new Owner(side.app(), side.entity()), o -> new EnumMap<>(Direction.class))
        .computeIfAbsent(side.direction(), d -> new TreeSet<>());
  }

  private void dropVerbIfEmpty(Side side) {
    if (partition(side).isEmpty()) {
      partitions.remove(side);
      Map<Direction, TreeSet<String>> held = verbs.get(new Owner(side.app(), side.entity()));
      if (held != null && held.containsKey(side.direction())) {
        held.get(side.direction()).remove(side.verb());
      }
    }
  }

  private static Side out(UUID applicationId, Connection connection) {
    return new Side(applicationId, connection.source(), Direction.OUT, connection.verb());
  }

  private static Side in(UUID applicationId, Connection connection) {
    return new Side(applicationId, connection.target(), Direction.IN, connection.verb());
  }
}
