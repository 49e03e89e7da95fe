package io.meridian.rest.api;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.connection.ConnectionService;
import io.meridian.core.entity.BulkOperations;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.EntityService;
import io.meridian.core.index.EntityIndex;
import io.meridian.core.rebuild.IndexRebuilder;
import io.meridian.rest.app.ConnectionResource;
import io.meridian.rest.app.EntityResource;
import io.meridian.rest.status.StatusResource;
import io.meridian.rest.system.IndexRebuildResource;
import org.glassfish.hk2.utilities.binding.AbstractBinder;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;
import org.springframework.stereotype.Component;

/**
 * Every resource and provider of the API, registered explicitly. Resources are built here from the
 * services as plain singletons: letting Jersey's Spring bridge supply them cost a bean lookup on
 * every request (about 9% of a GET's CPU in a profile).
 */
@Component
public class JerseyConfig extends ResourceConfig {
  public JerseyConfig(
      ApplicationService applications,
      EntityService entities,
      EntityQueries queries,
      BulkOperations bulk,
      ConnectionService connections,
      IndexRebuilder rebuilder,
      JsonBodies bodies,
      CqlSession session,
      EntityIndex index,
      ObjectProvider<BuildProperties> build) {
    BuildProperties properties = build.getIfAvailable();
    register(RequestTiming.class);
    register(ApiExceptionMapper.class);
    StatusResource status =
        new StatusResource(
            session, index, properties == null ? "development" : properties.getVersion());
    EntityResource entityResource =
        new EntityResource(applications, entities, queries, bulk, bodies);
    ConnectionResource connectionResource =
        new ConnectionResource(applications, entities, connections, queries);
    IndexRebuildResource rebuildResource = new IndexRebuildResource(applications, rebuilder);
    register(
        new AbstractBinder() {
          @Override
          protected void configure() {
            bind(status).to(StatusResource.class);
            bind(entityResource).to(EntityResource.class);
            bind(connectionResource).to(ConnectionResource.class);
            bind(rebuildResource).to(IndexRebuildResource.class);
          }
        });
    register(StatusResource.class);
    register(EntityResource.class);
    register(ConnectionResource.class);
    register(IndexRebuildResource.class);
    // Errors are rendered by ApiExceptionMapper, never by the container's HTML error page.
    property(ServerProperties.RESPONSE_SET_STATUS_OVER_SEND_ERROR, true);
    property(ServerProperties.WADL_FEATURE_DISABLE, true);
  }
}
