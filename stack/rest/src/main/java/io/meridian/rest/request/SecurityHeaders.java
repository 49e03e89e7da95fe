package io.meridian.rest.request;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The security headers of every response, set before anything else answers, so that errors,
 * refusals of the access filter and Jersey's own 404s carry them as well as successes; {@code
 * ContainerErrors} adds them to the answers Tomcat writes without running any filter.
 *
 * <ul>
 *   <li>{@code Content-Security-Policy}: JSON responses may load and run nothing and may not be
 *       framed; the reference page ({@code /docs}) may load its own scripts, styles and images and
 *       call this origin, nothing from elsewhere (Swagger UI sets inline styles, hence {@code
 *       'unsafe-inline'} for styles only, never scripts); the console ({@code /console}) may run
 *       and style itself from its own files only, with nothing inline at all.
 *   <li>{@code X-Frame-Options: DENY} for browsers older than {@code frame-ancestors}; {@code
 *       X-Content-Type-Options: nosniff}; {@code Referrer-Policy: no-referrer}.
 *   <li>{@code Cache-Control: no-store}: responses carry tokens, client secrets and tenants' data,
 *       which no shared or browser cache may keep. A resource that sets its own (the public API
 *       document and reference page) replaces it.
 *   <li>{@code Strict-Transport-Security} when configured: only where the API is served over HTTPS
 *       alone (browsers ignore it over plain HTTP).
 * </ul>
 */
public final class SecurityHeaders implements Filter {
  static final String API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";
  static final String DOCS_POLICY =
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline';"
          + " img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none';"
          + " frame-ancestors 'none'";

  /**
   * The console may run and style itself only from its own files (no inline script or style), call
   * this origin over HTTP and WebSocket, and show images it fetched itself (an entity's file, as a
   * {@code blob:} URL) or the map library's {@code data:} icons.
   */
  static final String CONSOLE_POLICY =
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:;"
          + " connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

  private final String strictTransportSecurity;

  /**
   * @param strictTransportSecurity the {@code Strict-Transport-Security} value, or null or blank to
   *     send none
   */
  public SecurityHeaders(String strictTransportSecurity) {
    this.strictTransportSecurity =
        strictTransportSecurity == null || strictTransportSecurity.isBlank()
            ? null
            : strictTransportSecurity.strip();
  }

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    // Nothing has answered yet, so none of these is set: set without looking first.
    write((HttpServletResponse) res, ((HttpServletRequest) req).getRequestURI(), true);
    chain.doFilter(req, res);
  }

  /** Sets every header this response does not have yet. */
  public void addTo(HttpServletResponse response, String requestPath) {
    write(response, requestPath, false);
  }

  private void write(HttpServletResponse response, String requestPath, boolean fresh) {
    set(
        response,
        fresh,
        "Content-Security-Policy",
        isReferencePage(requestPath)
            ? DOCS_POLICY
            : isConsole(requestPath) ? CONSOLE_POLICY : API_POLICY);
    set(response, fresh, "X-Content-Type-Options", "nosniff");
    set(response, fresh, "X-Frame-Options", "DENY");
    set(response, fresh, "Referrer-Policy", "no-referrer");
    set(response, fresh, "Cache-Control", "no-store");
    if (strictTransportSecurity != null) {
      set(response, fresh, "Strict-Transport-Security", strictTransportSecurity);
    }
  }

  /** The paths the reference page is served from: {@code /docs} and {@code /docs/<asset>}. */
  static boolean isReferencePage(String path) {
    return path != null && (path.equals("/docs") || path.startsWith("/docs/"));
  }

  /** The console's paths: {@code /console} and every file under it. */
  static boolean isConsole(String path) {
    return path != null && (path.equals("/console") || path.startsWith("/console/"));
  }

  private static void set(HttpServletResponse response, boolean fresh, String name, String value) {
    if (fresh || !response.containsHeader(name)) {
      response.setHeader(name, value);
    }
  }
}
