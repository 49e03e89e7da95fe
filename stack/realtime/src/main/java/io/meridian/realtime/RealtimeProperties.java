package io.meridian.realtime;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Real time: the WebSocket API ({@code /{org}/{app}/_realtime}) and its feed.
 *
 * @param retention how long the feed keeps entries, so how far back a client can resume (at least
 *     10 minutes)
 * @param pollInterval how often a node reads the feed of each application it has subscribers for
 * @param settle how old an entry must be before a poll hands it over: more than one feed insert
 *     plus the clock skew between nodes
 * @param sweepInterval how often a node looks for entries that became readable late
 * @param sweepWindow how far back the sweep looks
 * @param maxSubscriptions subscriptions per connection
 * @param maxQueryLength characters of a subscription's {@code ql} or {@code fenceQl}
 * @param maxMessageBytes the largest message a client may send (larger: close 1009)
 * @param rate messages a connection may send per second on average
 * @param burst messages a connection may send at once
 * @param maxQueued messages waiting for a client that does not read before it is closed (4008)
 * @param snapshotLimit entities of the snapshot that follows a reset
 * @param authCheckInterval how often open connections' tokens are checked again
 * @param bufferBytes the WebSocket buffers of each connection (Tomcat's default is 8 KiB each)
 * @param socketBufferBytes the read and write buffers of every connection of the API port, HTTP
 *     ones included (Tomcat's default is 8 KiB each): what an idle WebSocket costs most
 */
@ConfigurationProperties("meridian.realtime")
public record RealtimeProperties(
    @DefaultValue("15m") Duration retention,
    @DefaultValue("20ms") Duration pollInterval,
    @DefaultValue("150ms") Duration settle,
    @DefaultValue("1s") Duration sweepInterval,
    @DefaultValue("5s") Duration sweepWindow,
    @DefaultValue("100") int maxSubscriptions,
    @DefaultValue("4096") int maxQueryLength,
    @DefaultValue("65536") int maxMessageBytes,
    @DefaultValue("1000") int rate,
    @DefaultValue("2000") int burst,
    @DefaultValue("10000") int maxQueued,
    @DefaultValue("100") int snapshotLimit,
    @DefaultValue("250ms") Duration authCheckInterval,
    @DefaultValue("2048") int bufferBytes,
    @DefaultValue("4096") int socketBufferBytes) {

  public RealtimeProperties {
    if (retention.compareTo(Duration.ofMinutes(10)) < 0) {
      throw new IllegalArgumentException("meridian.realtime.retention must be at least 10m");
    }
    if (maxSubscriptions < 1 || maxQueryLength < 1 || maxMessageBytes < 256 || rate < 1) {
      throw new IllegalArgumentException("meridian.realtime limits must be positive");
    }
    if (bufferBytes < 512 || socketBufferBytes < 1024) {
      throw new IllegalArgumentException(
          "meridian.realtime: buffer-bytes is at least 512, socket-buffer-bytes at least 1024");
    }
    if (burst < rate || maxQueued < 1 || snapshotLimit < 1 || snapshotLimit > 1000) {
      throw new IllegalArgumentException(
          "meridian.realtime: burst must be at least rate, snapshot-limit 1..1000");
    }
  }
}
