package io.meridian.rest.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.identity.access.Access;
import io.meridian.server.ResourceClasses;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.model.Resource;
import org.glassfish.jersey.server.model.ResourceMethod;
import org.junit.jupiter.api.Test;

/**
 * No endpoint can forget who may call it: every route of every registered resource declares an
 * {@link Access} rule, and the application's routes are those {@link AccessFilter} authorises.
 */
class DeclaredAccessTest {
  private static final List<Class<?>> REGISTERED = ResourceClasses.all();

  /** Every route as "METHOD /path" with its rule (null when none is declared). */
  private static Map<String, Access.Rule> routes() {
    Map<String, Access.Rule> routes = new LinkedHashMap<>();
    for (Class<?> type : REGISTERED) {
      walk(Resource.from(type), "", type, routes);
    }
    return routes;
  }

  private static void walk(
      Resource resource, String prefix, Class<?> type, Map<String, Access.Rule> routes) {
    String path = join(prefix, resource.getPath());
    for (ResourceMethod method : resource.getResourceMethods()) {
      Method java = method.getInvocable().getDefinitionMethod();
      routes.put(method.getHttpMethod() + " " + path, DeclaredAccessFilter.ruleOf(java, type));
    }
    for (Resource child : resource.getChildResources()) {
      walk(child, path, type, routes);
    }
  }

  private static String join(String prefix, String path) {
    if (path == null || path.isEmpty()) {
      return prefix;
    }
    String trimmed = path.startsWith("/") ? path.substring(1) : path;
    return prefix.endsWith("/") ? prefix + trimmed : prefix + "/" + trimmed;
  }

  @Test
  void every_route_declares_who_may_call_it() {
    Map<String, Access.Rule> routes = routes();
    assertThat(routes).hasSizeGreaterThan(40);
    List<String> undeclared = new ArrayList<>();
    routes.forEach(
        (route, rule) -> {
          if (rule == null) {
            undeclared.add(route);
          }
        });
    assertThat(undeclared).as("routes without an @Access rule").isEmpty();
  }

  @Test
  void application_routes_are_authorised_by_their_path_except_the_sign_in() {
    routes()
        .forEach(
            (route, rule) -> {
              String path = route.substring(route.indexOf(' ') + 1);
              if ((path.startsWith("/{org}/{app}/") || path.equals("/{org}/{app}"))
                  && !path.equals("/{org}/{app}/token")) {
                assertThat(rule).as(route).isEqualTo(Access.Rule.APPLICATION);
              }
              if (path.startsWith("/system")) {
                assertThat(rule).as(route).isEqualTo(Access.Rule.SUPERUSER);
              }
              if (path.startsWith("/management/{organizations")
                  && !route.equals("POST /management/{organizations: orgs|organizations}")) {
                assertThat(rule).as(route).isEqualTo(Access.Rule.ORGANIZATION_ADMIN);
              }
            });
  }

  @Test
  void a_method_without_a_rule_has_none_and_a_method_rule_wins_over_its_class()
      throws NoSuchMethodException {
    assertThat(DeclaredAccessFilter.ruleOf(Undeclared.class.getMethod("get"), Undeclared.class))
        .isNull();
    assertThat(DeclaredAccessFilter.ruleOf(Declared.class.getMethod("get"), Declared.class))
        .isEqualTo(Access.Rule.SUPERUSER);
    assertThat(DeclaredAccessFilter.ruleOf(Declared.class.getMethod("open"), Declared.class))
        .isEqualTo(Access.Rule.PUBLIC);
  }

  @Path("/undeclared")
  public static class Undeclared {
    @GET
    public String get() {
      return "";
    }
  }

  @Path("/declared")
  @Access(Access.Rule.SUPERUSER)
  public static class Declared {
    @GET
    public String get() {
      return "";
    }

    @GET
    @Path("open")
    @Access(Access.Rule.PUBLIC)
    public String open() {
      return "";
    }
  }
}
