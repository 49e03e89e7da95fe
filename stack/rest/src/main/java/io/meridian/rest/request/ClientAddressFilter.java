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
 * budget, logs) reads it as {@link HttpServletRequest#getRemoteAddr()}. With no trusted proxy the
 * request passes unchanged.
 */
public final class ClientAddressFilter implements Filter {
  static final String FORWARDED_FOR = "X-Forwarded-For";

  private final TrustedProxies proxies;

  public ClientAddressFilter(TrustedProxies proxies) {
    this.proxies = proxies;
  }

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    if (proxies.isEmpty()) {
      chain.doFilter(request, res);
      return;
    }
    String client =
        proxies.client(
            request.getRemoteAddr(), Collections.list(request.getHeaders(FORWARDED_FOR)));
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
