package io.meridian.realtime;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.ConnectionQuota;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.token.AccessToken;
import io.meridian.core.identity.token.BearerToken;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.websocket.DeploymentException;
import jakarta.websocket.server.ServerContainer;
import jakarta.websocket.server.ServerEndpointConfig;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Opens real-time connections: a WebSocket upgrade of {@code GET /{org}/{app}/_realtime} whose
 * application exists and whose credentials (if any) are valid and reach it is upgraded here, with
 * the credentials checked once. Anything else goes on to Jersey, which answers it as any request of
 * that path: the same 401 or 404 for bad credentials or a missing application, and 426 for a
 * request that did not ask for the upgrade. An upgrade beyond the sockets its address, caller or
 * application may hold on this node ({@link RealtimeLimits}) goes on to Jersey too, marked, and is
 * refused there with {@code 429 too_many_requests} before any upgrade.
 */
public final class RealtimeUpgrade implements Filter {
  static final String PATH = "_realtime";

  /** The request attribute that carries a socket bound's refusal to {@link RealtimeResource}. */
  static final String REFUSED = RealtimeUpgrade.class.getName() + ".refused";

  private final RealtimeService service;
  private final ApplicationService applications;
  private final int bufferBytes;
  private ServerContainer container;

  /**
   * @param bufferBytes the size of each connection's buffer for messages from the client (larger
   *     messages arrive in parts)
   */
  public RealtimeUpgrade(
      RealtimeService service, ApplicationService applications, int bufferBytes) {
    this.service = service;
    this.applications = applications;
    this.bufferBytes = bufferBytes;
  }

  @Override
  public void init(FilterConfig config) {
    container =
        (ServerContainer) config.getServletContext().getAttribute(ServerContainer.class.getName());
  }

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    String[] segments = realtimePath(request);
    if (segments == null
        || container == null
        || !"GET".equals(request.getMethod())
        || !"websocket".equalsIgnoreCase(request.getHeader("Upgrade"))) {
      chain.doFilter(req, res);
      return;
    }
    RealtimeConnection connection;
    try {
      connection = open(request, segments[0], segments[1]);
    } catch (MeridianException e) {
      chain.doFilter(req, res); // Jersey answers with the same refusal, in the API's format
      return;
    } catch (ConnectionQuota.Exceeded e) {
      request.setAttribute(REFUSED, e);
      chain.doFilter(req, res);
      return;
    }
    ServerEndpointConfig config =
        ServerEndpointConfig.Builder.create(RealtimeConnection.class, "/{org}/{app}/" + PATH)
            .configurator(
                new ServerEndpointConfig.Configurator() {
                  @Override
                  public <T> T getEndpointInstance(Class<T> type) {
                    return type.cast(connection);
                  }
                })
            .build();
    try {
      container.upgradeHttpToWebSocket(
          request, res, config, Map.of("org", segments[0], "app", segments[1]));
    } catch (DeploymentException e) {
      throw new ServletException(e);
    } finally {
      if (((HttpServletResponse) res).getStatus() != HttpServletResponse.SC_SWITCHING_PROTOCOLS) {
        connection.closed(); // a handshake Tomcat refused (400, 426): the socket never opened
      }
    }
  }

  private RealtimeConnection open(HttpServletRequest request, String org, String name) {
    ApplicationRef app = applications.require(org, name);
    String text = token(request);
    Principal principal = Principal.GUEST;
    AccessToken token = null;
    if (text != null) {
      token = service.tokens().verify(text);
      principal = service.tokens().confirm(token);
    }
    service.access().requireReach(principal, app);
    URI base = URI.create(request.getRequestURL().toString()).resolve("/");
    String address = request.getRemoteAddr();
    ConnectionQuota.Permit place =
        service
            .sockets()
            .acquire(address, principal.isGuest() ? null : principal.subject(), app.id());
    return new RealtimeConnection(service, app, base, address, principal, token, text, place);
  }

  /** The bearer token of the upgrade request, else its {@code access_token}; null for none. */
  private static String token(HttpServletRequest request) {
    String bearer = BearerToken.of(request.getHeader("Authorization"));
    if (bearer != null) {
      return bearer;
    }
    String token = request.getParameter("access_token");
    return token == null || token.isEmpty() ? null : token;
  }

  /** The org and application of {@code /{org}/{app}/_realtime}, or null for any other path. */
  private static String[] realtimePath(HttpServletRequest request) {
    String path = request.getRequestURI().substring(request.getContextPath().length());
    if (!path.endsWith("/" + PATH)) {
      return null;
    }
    String[] segments = path.substring(1).split("/", -1);
    if (segments.length != 3 || segments[0].isEmpty() || segments[1].isEmpty()) {
      return null;
    }
    String org = URLDecoder.decode(segments[0], StandardCharsets.UTF_8);
    String app = URLDecoder.decode(segments[1], StandardCharsets.UTF_8);
    if (org.contains("/") || app.contains("/") || org.startsWith(".") || app.startsWith(".")) {
      return null;
    }
    return new String[] {org, app};
  }
}
