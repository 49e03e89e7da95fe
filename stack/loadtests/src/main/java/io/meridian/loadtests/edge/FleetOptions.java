package io.meridian.loadtests.edge;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a fleet of simulated devices does.
 *
 * @param host the edge's host
 * @param port the edge's device port ({@code meridian.edge.port})
 * @param appKey the application's client id
 * @param prefix device ids are {@code prefix} and a six-digit number ({@link #deviceId})
 * @param first the number of this fleet's first device: processes of one run take disjoint ranges
 * @param count devices in this fleet
 * @param attachRate new attaches per second
 * @param sources local addresses to bind, device {@code n} on {@code sources[n % size]}; empty: the
 *     kernel's choice. Spreading devices over many loopback addresses gives each its own ephemeral
 *     ports, so one machine can open more than the ~28,000 of one address towards one port.
 * @param secret the per-device secret (empty: none); a {@code %d} in it is the device's number
 * @param secretMode where the secret goes
 * @param framing the SDK whose bytes the devices write
 * @param replier what devices answer to RPCs
 * @param eventRate upstream events per second, over the whole fleet (0: none)
 * @param eventBytes the size of an event's JSON, padded
 * @param heartbeat the heartbeat period; null: the one the edge announces
 * @param info the device's info string (the attach body)
 * @param reattach whether a device whose connection closes attaches again (after 0.5-3 s)
 * @param attachTimeout how long an attach may take, connection included
 * @param threads event loop threads
 */
public record FleetOptions(
    String host,
    int port,
    String appKey,
    String prefix,
    int first,
    int count,
    double attachRate,
    List<InetAddress> sources,
    String secret,
    AttachRequest.SecretMode secretMode,
    Framing framing,
    Replier replier,
    double eventRate,
    int eventBytes,
    Duration heartbeat,
    String info,
    boolean reattach,
    Duration attachTimeout,
    int threads) {

  /** The id of device number {@code number}: the one naming both the simulator and Gatling use. */
  public static String deviceId(String prefix, long number) {
    return prefix + String.format(Locale.ROOT, "%06d", number);
  }

  /** The secret of device number {@code number}. */
  public String secretOf(long number) {
    return secret.contains("%d") ? secret.replace("%d", Long.toString(number)) : secret;
  }

  /** {@code count} consecutive IPv4 addresses from {@code base} (127.0.1.1, 127.0.1.2 ...). */
  public static List<InetAddress> addresses(String base, int count) {
    List<InetAddress> addresses = new ArrayList<>(count);
    try {
      byte[] raw = InetAddress.getByName(base).getAddress();
      if (raw.length != 4) {
        throw new IllegalArgumentException("source addresses must be IPv4: " + base);
      }
      long value =
          ((raw[0] & 0xffL) << 24)
              | ((raw[1] & 0xffL) << 16)
              | ((raw[2] & 0xffL) << 8)
              | raw[3] & 0xff;
      for (int i = 0; i < count; i++) {
        long next = value + i;
        addresses.add(
            InetAddress.getByAddress(
                new byte[] {
                  (byte) (next >> 24), (byte) (next >> 16), (byte) (next >> 8), (byte) next
                }));
      }
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("not an address: " + base, e);
    }
    return addresses;
  }
}
