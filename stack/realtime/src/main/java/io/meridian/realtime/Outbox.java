package io.meridian.realtime;

import jakarta.websocket.RemoteEndpoint;
import jakarta.websocket.SendHandler;
import jakarta.websocket.SendResult;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A connection's messages on their way out: a bounded queue drained by one asynchronous send at a
 * time (the container allows no more), so no thread ever waits for a slow client. When more than
 * the bound are waiting the client is not reading: {@code overflow} runs once and nothing more is
 * queued.
 */
final class Outbox implements SendHandler {
  private final RemoteEndpoint.Async remote;
  private final int bound;
  private final Runnable overflow;
  private final Runnable failed;
  private final ConcurrentLinkedQueue<String> queue = new ConcurrentLinkedQueue<>();
  private final AtomicInteger size = new AtomicInteger();
  private final AtomicBoolean sending = new AtomicBoolean();
  private final AtomicBoolean overflowed = new AtomicBoolean();
  private volatile boolean closed;

  Outbox(RemoteEndpoint.Async remote, int bound, Runnable overflow, Runnable failed) {
    this.remote = remote;
    this.bound = bound;
    this.overflow = overflow;
    this.failed = failed;
  }

  /** Queues a message; false when the outbox is closed or full (the overflow has run). */
  boolean offer(String message) {
    if (closed) {
      return false;
    }
    if (size.incrementAndGet() > bound) {
      size.decrementAndGet();
      if (overflowed.compareAndSet(false, true)) {
        closed = true;
        queue.clear();
        overflow.run();
      }
      return false;
    }
    queue.add(message);
    drain();
    return true;
  }

  int size() {
    return size.get();
  }

  /** Stops sending; what is queued is dropped. */
  void close() {
    closed = true;
    queue.clear();
  }

  private void drain() {
    while (!queue.isEmpty() && sending.compareAndSet(false, true)) {
      String next = queue.poll();
      if (next == null) {
        sending.set(false);
        continue;
      }
      if (closed) {
        sending.set(false);
        return;
      }
      try {
        remote.sendText(next, this);
      } catch (RuntimeException e) {
        sending.set(false);
        close();
        failed.run();
      }
      return;
    }
  }

  @Override
  public void onResult(SendResult result) {
    size.decrementAndGet();
    sending.set(false);
    if (!result.isOK()) {
      close();
      failed.run();
      return;
    }
    drain();
  }
}
