package io.meridian.core.identity.login;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The key under which a client address is throttled. An IPv4 address is its own key; an IPv6
 * address is keyed by its /64 prefix, since one subscriber usually holds a whole /64 and could
 * otherwise give every attempt an address of its own.
 */
public final class ClientAddresses {
  private ClientAddresses() {}

  /** The throttling key of {@code address}; blank stays blank, and anything unparsable as is. */
  public static String key(String address) {
    if (address == null || address.isBlank() || address.indexOf(':') < 0) {
      return address;
    }
    try {
      // A string with ':' is only ever parsed as an IPv6 literal, never looked up in DNS.
      InetAddress parsed = InetAddress.getByName(address);
      if (!(parsed instanceof Inet6Address)) {
        return parsed.getHostAddress();
      }
      byte[] bytes = parsed.getAddress();
      StringBuilder prefix = new StringBuilder();
      for (int i = 0; i < 8; i += 2) {
        prefix.append(Integer.toHexString(((bytes[i] & 0xff) << 8) | (bytes[i + 1] & 0xff)));
        prefix.append(':');
      }
      return prefix.append(":/64").toString();
    } catch (UnknownHostException e) {
      return address;
    }
  }
}
