package io.meridian.rest.request;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.IOException;

/**
 * Serves a path as Usergrid did when a client spells it with repeated or trailing slashes ({@code
 * //org/app/users/}, a base URL ending in {@code /} joined with a path starting with one): as its
 * canonical form, {@code /org/app/users}. A servlet filter in front of everything that reads the
 * path, so that the security headers, the access filter, Jersey's routing and the route a failure
 * is logged under all see one and the same path: no rule can be checked against one spelling while
 * another is served.
 *
 * <p>Only slashes are rewritten, in the path as sent (still percent-encoded). Dot segments and
 * encoded slashes are left as they are, for the access filter to refuse: {@code /a/./b} is not
 * {@code /a/b} here, and {@code %2F} never becomes a separator.
 */
public final class CanonicalPaths implements Filter {
  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    String sent = request.getRequestURI();
    String canonical = canonical(sent);
    chain.doFilter(canonical.equals(sent) ? request : new Canonical(request, canonical), res);
  }

  /**
   * {@code path} with each run of slashes made one and no trailing slash, the root ({@code /})
   * excepted.
   */
  static String canonical(String path) {
    if (path == null || path.isEmpty() || !needsRewrite(path)) {
      return path;
    }
    StringBuilder canonical = new StringBuilder(path.length());
    for (int i = 0; i < path.length(); i++) {
      char c = path.charAt(i);
      if (c != '/' || canonical.length() == 0 || canonical.charAt(canonical.length() - 1) != '/') {
        canonical.append(c);
      }
    }
    if (canonical.length() > 1 && canonical.charAt(canonical.length() - 1) == '/') {
      canonical.setLength(canonical.length() - 1);
    }
    return canonical.toString();
  }

  private static boolean needsRewrite(String path) {
    return path.contains("//") || path.length() > 1 && path.endsWith("/");
  }

  /** The request as if it had been sent to its canonical path. */
  private static final class Canonical extends HttpServletRequestWrapper {
    private final String uri;

    Canonical(HttpServletRequest request, String uri) {
      super(request);
      this.uri = uri;
    }

    @Override
    public String getRequestURI() {
      return uri;
    }

    @Override
    public StringBuffer getRequestURL() {
      StringBuffer sent = super.getRequestURL();
      String sentUri = super.getRequestURI();
      int at = sent.length() - sentUri.length();
      if (at < 0 || !sent.substring(at).equals(sentUri)) {
        return sent;
      }
      return new StringBuffer(sent.substring(0, at)).append(uri);
    }

    @Override
    public String getPathInfo() {
      return canonical(super.getPathInfo());
    }
  }
}
