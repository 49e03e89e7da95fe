package io.meridian.rest.socket;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.lang.reflect.Proxy;

/**
 * What a socket request shows of itself to resources that read the servlet request ({@code @Context
 * HttpServletRequest}): its method and client address, which is all they read (the sign-in and
 * sign-up throttles, the hashing budget and the requester of a password change key on the address).
 * Anything else is refused with an {@link UnsupportedOperationException} naming the method, so a
 * resource that starts reading more fails loudly in the tests of this class rather than reading
 * something made up.
 */
final class SocketServletRequest extends HttpServletRequestWrapper {
  /** Built once: a wrapper needs a request to delegate to, and this one refuses every call. */
  private static final HttpServletRequest NOTHING =
      (HttpServletRequest)
          Proxy.newProxyInstance(
              SocketServletRequest.class.getClassLoader(),
              new Class<?>[] {HttpServletRequest.class},
              (proxy, method, args) -> {
                if (method.getName().equals("toString") && method.getParameterCount() == 0) {
                  return "a request over the WebSocket";
                }
                throw new UnsupportedOperationException(
                    "HttpServletRequest." + method.getName() + " is not available over the socket");
              });

  private final String method;
  private final String clientAddress;

  SocketServletRequest(String method, String clientAddress) {
    super(NOTHING);
    this.method = method;
    this.clientAddress = clientAddress;
  }

  @Override
  public String getMethod() {
    return method;
  }

  @Override
  public String getRemoteAddr() {
    return clientAddress;
  }

  @Override
  public String getRemoteHost() {
    return clientAddress;
  }
}
