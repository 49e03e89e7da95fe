package io.meridian.rest.request;

import io.meridian.rest.api.RouteTemplates;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.MDC;

/**
 * Gives every request its id and logs every failed one. A servlet filter around Jersey rather than
 * a Jersey filter, because what it guarantees must hold for every response: the {@code
 * X-Request-Id} header is set before Jersey runs, so it is on responses Jersey never finishes, and
 * the MDC is cleared in a {@code finally}, so no id outlives its request on Tomcat's pooled
 * threads, whichever way the request ended.
 */
public final class RequestIdFilter implements Filter {
  private final FailureLog failures;

  /** {@code maxFailureLinesPerSecond}: see {@link FailureLog}; 0 logs no failed request. */
  public RequestIdFilter(int maxFailureLinesPerSecond) {
    this.failures = new FailureLog(maxFailureLinesPerSecond, System::nanoTime);
  }

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    HttpServletResponse response = (HttpServletResponse) res;
    String id = RequestIds.choose(request.getHeader(RequestIds.HEADER));
    response.setHeader(RequestIds.HEADER, id);
    MDC.put(RequestIds.MDC_KEY, id);
    boolean completed = false;
    try {
      chain.doFilter(request, response);
      completed = true;
    } finally {
      try {
        // A failure that escapes Jersey is answered 500 by the container.
        int status = completed ? response.getStatus() : 500;
        if (status >= 400) {
          Object route = request.getAttribute(RouteCapture.ATTRIBUTE);
          failures.failed(
              request.getMethod(),
              route == null ? RouteTemplates.UNMATCHED : route.toString(),
              status);
        }
      } finally {
        MDC.clear();
      }
    }
  }
}
