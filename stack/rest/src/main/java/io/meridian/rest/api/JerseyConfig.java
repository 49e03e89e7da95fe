package io.meridian.rest.api;

import io.meridian.api.route.ApiResources;
import io.meridian.core.identity.RouteAccess;
import io.meridian.rest.access.AccessFilter;
import io.meridian.rest.access.DeclaredAccessFilter;
import io.meridian.rest.cors.CorsFilter;
import io.meridian.rest.device.DeviceLiveFields;
import io.meridian.rest.metrics.ApiMetrics;
import io.meridian.rest.openapi.ApiDocument;
import io.meridian.rest.openapi.OpenApiResource;
import io.meridian.rest.param.RequestBeans;
import io.meridian.rest.request.RouteCapture;
import io.meridian.rest.socket.JerseyContainer;
import java.util.ArrayList;
import java.util.List;
import org.glassfish.hk2.utilities.binding.AbstractBinder;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.glassfish.jersey.server.spi.internal.ValueParamProvider;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;

/**
 * The Jersey application: the filters every request passes, in their order, and the resources of
 * every part of the API ({@link ApiResources}, each declared once by the module that owns it),
 * bound as plain singletons: letting Jersey's Spring bridge supply them cost a bean lookup on every
 * request (about 9% of a GET's CPU in a profile). Their {@code @BeanParam} beans are made by {@link
 * RequestBeans}, not by Jersey's injection, for the same reason. The OpenAPI document is generated
 * here, once, from the same resources.
 */
public class JerseyConfig extends ResourceConfig {
  public JerseyConfig(
      List<ApiResources> parts,
      AccessFilter access,
      DeclaredAccessFilter declared,
      CorsFilter cors,
      DeviceLiveFields deviceLiveFields,
      ApiMetrics metrics,
      JerseyContainer container,
      RouteAccess routes,
      ObjectProvider<BuildProperties> build) {
    BuildProperties properties = build.getIfAvailable();
    String version = properties == null ? "development" : properties.getVersion();
    register(RequestTiming.class);
    register(UntypedBodies.class);
    register(access);
    register(declared);
    register(cors);
    register(RouteCapture.class);
    register(deviceLiveFields);
    register(ApiExceptionMapper.class);
    register(container); // hands the running application to requests over the WebSocket
    metrics.filter().ifPresent(this::register);
    List<Object> resources = new ArrayList<>();
    parts.forEach(part -> resources.addAll(part.resources()));
    List<Class<?>> classes = resourceClasses(parts);
    resources.add(new OpenApiResource(ApiDocument.of(classes, version, routes.openRegistration())));
    register(
        new AbstractBinder() {
          @Override
          protected void configure() {
            bind(new RequestBeans()).to(ValueParamProvider.class);
            for (Object resource : resources) {
              bindSingleton(this, resource);
            }
          }
        });
    classes.forEach(this::register);
    // Errors are rendered by ApiExceptionMapper, never by the container's HTML error page.
    property(ServerProperties.RESPONSE_SET_STATUS_OVER_SEND_ERROR, true);
    property(ServerProperties.WADL_FEATURE_DISABLE, true);
  }

  /**
   * The root resource classes Jersey serves: every part's, then the API document's own resource,
   * which describes them all (itself included) and so is built here rather than declared in a part.
   */
  public static List<Class<?>> resourceClasses(List<ApiResources> parts) {
    List<Class<?>> classes = new ArrayList<>();
    parts.forEach(part -> part.resources().forEach(resource -> classes.add(resource.getClass())));
    classes.add(OpenApiResource.class);
    return classes;
  }

  @SuppressWarnings("unchecked")
  private static <T> void bindSingleton(AbstractBinder binder, T resource) {
    binder.bind(resource).to((Class<T>) resource.getClass());
  }
}
