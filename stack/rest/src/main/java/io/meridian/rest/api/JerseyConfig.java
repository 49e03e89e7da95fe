package io.meridian.rest.api;

import io.meridian.rest.app.EntityResource;
import io.meridian.rest.status.StatusResource;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.springframework.stereotype.Component;

/** Every resource and provider of the API, registered explicitly. */
@Component
public class JerseyConfig extends ResourceConfig {
  public JerseyConfig(StatusResource status, EntityResource entities) {
    register(RequestTiming.class);
    register(ApiExceptionMapper.class);
    register(status);
    register(entities);
    // Errors are rendered by ApiExceptionMapper, never by the container's HTML error page.
    property(ServerProperties.RESPONSE_SET_STATUS_OVER_SEND_ERROR, true);
    property(ServerProperties.WADL_FEATURE_DISABLE, true);
  }
}
