package io.meridian.realtime;

import jakarta.websocket.CloseReason;

/** The close codes of the real-time API (docs/realtime.md). */
enum Closes {
  GOING_AWAY(1001, "The node is shutting down: reconnect and resume"),
  TOO_BIG(1009, "A message was larger than the limit"),
  TOKEN_REFUSED(4001, "The connection's token is no longer valid"),
  SLOW_CLIENT(4008, "Too many messages were waiting for the client to read them");

  private final int code;
  private final String reason;

  Closes(int code, String reason) {
    this.code = code;
    this.reason = reason;
  }

  int code() {
    return code;
  }

  CloseReason reason() {
    return new CloseReason(CloseReason.CloseCodes.getCloseCode(code), reason);
  }
}
