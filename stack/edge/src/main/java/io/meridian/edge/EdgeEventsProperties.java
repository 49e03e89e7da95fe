package io.meridian.edge;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Devices' upstream events on their way to the real-time feed and the webhook, and the edge
 * settings of applications (docs/device-events.md).
 *
 * @param lanes threads publishing events; a device's events always take the same one, in order
 * @param capacity events waiting on a node at most, shared by the lanes; more are dropped and
 *     counted
 * @param entityCache how long a device's entity is reused for its events
 * @param settingsCache how long a node reuses an application's edge settings it read (a change made
 *     on another node applies within this time)
 */
@ConfigurationProperties("meridian.edge.events")
public record EdgeEventsProperties(
    @DefaultValue("2") int lanes,
    @DefaultValue("10000") int capacity,
    @DefaultValue("5s") Duration entityCache,
    @DefaultValue("5s") Duration settingsCache) {
  public EdgeEventsProperties {
    if (lanes < 1 || capacity < 1) {
      throw new IllegalArgumentException("meridian.edge.events.lanes and capacity are at least 1");
    }
  }
}
