package io.meridian.loadtests.edge;

import com.fasterxml.jackson.databind.JsonNode;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * One simulated device on one connection: writes its attach request, waits for the edge's 200 and
 * its first chunk ({@code {"msg":"200 OK","heartbeat":60,...}}), then heartbeats at the announced
 * period (its first one at a random point of the first period, so that a fleet's heartbeats
 * spread), answers each RPC chunk at once, and sends the events the fleet gives it.
 *
 * <p>Runs on its channel's event loop; {@link #sendEvent} may be called from any thread.
 */
final class SimulatedDevice extends SimpleChannelInboundHandler<EdgeMessage> {
  private final Fleet fleet;
  private final int slot;
  private final byte[] attachRequest;
  private final Framing framing;
  private volatile Channel channel;
  private volatile boolean attached;
  private boolean refused;
  private int status;
  private long connectedNanos;
  private ScheduledFuture<?> timeout;
  private ScheduledFuture<?> heartbeats;

  SimulatedDevice(Fleet fleet, int slot, byte[] attachRequest) {
    this.fleet = fleet;
    this.slot = slot;
    this.attachRequest = attachRequest;
    this.framing = fleet.options().framing();
  }

  int slot() {
    return slot;
  }

  boolean attached() {
    return attached;
  }

  @Override
  public void channelActive(ChannelHandlerContext context) {
    channel = context.channel();
    connectedNanos = System.nanoTime();
    write(attachRequest);
    Duration limit = fleet.options().attachTimeout();
    timeout =
        context
            .executor()
            .schedule(
                () -> {
                  if (!attached && !refused) {
                    refused = true;
                    fleet.stats().attachFailed("timeout");
                    context.close();
                  }
                },
                limit.toMillis(),
                TimeUnit.MILLISECONDS);
    context.fireChannelActive();
  }

  @Override
  protected void channelRead0(ChannelHandlerContext context, EdgeMessage message) {
    if (message instanceof EdgeMessage.Head head) {
      status = head.status();
      if (status != 200) {
        refuse(context, "refused " + status);
      }
    } else if (message instanceof EdgeMessage.Chunk chunk) {
      fleet.stats().received(chunk.data().length);
      if (attached) {
        answer(chunk.data());
      } else if (!refused) {
        confirm(context, chunk.data());
      }
    } else {
      context.close();
    }
  }

  /** The first chunk: the edge's confirmation, or its refusal. */
  private void confirm(ChannelHandlerContext context, byte[] data) {
    JsonNode confirmation;
    try {
      confirmation = FleetStats.JSON.readTree(data);
    } catch (IOException e) {
      refuse(context, "bad confirmation");
      return;
    }
    String msg = confirmation == null ? "" : confirmation.path("msg").asText("");
    if (!msg.startsWith("200")) {
      refuse(context, "refused " + (msg.isEmpty() ? "without msg" : msg));
      return;
    }
    attached = true;
    timeout.cancel(false);
    fleet.stats().attached(System.nanoTime() - connectedNanos);
    Duration period = fleet.options().heartbeat();
    if (period == null) {
      period = Duration.ofSeconds(Math.max(1, confirmation.path("heartbeat").asLong(60)));
    }
    long millis = period.toMillis();
    heartbeats =
        context
            .executor()
            .scheduleAtFixedRate(
                this::heartbeat,
                ThreadLocalRandom.current().nextLong(millis / 2, millis),
                millis,
                TimeUnit.MILLISECONDS);
  }

  private void refuse(ChannelHandlerContext context, String reason) {
    if (!refused) {
      refused = true;
      timeout.cancel(false);
      fleet.stats().attachFailed(reason);
    }
    context.close();
  }

  private void answer(byte[] request) {
    write(framing.reply(fleet.options().replier().reply(request)));
    fleet.stats().rpc();
  }

  private void heartbeat() {
    write(framing.heartbeat());
    fleet.stats().heartbeat();
  }

  void sendEvent(byte[] event) {
    Channel current = channel;
    if (current != null && attached) {
      write(framing.upstream(event));
      fleet.stats().event();
    }
  }

  private void write(byte[] bytes) {
    Channel current = channel;
    if (current == null) {
      return;
    }
    fleet.stats().sent(bytes.length);
    current.writeAndFlush(Unpooled.wrappedBuffer(bytes), current.voidPromise());
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
    if (attached) {
      fleet.stats().error(Fleet.reason(cause));
    } else if (!refused) {
      refused = true;
      fleet.stats().attachFailed(Fleet.reason(cause));
    }
    context.close();
  }

  @Override
  public void channelInactive(ChannelHandlerContext context) {
    if (timeout != null) {
      timeout.cancel(false);
    }
    if (heartbeats != null) {
      heartbeats.cancel(false);
    }
    if (attached) {
      attached = false;
      fleet.stats().disconnected();
      fleet.reattachLater(slot);
    } else {
      if (!refused) {
        refused = true;
        fleet.stats().attachFailed("closed before confirmation" + (status > 0 ? " " + status : ""));
      }
      fleet.reattachLater(slot);
    }
    context.fireChannelInactive();
  }

  @Override
  public boolean isSharable() {
    return false;
  }
}
