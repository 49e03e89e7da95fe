package io.meridian.rest.config;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.app.CassandraApplicationStore;
import io.meridian.core.change.CassandraChangeLog;
import io.meridian.core.change.CassandraLease;
import io.meridian.core.change.ChangeLog;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.common.TimeUuidGenerator;
import io.meridian.core.entity.CassandraEntityStore;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.index.EntityIndex;
import io.meridian.core.index.IndexPipeline;
import io.meridian.core.index.IndexRepairer;
import io.meridian.core.query.QueryLanguage;
import io.meridian.index.query.UsergridQueryLanguage;
import java.time.Clock;
import java.util.UUID;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The use cases, wired to their stores. */
@Configuration(proxyBeanMethods = false)
class ServiceConfiguration {

  @Bean
  Clock clock() {
    return Clock.systemUTC();
  }

  @Bean
  IdGenerator idGenerator(Clock clock) {
    return new TimeUuidGenerator(clock);
  }

  @Bean
  EntityStore entityStore(CqlSession session) {
    return new CassandraEntityStore(session);
  }

  @Bean
  ChangeLog changeLog(CqlSession session, IndexingProperties indexing) {
    return new CassandraChangeLog(
        session, indexing.changeLogBucket(), indexing.changeLogRetention());
  }

  @Bean
  ApplicationService applicationService(CqlSession session, IdGenerator ids) {
    return new ApplicationService(new CassandraApplicationStore(session), ids);
  }

  @Bean
  IndexPipeline indexPipeline(EntityIndex index, IndexingProperties indexing) {
    return new IndexPipeline(
        index, indexing.fastPathEnabled(), indexing.maxConcurrentBulks(), indexing.maxBulkSize());
  }

  @Bean
  EntityService entityService(
      EntityStore store,
      ChangeLog changeLog,
      IndexPipeline pipeline,
      IdGenerator ids,
      IndexingProperties indexing) {
    return new EntityService(store, changeLog, pipeline, ids, indexing.visibilityTimeout());
  }

  @Bean
  QueryLanguage queryLanguage() {
    return new UsergridQueryLanguage();
  }

  @Bean
  EntityQueries entityQueries(EntityStore store, EntityIndex index, QueryLanguage language) {
    return new EntityQueries(store, index, language);
  }

  @Bean(destroyMethod = "close")
  IndexRepairer indexRepairer(
      ChangeLog changeLog,
      CqlSession session,
      EntityStore store,
      EntityIndex index,
      Clock clock,
      IndexingProperties indexing) {
    IndexRepairer repairer =
        new IndexRepairer(
            changeLog,
            new CassandraLease(session),
            store,
            index,
            clock,
            indexing.repairLag(),
            indexing.repairInterval(),
            UUID.randomUUID().toString());
    if (indexing.repairEnabled()) {
      repairer.start();
    }
    return repairer;
  }
}
