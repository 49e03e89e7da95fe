package io.meridian.rest.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.traffic.TrafficCounters;
import io.meridian.rest.api.RouteTemplates;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.annotation.Priority;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotAuthorizedException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import org.glassfish.jersey.internal.MapPropertiesDelegate;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.GenericApplicationContext;

/** Requests through Jersey in memory: no server, no port. */
class RequestMetricsTest {
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final ApplicationHandler jersey =
      new ApplicationHandler(
          new ResourceConfig()
              .register(
                  new RequestMetrics(registry, false, new TrafficCounters(Clock.systemUTC(), 10)))
              .register(new RefusesSecrets())
              .register(Entities.class)
              // Jersey's Spring bridge is on the class path: hand it an empty context to use.
              .property("contextConfig", emptySpringContext()));

  @Test
  void an_entity_by_uuid_is_labelled_with_its_route_template() {
    get("/acme/shop/dogs/" + UUID.randomUUID());
    get("/acme/shop/dogs/" + UUID.randomUUID());

    Timer timer =
        registry
            .get(RequestMetrics.NAME)
            .tags("method", "GET", "route", "/{org}/{app}/{collection}/{entity}", "status", "2xx")
            .timer();
    assertThat(timer.count()).isEqualTo(2);
    assertThat(routes()).containsExactly("/{org}/{app}/{collection}/{entity}");
  }

  @Test
  void a_collection_and_an_entity_are_two_routes() {
    get("/acme/shop/dogs");
    get("/acme/shop/dogs/rex");

    assertThat(routes())
        .containsExactlyInAnyOrder(
            "/{org}/{app}/{collection}", "/{org}/{app}/{collection}/{entity}");
  }

  @Test
  void a_request_refused_before_matching_is_unmatched_and_keeps_its_status() {
    ContainerResponse response = get("/secrets/" + UUID.randomUUID());

    assertThat(response.getStatus()).isEqualTo(401);
    Timer timer =
        registry
            .get(RequestMetrics.NAME)
            .tags("route", RouteTemplates.UNMATCHED, "status", "4xx", "method", "GET")
            .timer();
    assertThat(timer.count()).isEqualTo(1);
  }

  @Test
  void a_path_that_matches_nothing_is_unmatched_and_never_its_raw_path() {
    ContainerResponse response = get("/nothing");

    assertThat(response.getStatus()).isEqualTo(404);
    assertThat(routes()).containsExactly(RouteTemplates.UNMATCHED);
  }

  @Test
  void an_unknown_method_is_labelled_other() {
    request("BREW", "/acme/shop/dogs");

    assertThat(registry.get(RequestMetrics.NAME).tags("method", "OTHER").timer().count())
        .isEqualTo(1);
  }

  @Test
  void templates_join_root_first_and_drop_regular_expressions() {
    assertThat(RouteTemplates.join(List.of("/{org}/{app}/{collection}", "{entity}")))
        .isEqualTo("/{org}/{app}/{collection}/{entity}");
    assertThat(RouteTemplates.join(List.of("/{org}/", "/{id: [0-9]{1,3}}/")))
        .isEqualTo("/{org}/{id}");
    assertThat(RouteTemplates.join(List.of("/"))).isEqualTo("/");
  }

  private static GenericApplicationContext emptySpringContext() {
    GenericApplicationContext context = new GenericApplicationContext();
    context.refresh();
    return context;
  }

  private List<String> routes() {
    return registry.get(RequestMetrics.NAME).timers().stream()
        .map(timer -> timer.getId().getTag("route"))
        .distinct()
        .toList();
  }

  private ContainerResponse get(String path) {
    return request("GET", path);
  }

  private ContainerResponse request(String method, String path) {
    ContainerRequest request =
        new ContainerRequest(
            URI.create("http://localhost/"),
            URI.create("http://localhost" + path),
            method,
            null,
            new MapPropertiesDelegate(),
            null);
    try {
      return jersey.apply(request).get();
    } catch (InterruptedException | ExecutionException e) {
      throw new AssertionError(e);
    }
  }

  @Path("/{org}/{app}/{collection}")
  public static class Entities {
    @GET
    public String list(@PathParam("collection") String collection) {
      return collection;
    }

    @GET
    @Path("{entity}")
    public String get(@PathParam("entity") String entity) {
      return entity;
    }
  }

  /** Like the access filter: refuses some paths before they are matched. */
  @PreMatching
  @Priority(Priorities.AUTHENTICATION)
  static final class RefusesSecrets implements ContainerRequestFilter {
    @Override
    public void filter(ContainerRequestContext request) {
      if (request.getUriInfo().getPath().startsWith("secrets")) {
        throw new NotAuthorizedException("Bearer");
      }
    }
  }
}
