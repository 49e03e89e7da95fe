package io.meridian.core.device;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;

/**
 * An application's edge statistics: on one node, or summed over nodes. {@code devices} and {@code
 * websockets} are what is attached now; the others count since each node started. Latency is of
 * answered RPCs in microseconds, kept as count, sum and sum of squares so that sums over nodes give
 * the exact mean and standard deviation of all the RPCs.
 *
 * @param devices devices attached now
 * @param websockets devices attached now through Cometa's WebSocket form
 * @param messages RPCs that ended (answered or failed) and upstream events
 * @param errors RPCs that timed out, met a detachment or a full queue; replies that answered
 *     nothing; and errors other parts report (a webhook's failures)
 * @param bytesUp bytes from devices: attach info, replies, events, heartbeats
 * @param bytesDown bytes to devices: RPC requests
 * @param rpcs answered RPCs, the latency's count
 */
public record EdgeTotals(
    long devices,
    long websockets,
    long messages,
    long errors,
    long bytesUp,
    long bytesDown,
    long rpcs,
    long latencyMicrosSum,
    double latencyMicrosSquares,
    long latencyMicrosMin,
    long latencyMicrosMax) {

  public static final EdgeTotals NONE = new EdgeTotals(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

  /**
   * These and another node's: counters always; devices and websockets only when {@code live}, as a
   * node that stopped writing holds no device any more (its devices reattach elsewhere).
   */
  public EdgeTotals plus(EdgeTotals other, boolean live) {
    long min;
    if (rpcs == 0) {
      min = other.latencyMicrosMin;
    } else if (other.rpcs == 0) {
      min = latencyMicrosMin;
    } else {
      min = Math.min(latencyMicrosMin, other.latencyMicrosMin);
    }
    return new EdgeTotals(
        devices + (live ? other.devices : 0),
        websockets + (live ? other.websockets : 0),
        messages + other.messages,
        errors + other.errors,
        bytesUp + other.bytesUp,
        bytesDown + other.bytesDown,
        rpcs + other.rpcs,
        latencyMicrosSum + other.latencyMicrosSum,
        latencyMicrosSquares + other.latencyMicrosSquares,
        min,
        Math.max(latencyMicrosMax, other.latencyMicrosMax));
  }

  /** The mean RPC latency in milliseconds, 0 without an answered RPC. */
  public double latencyMeanMillis() {
    return rpcs == 0 ? 0 : (double) latencyMicrosSum / rpcs / 1000.0;
  }

  /** The population standard deviation of RPC latency in milliseconds. */
  public double latencyStdDeviationMillis() {
    return standardDeviation(rpcs, latencyMicrosSum, latencyMicrosSquares) / 1000.0;
  }

  public double latencyMinMillis() {
    return rpcs == 0 ? 0 : latencyMicrosMin / 1000.0;
  }

  public double latencyMaxMillis() {
    return latencyMicrosMax / 1000.0;
  }

  /** The standard deviation of {@code count} values from their sum and sum of squares. */
  static double standardDeviation(long count, long sum, double squares) {
    if (count == 0) {
      return 0;
    }
    double mean = (double) sum / count;
    // Rounding can leave a tiny negative variance for identical values.
    return Math.sqrt(Math.max(0, squares / count - mean * mean));
  }

  /** As a node stores its row in {@code edge_stats}. */
  public String toJson() {
    ObjectNode json = Json.object();
    json.put("devices", devices);
    json.put("websockets", websockets);
    json.put("messages", messages);
    json.put("errors", errors);
    json.put("bytes_up", bytesUp);
    json.put("bytes_down", bytesDown);
    json.put("rpcs", rpcs);
    json.put("latency_sum", latencyMicrosSum);
    json.put("latency_squares", latencyMicrosSquares);
    json.put("latency_min", latencyMicrosMin);
    json.put("latency_max", latencyMicrosMax);
    return Json.write(json);
  }

  /** A stored row read back; a member it lacks (an older or newer node wrote it) counts 0. */
  public static EdgeTotals fromJson(String stored) {
    JsonNode json = Json.parseStoredObject(stored);
    return new EdgeTotals(
        json.path("devices").asLong(),
        json.path("websockets").asLong(),
        json.path("messages").asLong(),
        json.path("errors").asLong(),
        json.path("bytes_up").asLong(),
        json.path("bytes_down").asLong(),
        json.path("rpcs").asLong(),
        json.path("latency_sum").asLong(),
        json.path("latency_squares").asDouble(),
        json.path("latency_min").asLong(),
        json.path("latency_max").asLong());
  }
}
