package io.meridian.testing.device;

import io.meridian.core.device.DeviceEntities;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** Device entities in memory, with the same condition on disconnection as the real ones. */
public class MemoryDeviceEntities implements DeviceEntities {
  /** A device's presence as its entity would show it. */
  public record Shown(
      boolean connected, String node, Instant connectedAt, String info, Instant at) {}

  public final Map<String, Shown> devices = new ConcurrentHashMap<>();
  public final List<String> calls = new CopyOnWriteArrayList<>();

  @Override
  public void takeover(
      UUID app, String device, Takeover what, Instant at, String ipAddress, String transport) {
    calls.add(what.property + " " + device + " " + ipAddress + " " + transport);
  }

  @Override
  public void connected(Presence presence, String info) {
    calls.add("connected " + presence.device() + (info == null ? " refresh" : ""));
    Shown previous = devices.get(presence.device());
    String kept = info != null ? info : previous == null ? null : previous.info();
    devices.put(
        presence.device(),
        new Shown(true, presence.node(), presence.connectedAt(), kept, presence.heartbeat()));
  }

  @Override
  public void disconnected(UUID app, String device, String node, Instant connectedAt, Instant at) {
    calls.add("disconnected " + device);
    devices.computeIfPresent(
        device,
        (id, shown) ->
            shown.connected()
                    && shown.node().equals(node)
                    && shown.connectedAt().equals(connectedAt)
                ? new Shown(false, node, connectedAt, shown.info(), at)
                : shown);
  }
}
