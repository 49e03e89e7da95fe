package io.meridian.core.device;

import java.util.UUID;

/**
 * This node of the edge: a random id for this process (a restarted node is a new node), and the
 * base URL of its REST API that other nodes relay RPCs to. Unless configured, the address is this
 * node's API port on 127.0.0.1, known only once the web server listens; it is null until then.
 */
public final class EdgeNode {
  private final String id = UUID.randomUUID().toString();
  private final String configured;
  private volatile String address;

  public EdgeNode(String advertisedAddress) {
    this.configured =
        advertisedAddress == null || advertisedAddress.isBlank()
            ? null
            : advertisedAddress.strip().replaceFirst("/+$", "");
    this.address = configured;
  }

  public String id() {
    return id;
  }

  /** The base URL other nodes relay to, or null before the web server listens. */
  public String address() {
    return address;
  }

  /** The web server listens on {@code port}. */
  public void listening(int port) {
    if (configured == null) {
      address = "http://127.0.0.1:" + port;
    }
  }
}
