package io.meridian.server.geo;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.common.EventFeed;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.geo.CassandraGeoChangeLog;
import io.meridian.core.geo.CassandraGeoStore;
import io.meridian.core.geo.GeoChange;
import io.meridian.core.geo.GeoIndexes;
import io.meridian.core.identity.token.AccessEvent;
import io.meridian.core.identity.token.AccessFeed;
import io.meridian.server.startup.StartupProgress;
import java.time.Clock;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The in-memory geo indexes and their feed; they observe every entity write. */
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
   * Loads the indexes before the server takes requests: a node never answers a lookup from a partly
   * loaded fence index. They observe every entity write from the start (see {@link
   * EntityConfiguration#entityService}); a write seen before the load is seen again by it, which
   * the version rule makes harmless.
   */
  @Bean
  SmartInitializingSingleton geoIndexesStart(GeoIndexes indexes, StartupProgress progress) {
    return () -> {
      progress.step("loading the geo indexes (fences and geo-hot collections)");
      indexes.start();
      progress.done("geo indexes loaded");
    };
  }
}
