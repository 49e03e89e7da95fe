package io.meridian.core.device;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * The registry in Cassandra (migrations 13 and 15): {@code device_registry}, {@code
 * edge_node_devices} and {@code edge_nodes}. Every write and delete states its timestamp; reads
 * return the timestamp a row was written with, so that whoever deletes it (its node's detach, or a
 * survivor sweeping a dead node) deletes exactly that write and nothing newer.
 */
public final class CassandraDeviceRegistry implements DeviceRegistry {
  private final CqlSession session;
  private final PreparedStatement register;
  private final PreparedStatement registerUnderNode;
  private final PreparedStatement unregister;
  private final PreparedStatement unregisterUnderNode;
  private final PreparedStatement select;
  private final PreparedStatement beat;
  private final PreparedStatement selectNodes;
  private final PreparedStatement selectNodeDevices;
  private final PreparedStatement forgetNode;

  public CassandraDeviceRegistry(CqlSession session) {
    this.session = session;
    this.register =
        session.prepare(
            "INSERT INTO device_registry (app_id, device, node, address, attached, credential)"
                + " VALUES (?, ?, ?, ?, ?, ?) USING TIMESTAMP ?");
    this.registerUnderNode =
        session.prepare(
            "INSERT INTO edge_node_devices (node, app_id, device, attached)"
                + " VALUES (?, ?, ?, ?) USING TIMESTAMP ?");
    this.unregister =
        session.prepare(
            "DELETE FROM device_registry USING TIMESTAMP ? WHERE app_id = ? AND device = ?");
    this.unregisterUnderNode =
        session.prepare(
            "DELETE FROM edge_node_devices USING TIMESTAMP ?"
                + " WHERE node = ? AND app_id = ? AND device = ?");
    this.select =
        session.prepare(
            "SELECT node, address, attached, credential, WRITETIME(node) AS written"
                + " FROM device_registry"
                + " WHERE app_id = ? AND device = ?");
    this.beat =
        session.prepare(
            "INSERT INTO edge_nodes (node, address, seen) VALUES (?, ?, ?) USING TIMESTAMP ?");
    this.selectNodes =
        session.prepare("SELECT node, address, seen, WRITETIME(seen) AS written FROM edge_nodes");
    this.selectNodeDevices =
        session.prepare(
            "SELECT app_id, device, attached, WRITETIME(attached) AS written"
                + " FROM edge_node_devices WHERE node = ?");
    this.forgetNode = session.prepare("DELETE FROM edge_nodes USING TIMESTAMP ? WHERE node = ?");
  }

  @Override
  public void attached(
      UUID app,
      String device,
      String node,
      String address,
      Instant attached,
      DeviceCredential credential,
      long writeMicros) {
    long millis = attached.toEpochMilli();
    CompletableFuture.allOf(
            session
                .executeAsync(
                    register.bind(
                        app, device, node, address, millis, credential.name(), writeMicros))
                .toCompletableFuture(),
            session
                .executeAsync(registerUnderNode.bind(node, app, device, millis, writeMicros))
                .toCompletableFuture())
        .join();
  }

  @Override
  public void detached(UUID app, String device, String node, long writeMicros) {
    CompletableFuture.allOf(
            session.executeAsync(unregister.bind(writeMicros, app, device)).toCompletableFuture(),
            session
                .executeAsync(unregisterUnderNode.bind(writeMicros, node, app, device))
                .toCompletableFuture())
        .join();
  }

  @Override
  public Optional<Entry> find(UUID app, String device) {
    Row row = session.execute(select.bind(app, device)).one();
    if (row == null || row.isNull("node")) {
      return Optional.empty();
    }
    return Optional.of(
        new Entry(
            row.getString("node"),
            row.getString("address"),
            Instant.ofEpochMilli(row.getLong("attached")),
            credential(row.getString("credential")),
            row.getLong("written")));
  }

  /** A stored credential; none (a row of a version before credentials were kept) is the weakest. */
  private static DeviceCredential credential(String stored) {
    if (stored == null) {
      return DeviceCredential.APP_KEY;
    }
    try {
      return DeviceCredential.valueOf(stored);
    } catch (IllegalArgumentException e) {
      return DeviceCredential.APP_KEY;
    }
  }

  @Override
  public void beat(String node, String address, Instant seen) {
    session.execute(beat.bind(node, address, seen.toEpochMilli(), micros(seen)));
  }

  @Override
  public List<Node> nodes() {
    List<Node> nodes = new ArrayList<>();
    for (Row row : session.execute(selectNodes.bind())) {
      if (!row.isNull("seen")) {
        nodes.add(
            new Node(
                row.getString("node"),
                row.getString("address"),
                Instant.ofEpochMilli(row.getLong("seen")),
                row.getLong("written")));
      }
    }
    return nodes;
  }

  @Override
  public List<NodeDevice> devices(String node) {
    List<NodeDevice> devices = new ArrayList<>();
    for (Row row : session.execute(selectNodeDevices.bind(node))) {
      devices.add(
          new NodeDevice(
              row.getUuid("app_id"),
              row.getString("device"),
              Instant.ofEpochMilli(row.getLong("attached")),
              row.getLong("written")));
    }
    return devices;
  }

  @Override
  public void forget(Node node) {
    session.execute(forgetNode.bind(node.writeMicros(), node.node()));
  }

  /** An instant as a Cassandra write timestamp. */
  static long micros(Instant instant) {
    return ChronoUnit.MICROS.between(Instant.EPOCH, instant);
  }
}
