package io.meridian.loadtests.edge;

/** What a device reads from the edge: the response's head, then its chunks, then maybe its end. */
public sealed interface EdgeMessage {

  /** The attach response's status line and framing. */
  record Head(int status, boolean chunked, long contentLength) implements EdgeMessage {}

  /**
   * One chunk's data (the attach confirmation, then one RPC request each), or the whole body of a
   * response that is not chunked (a refusal).
   */
  record Chunk(byte[] data) implements EdgeMessage {}

  /** The last chunk (size 0), or the end of a body that is not chunked. */
  record End() implements EdgeMessage {}
}
