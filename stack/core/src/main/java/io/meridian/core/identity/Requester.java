package io.meridian.core.identity;

/**
 * Who asks for work that costs the server a password hash, so that the cost can be charged to them:
 * the client's address, and whether the caller administers the application (administrators hold its
 * credentials anyway, so their requests are not rationed).
 *
 * @param address the client's address as the server sees it (the TCP peer), or null when unknown
 * @param administrator whether the caller is an administrator of the application concerned
 */
public record Requester(String address, boolean administrator) {

  /** An administrator, wherever it calls from. */
  public static Requester administrator(String address) {
    return new Requester(address, true);
  }

  /** Anyone else: a guest, an app user. */
  public static Requester member(String address) {
    return new Requester(address, false);
  }
}
