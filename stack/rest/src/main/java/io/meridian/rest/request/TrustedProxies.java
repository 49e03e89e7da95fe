package io.meridian.rest.request;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The proxies whose {@code X-Forwarded-For} is believed ({@code meridian.api.trusted-proxies}), and
 * the client address a request resolves to through them.
 *
 * <p>A request whose TCP peer is not a trusted proxy comes from that peer, whatever its headers
 * say. From a trusted proxy, the {@code X-Forwarded-For} hops are read from the right, each one
 * appended by the proxy before it, and the first hop that is not itself a trusted proxy is the
 * client: everything to its left was written by the client or by proxies nobody vouches for, so it
 * could be anything. A hop that is not an address literal ends the walk at the trusted proxy that
 * wrote it, which is then taken as the client: a trusted proxy writes addresses, so that happens
 * only when something is misconfigured, and the proxy's own address is a safe key to throttle.
 *
 * <p>Literals are parsed without ever asking DNS: the header's contents are the client's.
 */
public final class TrustedProxies {
  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

  private final List<Range> ranges;

  private TrustedProxies(List<Range> ranges) {
    this.ranges = ranges;
  }

  /** No proxy is trusted: every request comes from its TCP peer. */
  public static TrustedProxies none() {
    return new TrustedProxies(List.of());
  }

  /**
   * Addresses ({@code 10.0.0.7}, {@code ::1}) and CIDR ranges ({@code 10.0.0.0/8}, {@code
   * fd00::/8}); anything else is refused with an {@link IllegalArgumentException} naming it.
   */
  public static TrustedProxies of(List<String> entries) {
    List<Range> ranges = new ArrayList<>();
    for (String entry : entries == null ? List.<String>of() : entries) {
      if (entry != null && !entry.isBlank()) {
        ranges.add(Range.parse(entry.trim()));
      }
    }
    return new TrustedProxies(Collections.unmodifiableList(ranges));
  }

  public boolean isEmpty() {
    return ranges.isEmpty();
  }

  /**
   * The client's address: {@code peer} unless it is trusted, else the rightmost hop of {@code
   * forwardedFor} (the header's values in order, each a comma-separated list) that is not.
   */
  public String client(String peer, List<String> forwardedFor) {
    if (ranges.isEmpty() || !trusts(literal(peer))) {
      return peer;
    }
    List<String> hops = new ArrayList<>();
    for (String value : forwardedFor) {
      for (String hop : value.split(",")) {
        if (!hop.isBlank()) {
          hops.add(hop.trim());
        }
      }
    }
    String client = peer;
    for (int i = hops.size() - 1; i >= 0; i--) {
      InetAddress hop = literal(withoutPort(hops.get(i)));
      if (hop == null) {
        return client;
      }
      client = hop.getHostAddress();
      if (!trusts(hop)) {
        return client;
      }
    }
    return client;
  }

  private boolean trusts(InetAddress address) {
    if (address == null) {
      return false;
    }
    for (Range range : ranges) {
      if (range.contains(address)) {
        return true;
      }
    }
    return false;
  }

  /** {@code [v6]:port}, {@code [v6]} and {@code v4:port} without the brackets and the port. */
  private static String withoutPort(String hop) {
    if (hop.startsWith("[")) {
      int end = hop.indexOf(']');
      return end < 0 ? hop : hop.substring(1, end);
    }
    int colon = hop.indexOf(':');
    if (colon > 0 && hop.indexOf(':', colon + 1) < 0) {
      return hop.substring(0, colon);
    }
    return hop;
  }

  /** An IPv4 or IPv6 literal, or null: never a host name, so never a DNS lookup. */
  static InetAddress literal(String text) {
    if (text == null || text.isEmpty() || text.length() > 64) {
      return null;
    }
    boolean v4 = IPV4.matcher(text).matches();
    boolean v6 = text.indexOf(':') >= 0 && text.chars().allMatch(TrustedProxies::v6Character);
    if (!v4 && !v6) {
      return null;
    }
    try {
      return InetAddress.getByName(text);
    } catch (UnknownHostException e) {
      return null;
    }
  }

  private static boolean v6Character(int c) {
    return Character.digit(c, 16) >= 0 || c == ':' || c == '.' || c == '%';
  }

  /** An address and the number of leading bits that must match it. */
  private record Range(byte[] network, int bits) {
    static Range parse(String entry) {
      int slash = entry.indexOf('/');
      InetAddress address = literal(slash < 0 ? entry : entry.substring(0, slash));
      if (address == null) {
        throw invalid(entry);
      }
      byte[] network = address.getAddress();
      int bits = network.length * 8;
      if (slash >= 0) {
        try {
          bits = Integer.parseInt(entry.substring(slash + 1));
        } catch (NumberFormatException e) {
          throw invalid(entry);
        }
        if (bits < 0 || bits > network.length * 8) {
          throw invalid(entry);
        }
      }
      return new Range(network, bits);
    }

    boolean contains(InetAddress address) {
      byte[] bytes = address.getAddress();
      if (bytes.length != network.length) {
        return false;
      }
      int whole = bits / 8;
      for (int i = 0; i < whole; i++) {
        if (bytes[i] != network[i]) {
          return false;
        }
      }
      int rest = bits % 8;
      if (rest == 0) {
        return true;
      }
      int mask = (0xff << (8 - rest)) & 0xff;
      return (bytes[whole] & mask) == (network[whole] & mask);
    }

    private static IllegalArgumentException invalid(String entry) {
      return new IllegalArgumentException(
          "meridian.api.trusted-proxies: '"
              + entry
              + "' is neither an IP address nor a CIDR range (such as 10.0.0.0/8)");
    }
  }
}
