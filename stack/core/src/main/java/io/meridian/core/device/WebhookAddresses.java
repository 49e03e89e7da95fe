package io.meridian.core.device;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.apache.hc.client5.http.DnsResolver;

/**
 * Where a webhook delivery may connect: its host is looked up once per connection and every address
 * checked; the connection then goes to exactly those addresses. Checking a name and letting the
 * HTTP client look it up again would let a name that answers a public address to the check and a
 * private one to the connection (DNS rebinding) reach the cluster's own network.
 *
 * <p>Unless private addresses are allowed, a host with any loopback, private, link-local, unique
 * local, carrier-grade NAT, multicast or unspecified address is refused whole, before a connection
 * is tried.
 */
public final class WebhookAddresses implements DnsResolver {
  /** Looks a host up ({@code InetAddress::getAllByName}); tests answer what they please. */
  @FunctionalInterface
  public interface Lookup {
    InetAddress[] all(String host) throws UnknownHostException;
  }

  /** A host refused for the address it has; a delivery fails on it and is not retried. */
  public static final class RefusedAddress extends UnknownHostException {
    RefusedAddress(String host) {
      super(host + " has a local or private address; webhooks may not reach them");
    }
  }

  private final Lookup lookup;
  private final boolean allowPrivate;

  public WebhookAddresses(Lookup lookup, boolean allowPrivate) {
    this.lookup = lookup;
    this.allowPrivate = allowPrivate;
  }

  @Override
  public InetAddress[] resolve(String host) throws UnknownHostException {
    InetAddress[] addresses = lookup.all(host);
    if (!allowPrivate) {
      for (InetAddress address : addresses) {
        if (isLocal(address)) {
          throw new RefusedAddress(host);
        }
      }
    }
    return addresses;
  }

  @Override
  public String resolveCanonicalHostname(String host) {
    return host; // certificates are checked against the name the URL gives
  }

  /** Whether an address is of this machine or a private network. */
  static boolean isLocal(InetAddress address) {
    byte[] bytes = address.getAddress();
    boolean uniqueLocal = bytes.length == 16 && (bytes[0] & 0xfe) == 0xfc;
    boolean carrierNat = bytes.length == 4 && (bytes[0] & 0xff) == 100 && (bytes[1] & 0xc0) == 64;
    return address.isLoopbackAddress()
        || address.isAnyLocalAddress()
        || address.isLinkLocalAddress()
        || address.isSiteLocalAddress()
        || address.isMulticastAddress()
        || uniqueLocal
        || carrierNat;
  }
}
