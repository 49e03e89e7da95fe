package io.meridian.rest.param;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.swagger.v3.jaxrs2.Reader;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.parameters.Parameter;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.glassfish.hk2.utilities.binding.AbstractBinder;
import org.glassfish.jersey.internal.MapPropertiesDelegate;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.spi.internal.ValueParamProvider;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.GenericApplicationContext;

/**
 * The request beans as the server makes them ({@link RequestBeans}) and as Jersey's own injection
 * would: every case runs through both, which must agree.
 */
class ParameterBeansTest {
  /** Jersey alone. */
  private final ApplicationHandler jersey = handler(false);

  /** As the server: {@link RequestBeans} makes the beans. */
  private final ApplicationHandler server = handler(true);

  private static ApplicationHandler handler(boolean requestBeans) {
    ResourceConfig config =
        new ResourceConfig().register(Routes.class).property("contextConfig", emptyContext());
    if (requestBeans) {
      config.register(
          new AbstractBinder() {
            @Override
            protected void configure() {
              bind(new RequestBeans()).to(ValueParamProvider.class);
            }
          });
    }
    return new ApplicationHandler(config);
  }

  @Test
  void a_bean_and_the_fields_of_its_superclasses_are_filled_from_the_request() {
    assertThat(get("/acme/shop/users/fred/likes?q=by-q&query=by-query&limit=5"))
        .isEqualTo("acme|shop|users|fred|likes|by-q|5");
    assertThat(get("/acme/shop/users/fred/likes?query=by-query"))
        .isEqualTo("acme|shop|users|fred|likes|by-query|null");
    assertThat(get("/acme/shop/users/fr%20ed/likes?ql=&limit=%20"))
        .isEqualTo("acme|shop|users|fr ed|likes||%20".replace("%20", " "));
  }

  @Test
  void a_write_body_reads_its_headers_and_a_missing_length_is_minus_one() {
    assertThat(request("PUT", "/acme/shop/users/fred?consistency=eventual", "12"))
        .isEqualTo("fred|eventual|12|application/json");
    assertThat(request("PUT", "/acme/shop/users/fred", null)).isEqualTo("fred|null|-1|null");
    assertThat(request("PUT", "/acme/shop/users/fred", " "))
        .isEqualTo("fred|null|-1|application/json");
  }

  @Test
  void a_length_that_is_not_a_number_is_a_400_either_way() {
    assertThat(status(jersey, "PUT", "/acme/shop/users/fred", "twelve")).isEqualTo(400);
    assertThat(status(server, "PUT", "/acme/shop/users/fred", "twelve")).isEqualTo(400);
  }

  /**
   * A checked bean refuses what its fields' types cannot before any route reads it: a {@code
   * connections} outside the contract is refused on every route taking a selection, also those
   * whose answers carry no connection metadata (the fuzzer found them accepting it).
   */
  @Test
  void a_checked_bean_refuses_a_value_the_contract_does_not_allow_when_it_is_made() {
    RequestBeans.Plan plan = RequestBeans.Plan.of(Selection.class);

    Selection selection =
        (Selection) plan.apply(build("GET", "/acme/shop/users/fred/likes?connections=IN", null));
    assertThat(selection.connectionsShown()).isEqualTo(ConnectionsShown.IN);
    assertThatThrownBy(
            () -> plan.apply(build("GET", "/acme/shop/users/fred/likes?connections=AAA", null)))
        .isInstanceOf(MeridianException.class)
        .extracting(e -> ((MeridianException) e).code())
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void every_bean_of_the_package_is_made_without_jerseys_injection() {
    for (Class<?> bean :
        List.of(
            AppPath.class,
            CollectionPath.class,
            EntityPath.class,
            VerbPath.class,
            Selection.class,
            BodyHeaders.class,
            WriteBody.class)) {
      assertThat(RequestBeans.Plan.of(bean)).as(bean.getSimpleName()).isNotNull();
    }
    assertThat(RequestBeans.Plan.of(String.class)).as("not of the package").isNull();
    assertThat(RequestBeans.Plan.of(WithContext.class)).as("a field Jersey must fill").isNull();
  }

  @Test
  void the_api_document_lists_a_beans_parameters_where_it_stands_in_their_declared_order() {
    OpenAPI document = new Reader(new OpenAPI()).read(Set.of(Routes.class));

    Operation list = document.getPaths().get("/{org}/{app}/{collection}/{entity}/{verb}").getGet();
    Operation update = document.getPaths().get("/{org}/{app}/{collection}/{entity}").getPut();

    assertThat(names(list))
        .containsExactly(
            "org",
            "app",
            "collection",
            "entity",
            "verb",
            "ql",
            "q",
            "query",
            "limit",
            "connections",
            "cursor");
    assertThat(names(update))
        .containsExactly(
            "org", "app", "collection", "entity", "Content-Type", "Content-Length", "consistency");
    // A bean whose fields swagger-core cannot see is taken for the request's body.
    assertThat(update.getRequestBody()).isNull();
  }

  private static List<String> names(Operation operation) {
    return operation.getParameters().stream().map(Parameter::getName).toList();
  }

  private String get(String path) {
    return request("GET", path, null);
  }

  private String request(String method, String path, String length) {
    String byJersey = (String) answer(jersey, build(method, path, length)).getEntity();
    String byServer = (String) answer(server, build(method, path, length)).getEntity();
    assertThat(byServer).as("made by RequestBeans, as by Jersey").isEqualTo(byJersey);
    return byServer;
  }

  private static int status(ApplicationHandler handler, String method, String path, String length) {
    return answer(handler, build(method, path, length)).getStatus();
  }

  private static ContainerRequest build(String method, String path, String length) {
    ContainerRequest request =
        new ContainerRequest(
            URI.create("http://localhost/"),
            URI.create("http://localhost" + path),
            method,
            null,
            new MapPropertiesDelegate(),
            null);
    if (length != null) {
      request.header("Content-Length", length);
      request.header("Content-Type", "application/json");
    }
    return request;
  }

  private static ContainerResponse answer(ApplicationHandler handler, ContainerRequest request) {
    try {
      return handler.apply(request).get();
    } catch (InterruptedException | ExecutionException e) {
      throw new AssertionError(e);
    }
  }

  private static GenericApplicationContext emptyContext() {
    GenericApplicationContext context = new GenericApplicationContext();
    context.refresh();
    return context;
  }

  /** A bean RequestBeans leaves to Jersey. */
  public static class WithContext {
    @Context private UriInfo uri;
  }

  @Path("/{org}/{app}/{collection}/{entity}")
  public static class Routes {
    @GET
    @Path("{verb}")
    public String list(
        @BeanParam VerbPath path,
        @BeanParam Selection selection,
        @QueryParam("cursor") String cursor) {
      return String.join(
          "|",
          path.org(),
          path.app(),
          path.collection(),
          path.entity(),
          path.verb(),
          selection.ql(),
          String.valueOf(selection.limit()));
    }

    @PUT
    public String update(@BeanParam EntityPath path, @BeanParam WriteBody write) {
      return String.join(
          "|",
          path.entity(),
          String.valueOf(write.consistency()),
          Long.toString(write.contentLength()),
          String.valueOf(write.contentType()));
    }
  }
}
