package io.meridian.testing.device;

import io.meridian.core.device.DeviceCredential;
import io.meridian.core.device.DeviceRegistry;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * {@link DeviceRegistry} in memory with {@code CassandraDeviceRegistry}'s timestamp rules: a write
 * older than the row's or than a delete of it is ignored; a delete removes what was written at or
 * before its time.
 */
public final class MemoryDeviceRegistry implements DeviceRegistry {
  private record Key(UUID app, String device) {}

  private final Map<Key, Entry> rows = new HashMap<>();
  private final Map<Key, Long> deletedAt = new HashMap<>();
  private final Map<String, Map<Key, NodeDevice>> underNodes = new HashMap<>();
  private final Map<String, Node> nodes = new HashMap<>();

  @Override
  public synchronized void attached(
      UUID app,
      String device,
      String node,
      String address,
      Instant attached,
      DeviceCredential credential,
      long writeMicros) {
    Key key = new Key(app, device);
    Entry current = rows.get(key);
    if (deletedAt.getOrDefault(key, Long.MIN_VALUE) < writeMicros
        && (current == null || current.writeMicros() < writeMicros)) {
      rows.put(key, new Entry(node, address, attached, credential, writeMicros));
    }
    underNodes
        .computeIfAbsent(node, n -> new HashMap<>())
        .put(key, new NodeDevice(app, device, attached, writeMicros));
  }

  @Override
  public synchronized void detached(UUID app, String device, String node, long writeMicros) {
    Key key = new Key(app, device);
    deletedAt.merge(key, writeMicros, Math::max);
    Entry current = rows.get(key);
    if (current != null && current.writeMicros() <= writeMicros) {
      rows.remove(key);
    }
    Map<Key, NodeDevice> held = underNodes.getOrDefault(node, Map.of());
    NodeDevice row = held.get(key);
    if (row != null && row.writeMicros() <= writeMicros) {
      underNodes.get(node).remove(key);
    }
  }

  @Override
  public synchronized Optional<Entry> find(UUID app, String device) {
    return Optional.ofNullable(rows.get(new Key(app, device)));
  }

  @Override
  public synchronized void beat(String node, String address, Instant seen) {
    nodes.put(node, new Node(node, address, seen, ChronoUnit.MICROS.between(Instant.EPOCH, seen)));
  }

  @Override
  public synchronized List<Node> nodes() {
    return new ArrayList<>(nodes.values());
  }

  @Override
  public synchronized List<NodeDevice> devices(String node) {
    return new ArrayList<>(underNodes.getOrDefault(node, Map.of()).values());
  }

  @Override
  public synchronized void forget(Node node) {
    Node current = nodes.get(node.node());
    if (current != null && current.writeMicros() <= node.writeMicros()) {
      nodes.remove(node.node());
    }
  }
}
