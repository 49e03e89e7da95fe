package io.meridian.rest.app;

import io.meridian.api.route.ApiResources;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.asset.AssetService;
import io.meridian.core.collection.CollectionWrites;
import io.meridian.core.connection.ConnectionService;
import io.meridian.core.entity.ApplicationCollections;
import io.meridian.core.entity.BulkOperations;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.geo.GeoIndexes;
import io.meridian.core.index.EntityIndex;
import io.meridian.core.push.NotificationService;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.asset.AssetResource;
import io.meridian.rest.config.ApiProperties;
import io.meridian.rest.push.ReceiptsResource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Entities and what hangs on them: CRUD and queries, files, a collection's settings, the batch
 * fence lookup, connections, and a notification's receipts.
 */
@Configuration(proxyBeanMethods = false)
public class EntityApiConfiguration {
  @Bean
  ApplicationCollections applicationCollections(EntityStore store, EntityIndex index) {
    return new ApplicationCollections(store, index);
  }

  @Bean
  ApiResources entityResources(
      ApplicationService applications,
      EntityService entities,
      EntityQueries queries,
      BulkOperations bulk,
      JsonBodies bodies,
      CollectionWrites writes,
      NotificationService notifications,
      ApplicationCollections collections) {
    return ApiResources.of(
        new ApplicationResource(applications, collections),
        new CollectionResource(applications, writes, queries, bulk, bodies),
        new EntityResource(applications, writes, entities, queries, bodies, notifications),
        new FenceLookupResource(applications, queries, bodies),
        new ReceiptsResource(applications, notifications));
  }

  @Bean
  ApiResources attachedResources(
      ApplicationService applications,
      EntityService entities,
      EntityQueries queries,
      ConnectionService connections,
      NotificationService notifications,
      AssetService assets,
      GeoIndexes geo,
      JsonBodies bodies,
      CollectionWrites writes,
      ApiProperties api) {
    ConnectionListings listings = new ConnectionListings(entities, connections, queries);
    return ApiResources.of(
        new AssetResource(applications, entities, assets, api.maxBodySize().toBytes()),
        new CollectionSettingsResource(applications, geo, bodies),
        new ConnectionResource(
            applications,
            listings,
            new ConnectionChanges(entities, connections, writes),
            notifications,
            bodies));
  }
}
