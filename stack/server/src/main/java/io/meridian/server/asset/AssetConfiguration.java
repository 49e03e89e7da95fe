package io.meridian.server.asset;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.asset.AssetCleanup;
import io.meridian.core.asset.AssetService;
import io.meridian.core.asset.AssetStore;
import io.meridian.core.asset.CassandraAssetStore;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.entity.EntityService;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Files of entities, stored in Cassandra beside them. */
@Configuration(proxyBeanMethods = false)
class AssetConfiguration {

  @Bean
  AssetStore assetStore(CqlSession session) {
    return new CassandraAssetStore(session);
  }

  /** Observes every entity write (see the entity configuration's observers). */
  @Bean
  AssetCleanup assetCleanup(AssetStore store) {
    return new AssetCleanup(store);
  }

  @Bean(destroyMethod = "close")
  AssetService assetService(
      AssetStore store,
      EntityService entities,
      IdGenerator ids,
      Clock clock,
      AssetProperties properties) {
    return new AssetService(
        store,
        entities,
        ids,
        clock,
        Math.toIntExact(properties.chunkSize().toBytes()),
        properties.maxSize().toBytes(),
        properties.replacedFileGrace());
  }
}
