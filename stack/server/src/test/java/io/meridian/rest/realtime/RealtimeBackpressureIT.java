package io.meridian.rest.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.realtime.RealtimeService;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.SharedResources;
import io.meridian.rest.support.SocketClient;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A client that does not read is closed with 4008 once its queue is full, is counted, and leaves
 * nothing behind: the node's heap after it is what it was before.
 */
@ResourceLock(SharedResources.SLOW_CLIENTS)
class RealtimeBackpressureIT extends MeridianIT {
  @Autowired private RealtimeService service;

  @Test
  void aClientThatDoesNotReadIsClosedAndTheHeapStaysFlat() {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    long slowBefore = service.droppedSlow();
    long heapBefore = usedHeapAfterGc(memory);
    for (int round = 0; round < 3; round++) {
      long dropped = service.droppedSlow();
      try (SocketClient socket = SocketClient.openNotReading(api.base(), org, app, api.token())) {
        for (int i = 0; i < 100; i++) {
          socket.send("{\"op\":\"subscribe\",\"collection\":\"floods\"}");
        }
        StringJoiner array = new StringJoiner(",", "[", "]");
        String pad = "p".repeat(1_000);
        for (int i = 0; i < 50; i++) {
          array.add("{\"pad\":\"" + pad + "\",\"n\":" + i + "}");
        }
        Eventually.within(
            Duration.ofSeconds(60),
            () -> {
              assertThat(api.post(path("floods"), array.toString()).status()).isEqualTo(200);
              assertThat(service.droppedSlow()).isGreaterThan(dropped);
            });
      }
    }
    assertThat(service.droppedSlow() - slowBefore).isEqualTo(3);
    Eventually.within(Duration.ofSeconds(30), () -> assertThat(service.queued()).isZero());
    long heapAfter = usedHeapAfterGc(memory);
    // Each round queued 10,000 events of ~1 KB (~20 MB as Java strings); none of it may stay.
    assertThat(heapAfter - heapBefore).isLessThan(16L * 1024 * 1024);
  }

  private static long usedHeapAfterGc(MemoryMXBean memory) {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return memory.getHeapMemoryUsage().getUsed();
  }
}
