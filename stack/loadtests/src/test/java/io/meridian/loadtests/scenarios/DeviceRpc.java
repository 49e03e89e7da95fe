package io.meridian.loadtests.scenarios;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.substring;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gatling.javaapi.core.ChainBuilder;
import io.meridian.loadtests.edge.FleetOptions;
import io.meridian.loadtests.load.MeridianClient;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An app's RPC to one device: {@code POST /{org}/{app}/devices/{id}/send}, the device drawn at
 * random from the simulator's ids ({@link FleetOptions#deviceId}: {@code prefix} and numbers {@code
 * first} to {@code first + devices - 1}). The body carries a token unique to the request and the
 * time it was sent; the answer must be 200 and carry the token back (the simulated devices echo,
 * or, with {@code jsonRpc}, answer a JSON-RPC request with its params as result).
 */
public final class DeviceRpc {
  private final String appPath;
  private final String prefix;
  private final int first;
  private final int devices;
  private final boolean jsonRpc;
  private final String query;
  private final String runId = MeridianClient.randomText(6);
  private final AtomicLong sequence = new AtomicLong();

  /** {@code query} is appended to the send path as it is (empty, or {@code ?name=value}). */
  public DeviceRpc(
      String appPath, String prefix, int first, int devices, boolean jsonRpc, String query) {
    this.appPath = appPath;
    this.prefix = prefix;
    this.first = first;
    this.devices = devices;
    this.jsonRpc = jsonRpc;
    this.query = query;
  }

  /** One RPC to a random device, checked. */
  public ChainBuilder send() {
    return exec(session -> {
          long n = sequence.incrementAndGet();
          String token = runId + "-" + n;
          long device = first + ThreadLocalRandom.current().nextInt(devices);
          return session
              .set("device", FleetOptions.deviceId(prefix, device))
              .set("rpcToken", token)
              .set("rpcBody", body(token, n));
        })
        .exec(
            http("device rpc")
                .post(
                    session ->
                        appPath + "/devices/" + session.getString("device") + "/send" + query)
                .body(StringBody("#{rpcBody}"))
                .check(status().is(200), substring("#{rpcToken}").exists()));
  }

  private String body(String token, long n) {
    ObjectNode params =
        MeridianClient.JSON
            .createObjectNode()
            .put("token", token)
            .put("sent_at", System.currentTimeMillis());
    if (!jsonRpc) {
      return params.put("cmd", "echo").toString();
    }
    ObjectNode request = MeridianClient.JSON.createObjectNode();
    request.put("jsonrpc", "2.0").put("method", "echo").set("params", params);
    return request.put("id", n).toString();
  }
}
