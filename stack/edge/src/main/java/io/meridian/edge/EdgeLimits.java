package io.meridian.edge;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How many devices one client address and one application may hold attached at once on a node, and
 * how many RPCs one caller and one application may have waiting for devices' replies on it
 * (docs/devices.md#limits); 0 lifts a bound.
 *
 * <p>A node holds one open file per device in a process allowed 20,000 here: one address takes at
 * most a quarter of them (a fleet behind one NAT, or the device simulator's 19,000 devices over 8
 * addresses, fits), one application all but a thousand. A waiting RPC holds one of the API's 200
 * request threads: one caller takes at most half, one application three quarters.
 *
 * @param attachmentsPerAddress devices attached from one client address (the TCP peer: the device
 *     ports take no forwarded address)
 * @param attachmentsPerApplication devices of one application attached to this node
 * @param rpcsPerCaller RPCs of one authenticated caller waiting on this node
 * @param rpcsPerApplication RPCs to one application's devices waiting on this node
 */
@ConfigurationProperties("meridian.edge.limits")
public record EdgeLimits(
    @DefaultValue("5000") int attachmentsPerAddress,
    @DefaultValue("19000") int attachmentsPerApplication,
    @DefaultValue("100") int rpcsPerCaller,
    @DefaultValue("150") int rpcsPerApplication) {

  public EdgeLimits {
    if (attachmentsPerAddress < 0
        || attachmentsPerApplication < 0
        || rpcsPerCaller < 0
        || rpcsPerApplication < 0) {
      throw new IllegalArgumentException("meridian.edge.limits are 0 (no bound) or positive");
    }
  }
}
