package io.meridian.loadtests.edge;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A fleet of simulated Cometa devices in this process, on Netty: attaches them at the configured
 * rate, each from its source address, keeps them attached (heartbeats), answers every RPC at once,
 * and sends upstream events at the configured rate. The counters are in {@link #stats()}.
 *
 * <p>Thread-safety: started and closed from one thread; devices run on the event loops; the pacing
 * task (attaches and events) runs on one event loop.
 */
public final class Fleet implements AutoCloseable {
  private static final Duration PACE = Duration.ofMillis(10);
  private static final int MAX_HEAD = 8 * 1024;
  private static final int MAX_CHUNK = 1024 * 1024;

  private final FleetOptions options;
  private final FleetStats stats = new FleetStats();
  private final EventLoopGroup group;
  private final Bootstrap bootstrap;
  private final InetSocketAddress edge;
  private final AtomicReferenceArray<SimulatedDevice> devices;
  private final AtomicLong eventSequence = new AtomicLong();
  private final byte[] padding;
  private volatile boolean closing;
  private long startedNanos;
  private volatile int started;
  private long eventsDue;
  private int eventCursor;

  public Fleet(FleetOptions options) {
    this.options = options;
    this.devices = new AtomicReferenceArray<>(options.count());
    this.edge = new InetSocketAddress(options.host(), options.port());
    this.padding = "x".repeat(Math.max(0, options.eventBytes())).getBytes(StandardCharsets.UTF_8);
    this.group = new MultiThreadIoEventLoopGroup(options.threads(), NioIoHandler.newFactory());
    this.bootstrap =
        new Bootstrap()
            .group(group)
            .channel(NioSocketChannel.class)
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) options.attachTimeout().toMillis())
            // Idle devices hold no read buffer; a read starts small, as RPC requests are.
            .option(
                ChannelOption.RCVBUF_ALLOCATOR, new AdaptiveRecvByteBufAllocator(64, 512, 65536));
  }

  public FleetOptions options() {
    return options;
  }

  public FleetStats stats() {
    return stats;
  }

  /** Starts attaching the devices, at the configured rate, and sending events. */
  public void start() {
    startedNanos = System.nanoTime();
    group.next().scheduleAtFixedRate(this::pace, 0, PACE.toMillis(), TimeUnit.MILLISECONDS);
  }

  /**
   * Whether the attaches are over: every device attached, or, when devices do not attach again,
   * every device tried once and none still attaching.
   */
  public boolean attachPhaseDone() {
    if (started < options.count()) {
      return false;
    }
    if (options.reattach()) {
      return stats.connected() >= options.count();
    }
    FleetStats.Snapshot now = stats.snapshot();
    return now.attaches() + now.attachFailures() >= options.count();
  }

  /** Waits until every device is attached; false when {@code timeout} passes first. */
  public boolean awaitAttached(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (stats.connected() >= options.count()) {
        return true;
      }
      Thread.sleep(100);
    }
    return stats.connected() >= options.count();
  }

  /** Closes every connection and stops the event loops. */
  @Override
  public void close() {
    closing = true;
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
  }

  boolean closing() {
    return closing;
  }

  /** Runs every {@link #PACE}: starts the attaches due, sends the events due. */
  private void pace() {
    if (closing) {
      return;
    }
    double elapsed = (System.nanoTime() - startedNanos) / 1e9;
    long due = Math.min(options.count(), (long) Math.ceil(options.attachRate() * elapsed));
    while (started < due) {
      attach(started++);
    }
    if (options.eventRate() > 0) {
      long target = (long) (options.eventRate() * elapsed);
      int misses = 0;
      while (eventsDue < target && misses < options.count()) {
        SimulatedDevice device = devices.get(eventCursor);
        eventCursor = (eventCursor + 1) % options.count();
        if (device != null && device.attached()) {
          device.sendEvent(event(device));
          eventsDue++;
          misses = 0;
        } else {
          misses++;
        }
      }
      if (misses >= options.count()) {
        eventsDue = target; // no device attached: no events are owed for that time
      }
    }
  }

  /** Opens device {@code slot}'s connection; its handler attaches it. */
  void attach(int slot) {
    if (closing) {
      return;
    }
    long number = (long) options.first() + slot;
    String id = FleetOptions.deviceId(options.prefix(), number);
    AttachRequest request =
        new AttachRequest(
            options.host() + ":" + options.port(),
            options.appKey(),
            id,
            options.info(),
            options.secretOf(number),
            options.secretMode());
    SimulatedDevice device = new SimulatedDevice(this, slot, request.bytes());
    devices.set(slot, device);
    stats.attempt();
    Bootstrap attempt =
        bootstrap
            .clone()
            .handler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel channel) {
                    channel
                        .pipeline()
                        .addLast(new EdgeResponseDecoder(MAX_HEAD, MAX_CHUNK), device);
                  }
                });
    var future =
        options.sources().isEmpty()
            ? attempt.connect(edge)
            : attempt.connect(
                edge,
                new InetSocketAddress(
                    options.sources().get((int) (number % options.sources().size())), 0));
    future.addListener(
        done -> {
          if (!done.isSuccess()) {
            stats.attachFailed("connect: " + reason(done.cause()));
            reattachLater(slot);
          }
        });
  }

  /** Attaches device {@code slot} again after 0.5 to 3 s, when the fleet reattaches. */
  void reattachLater(int slot) {
    if (closing || !options.reattach()) {
      return;
    }
    long delay = ThreadLocalRandom.current().nextLong(500, 3000);
    group.next().schedule(() -> attach(slot), delay, TimeUnit.MILLISECONDS);
  }

  private byte[] event(SimulatedDevice device) {
    long n = eventSequence.incrementAndGet();
    String json =
        "{\"n\":"
            + n
            + ",\"device\":\""
            + FleetOptions.deviceId(options.prefix(), options.first() + (long) device.slot())
            + "\",\"sent_at\":"
            + System.currentTimeMillis()
            + ",\"pad\":\"";
    byte[] head = json.getBytes(StandardCharsets.UTF_8);
    int pad = Math.max(0, options.eventBytes() - head.length - 2);
    byte[] event = new byte[head.length + pad + 2];
    System.arraycopy(head, 0, event, 0, head.length);
    System.arraycopy(padding, 0, event, head.length, Math.min(pad, padding.length));
    event[event.length - 2] = '"';
    event[event.length - 1] = '}';
    return event;
  }

  static String reason(Throwable cause) {
    if (cause == null) {
      return "unknown";
    }
    String name = cause.getClass().getSimpleName();
    String message = cause.getMessage();
    if (message == null) {
      return name;
    }
    // Keep the reason short and free of addresses, so that reasons group.
    int colon = message.indexOf(':');
    return name + " " + (colon > 0 ? message.substring(0, colon) : message);
  }
}
