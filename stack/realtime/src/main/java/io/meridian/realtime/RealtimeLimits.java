package io.meridian.realtime;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How many real-time sockets and subscriptions one client address, one identity and one application
 * may hold open at once on a node (docs/realtime.md#limits); 0 lifts a bound. A node holds at most
 * {@code server.tomcat.max-connections} (16,384) connections, HTTP ones included, in a process
 * allowed 20,000 open files: one application takes at most three quarters of them, one address or
 * identity a sixteenth.
 *
 * @param socketsPerAddress sockets from one client address (after the trusted-proxy rule)
 * @param socketsPerIdentity sockets of one authenticated caller (a guest socket counts once it
 *     authenticates)
 * @param socketsPerApplication sockets of one application on this node
 * @param subscriptionsPerIdentity subscriptions of one authenticated caller over all its sockets
 * @param subscriptionsPerApplication subscriptions of one application on this node
 */
@ConfigurationProperties("meridian.realtime.limits")
public record RealtimeLimits(
    @DefaultValue("1000") int socketsPerAddress,
    @DefaultValue("1000") int socketsPerIdentity,
    @DefaultValue("12000") int socketsPerApplication,
    @DefaultValue("10000") int subscriptionsPerIdentity,
    @DefaultValue("100000") int subscriptionsPerApplication) {

  public RealtimeLimits {
    if (socketsPerAddress < 0
        || socketsPerIdentity < 0
        || socketsPerApplication < 0
        || subscriptionsPerIdentity < 0
        || subscriptionsPerApplication < 0) {
      throw new IllegalArgumentException("meridian.realtime.limits are 0 (no bound) or positive");
    }
  }
}
