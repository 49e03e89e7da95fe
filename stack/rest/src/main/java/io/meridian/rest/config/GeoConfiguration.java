package io.meridian.rest.config;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.common.EventFeed;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.geo.CassandraGeoChangeLog;
import io.meridian.core.geo.CassandraGeoStore;
import io.meridian.core.geo.GeoChange;
import io.meridian.core.geo.GeoIndexes;
import io.meridian.core.identity.token.AccessEvent;
import io.meridian.core.identity.token.AccessFeed;
import java.time.Clock;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The in-memory geo indexes, their feed, and their part in every entity write. */
@Configuration(proxyBeanMethods = false)
class GeoConfiguration {

  @Bean
  CassandraGeoChangeLog geoChangeLog(CqlSession session, IdGenerator ids) {
    return new CassandraGeoChangeLog(session, ids);
  }

  /** A bean of its own for its staleness gauge; {@link GeoIndexes} starts and closes it. */
  @Bean(destroyMethod = "")
  EventFeed<GeoChange> geoFeed(CassandraGeoChangeLog log, Clock clock, GeoProperties geo) {
    return new EventFeed<>(
        "geo", log, clock, geo.feedInterval(), geo.feedLookback(), geo.feedMaxStaleness());
  }

  @Bean(destroyMethod = "close")
  GeoIndexes geoIndexes(
      CqlSession session,
      CassandraGeoChangeLog log,
      EventFeed<GeoChange> feed,
      Clock clock,
      EntityStore entities,
      GeoProperties geo,
      AccessFeed accessFeed) {
    GeoIndexes indexes =
        new GeoIndexes(
            new CassandraGeoStore(session),
            log,
            feed,
            entities,
            clock,
            geo.maxVertices(),
            geo.pendingTimeout(),
            geo.feedLookback().plus(geo.feedMaxStaleness()));
    accessFeed.subscribe(
        event -> {
          if (event.kind() == AccessEvent.Kind.APPLICATION_DELETED) {
            indexes.forgetApplication(event.target());
          }
        });
    return indexes;
  }

  /**
   * Joins every entity write, then loads the indexes before the server takes requests: a node never
   * answers a lookup from a partly loaded fence index.
   */
  @Bean
  SmartInitializingSingleton geoIndexesStart(
      GeoIndexes indexes,
      EntityService entities,
      StartupProgress progress,
      io.meridian.core.realtime.RealtimeFeed realtimeFeed) {
    return () -> {
      entities.observeWrites(
          new io.meridian.core.entity.EntityWriteObserver() {
            @Override
            public void validate(
                io.meridian.core.entity.CollectionName collection,
                com.fasterxml.jackson.databind.node.ObjectNode properties) {
              indexes.validate(collection, properties);
            }

            @Override
            public void beforeWrites(
                io.meridian.core.app.ApplicationRef app,
                String collection,
                java.util.List<EntityWrite> writes) {
              indexes.beforeWrites(app, collection, writes);
            }

            @Override
            public void afterWrites(
                io.meridian.core.app.ApplicationRef app,
                String collection,
                java.util.List<EntityWrite> writes) {
              indexes.afterWrites(app, collection, writes);
              realtimeFeed.afterWrites(app, collection, writes);
            }
          });
      progress.step("loading the geo indexes (fences and geo-hot collections)");
      indexes.start();
      progress.done("geo indexes loaded");
    };
  }
}
