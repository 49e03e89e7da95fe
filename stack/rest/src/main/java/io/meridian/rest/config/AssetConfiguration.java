package io.meridian.rest.config;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.asset.AssetService;
import io.meridian.core.asset.CassandraAssetStore;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.entity.EntityService;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Files of entities, stored in Cassandra beside them. */
@Configuration(proxyBeanMethods = false)
class AssetConfiguration {

  @Bean(destroyMethod = "close")
  AssetService assetService(
      CqlSession session,
      EntityService entities,
      IdGenerator ids,
      Clock clock,
      AssetProperties properties) {
    return new AssetService(
        new CassandraAssetStore(session),
        entities,
        ids,
        clock,
        Math.toIntExact(properties.chunkSize().toBytes()),
        properties.maxSize().toBytes(),
        properties.replacedFileGrace());
  }
}
