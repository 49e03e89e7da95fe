package io.meridian.rest.request;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.IOException;
import java.util.Collections;

/**
 * The one place where a request's client address is decided: {@link TrustedProxies} resolves it
 * once, and everything after this filter (the login and sign-up throttles, the password hashing
 * budget, logs) reads it as {@link HttpServletRequest#getRemoteAddr()}, and the filters that run
 * before a resource (which have no servlet request) as the request attribute {@link #ATTRIBUTE}.
 * With no trusted proxy the request passes unchanged but for that attribute.
 */
public final class ClientAddressFilter implements Filter {
  static final String FORWARDED_FOR = "X-Forwarded-For";

  /**
   * The request attribute (a Jersey request property) holding the client's address: set here for
   * HTTP, and by the socket for the requests it serves.
   */
  public static final String ATTRIBUTE = "meridian.client-address";

  private final TrustedProxies proxies;

  public ClientAddressFilter(TrustedProxies proxies) {
    this.proxies = proxies;
  }

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    if (proxies.isEmpty()) {
      request.setAttribute(ATTRIBUTE, request.getRemoteAddr());
      chain.doFilter(request, res);
      return;
    }
    String client =
        proxies.client(
            request.getRemoteAddr(), Collections.list(request.getHeaders(FORWARDED_FOR)));
    request.setAttribute(ATTRIBUTE, client);
    chain.doFilter(new FromClient(request, client), res);
  }

  private static final class FromClient extends HttpServletRequestWrapper {
    private final String client;

    FromClient(HttpServletRequest request, String client) {
      super(request);
      this.client = client;
    }

    @Override
    public String getRemoteAddr() {
      return client;
    }

    @Override
    public String getRemoteHost() {
      return client;
    }
  }
}
