package io.meridian.core.identity.token;

import io.meridian.core.common.EventFeed;
import java.time.Clock;
import java.time.Duration;

/**
 * Keeps this node's cached access state (token revocations, permissions, applications) within a
 * second of the cluster's: listeners drop what they cached when an event names it. While polls fail
 * for longer than the staleness bound, requests are refused: a node that cannot see revocations
 * must not keep honouring revoked tokens.
 */
public final class AccessFeed extends EventFeed<AccessEvent> {

  public AccessFeed(
      AccessEventStore store,
      Clock clock,
      Duration interval,
      Duration lookback,
      Duration maxStaleness) {
    super("access", store, clock, interval, lookback, maxStaleness);
  }
}
