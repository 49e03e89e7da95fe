package io.meridian.rest.metrics;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.LatencyBuckets;
import io.meridian.core.traffic.TrafficCounters;
import io.meridian.rest.access.AccessFilter;
import io.meridian.rest.api.RouteTemplates;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.glassfish.jersey.server.ExtendedUriInfo;
import org.glassfish.jersey.server.model.ResourceMethod;

/**
 * Times every request into {@code meridian_http_server_requests_seconds{method, route, status}}:
 * the route is the template of the resource method Jersey matched, the status its class ({@code
 * 2xx}). A request refused before matching (the access filter's 401 and 403) or matching nothing
 * (404) counts under {@link RouteTemplates#UNMATCHED}; the raw path is never a label.
 *
 * <p>A request the access filter resolved to an application ({@link AccessFilter#APPLICATION}) is
 * also counted for that application in {@link TrafficCounters}, bounded by application and not a
 * Micrometer tag, which would add series without bound.
 *
 * <p>Pre-matching at the highest priority, so the clock starts before the access filter can refuse.
 * The template is built once per resource method and each (method, status class) timer once per
 * route, so a request costs two clock reads, a map lookup and a histogram update. The time runs
 * until the response leaves the filters, before its body is written.
 */
@PreMatching
@Priority(Priorities.AUTHENTICATION - 200)
public final class RequestMetrics implements ContainerRequestFilter, ContainerResponseFilter {
  static final String NAME = "meridian.http.server.requests";
  private static final String STARTED = RequestMetrics.class.getName() + ".started";
  private static final List<String> METHODS =
      List.of("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "OTHER");
  private static final List<String> STATUS_CLASSES =
      List.of("1xx", "2xx", "3xx", "4xx", "5xx", "other");
  private static final Duration[] BUCKETS = LatencyBuckets.array();

  private final MeterRegistry registry;
  private final boolean percentileHistogram;
  private final Map<ResourceMethod, Route> routes = new ConcurrentHashMap<>();
  private final Route unmatched;
  private final TrafficCounters applications;

  RequestMetrics(
      MeterRegistry registry, boolean percentileHistogram, TrafficCounters applications) {
    this.registry = registry;
    this.percentileHistogram = percentileHistogram;
    this.unmatched = new Route(RouteTemplates.UNMATCHED);
    this.applications = applications;
  }

  @Override
  public void filter(ContainerRequestContext request) {
    request.setProperty(STARTED, System.nanoTime());
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (!(request.getProperty(STARTED) instanceof Long started)) {
      return;
    }
    long elapsed = System.nanoTime() - started;
    ExtendedUriInfo matched = (ExtendedUriInfo) request.getUriInfo();
    ResourceMethod method = matched.getMatchedResourceMethod();
    Route route =
        method == null
            ? unmatched
            : routes.computeIfAbsent(
                method, ignored -> new Route(RouteTemplates.of(matched, response.getStatus())));
    route.timer(request.getMethod(), response.getStatus()).record(elapsed, TimeUnit.NANOSECONDS);
    if (request.getProperty(AccessFilter.APPLICATION) instanceof ApplicationRef application) {
      applications.record(application.id(), response.getStatus(), elapsed);
    }
  }

  private static int methodIndex(String method) {
    int index = METHODS.indexOf(method);
    return index < 0 ? METHODS.size() - 1 : index;
  }

  private static int statusIndex(int status) {
    int index = status / 100 - 1;
    return index >= 0 && index < STATUS_CLASSES.size() - 1 ? index : STATUS_CLASSES.size() - 1;
  }

  /** One route's timers, registered on first use of each (method, status class). */
  private final class Route {
    private final String template;
    private final AtomicReferenceArray<Timer> timers =
        new AtomicReferenceArray<>(METHODS.size() * STATUS_CLASSES.size());

    Route(String template) {
      this.template = template;
    }

    Timer timer(String method, int status) {
      int methodIndex = methodIndex(method);
      int statusIndex = statusIndex(status);
      int slot = methodIndex * STATUS_CLASSES.size() + statusIndex;
      Timer timer = timers.get(slot);
      if (timer == null) {
        timer =
            Timer.builder(NAME)
                .description("HTTP requests served, by method, route template and status class")
                .tag("method", METHODS.get(methodIndex))
                .tag("route", template)
                .tag("status", STATUS_CLASSES.get(statusIndex))
                .serviceLevelObjectives(BUCKETS)
                .publishPercentileHistogram(percentileHistogram)
                .minimumExpectedValue(BUCKETS[0])
                .maximumExpectedValue(BUCKETS[BUCKETS.length - 1])
                .register(registry);
        timers.set(slot, timer); // registering again returns the same timer: races are harmless
      }
      return timer;
    }
  }
}
