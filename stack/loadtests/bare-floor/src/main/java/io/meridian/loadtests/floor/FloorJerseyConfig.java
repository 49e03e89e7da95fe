package io.meridian.loadtests.floor;

import com.datastax.oss.driver.api.core.CqlSession;
import org.glassfish.jersey.server.ResourceConfig;
import org.springframework.stereotype.Component;

/** The floor's only resource, registered as one instance (no per-request construction). */
@Component
class FloorJerseyConfig extends ResourceConfig {
  FloorJerseyConfig(CqlSession session, FloorStorage.FloorApplication application) {
    register(new FloorResource(session, application));
  }
}
