package io.meridian.core.device;

/**
 * Traffic and RPC latency of one attached device, as this node counted them since it attached.
 * Mutated under the device's lock in {@link DeviceHub}; read as {@link Snapshot}s.
 */
public final class DeviceCounters {
  long bytesReceived;
  long messagesReceived;
  long bytesSent;
  long messagesSent;
  long rpcs;
  long errors;
  long latencyMicrosSum;
  double latencyMicrosSquares;
  long latencyMicrosMin = Long.MAX_VALUE;
  long latencyMicrosMax;

  void received(int bytes) {
    bytesReceived += bytes;
    messagesReceived++;
  }

  void sent(int bytes) {
    bytesSent += bytes;
    messagesSent++;
  }

  void answered(long nanos) {
    long micros = nanos / 1000;
    rpcs++;
    latencyMicrosSum += micros;
    latencyMicrosSquares += (double) micros * micros;
    latencyMicrosMin = Math.min(latencyMicrosMin, micros);
    latencyMicrosMax = Math.max(latencyMicrosMax, micros);
  }

  Snapshot snapshot() {
    return new Snapshot(
        bytesReceived,
        messagesReceived,
        bytesSent,
        messagesSent,
        rpcs,
        errors,
        latencyMicrosSum,
        latencyMicrosSquares,
        rpcs == 0 ? 0 : latencyMicrosMin,
        latencyMicrosMax);
  }

  /**
   * The counters at one moment. Received is from the device (replies, events, heartbeats), sent is
   * to it (RPC requests). Latency is of answered RPCs, in microseconds.
   */
  public record Snapshot(
      long bytesReceived,
      long messagesReceived,
      long bytesSent,
      long messagesSent,
      long rpcs,
      long errors,
      long latencyMicrosSum,
      double latencyMicrosSquares,
      long latencyMicrosMin,
      long latencyMicrosMax) {}
}
