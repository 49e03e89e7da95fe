package io.meridian.server.entity;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.activity.FollowerFeeds;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.app.CassandraApplicationStore;
import io.meridian.core.asset.AssetCleanup;
import io.meridian.core.change.CassandraChangeLog;
import io.meridian.core.change.CassandraLease;
import io.meridian.core.change.ChangeLog;
import io.meridian.core.collection.CollectionWrites;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.common.MissingNames;
import io.meridian.core.common.TimeUuidGenerator;
import io.meridian.core.connection.CassandraConnectionStore;
import io.meridian.core.connection.ConnectionService;
import io.meridian.core.connection.ConnectionStore;
import io.meridian.core.counter.CollectionCounters;
import io.meridian.core.counter.CounterService;
import io.meridian.core.entity.BulkOperations;
import io.meridian.core.entity.CassandraEntityStore;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.entity.EntityWriteObserver;
import io.meridian.core.geo.GeoIndexes;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.access.GrantCleanup;
import io.meridian.core.identity.user.UserCleanup;
import io.meridian.core.identity.user.UserService;
import io.meridian.core.index.EntityIndex;
import io.meridian.core.index.IndexBacklog;
import io.meridian.core.index.IndexPipeline;
import io.meridian.core.index.IndexRepairer;
import io.meridian.core.push.NotifierCleanup;
import io.meridian.core.push.NotifierService;
import io.meridian.core.query.Cursors;
import io.meridian.core.query.QueryLanguage;
import io.meridian.core.realtime.RealtimeFeed;
import io.meridian.core.rebuild.CassandraRebuildJobStore;
import io.meridian.core.rebuild.IndexRebuilder;
import io.meridian.core.secret.SecretStore;
import io.meridian.index.query.UsergridQueryLanguage;
import io.meridian.server.counter.CounterProperties;
import io.meridian.server.geo.GeoProperties;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The use cases, wired to their stores. */
@Configuration(proxyBeanMethods = false)
class EntityConfiguration {
  private static final String CURSOR_KEY = "cursor-hmac-key";
  private static final int BULK_WRITERS = 16;

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
  ChangeLog changeLog(CqlSession session, Clock clock, IndexingProperties indexing) {
    return new CassandraChangeLog(
        session, clock, indexing.changeLogBucket(), indexing.changeLogRetention());
  }

  @Bean
  ApplicationService applicationService(CqlSession session, IdGenerator ids, MissingNames missing) {
    return new ApplicationService(new CassandraApplicationStore(session), ids, missing);
  }

  @Bean
  IndexPipeline indexPipeline(EntityIndex index, IndexingProperties indexing, Clock clock) {
    return new IndexPipeline(
        index,
        indexing.fastPathEnabled(),
        indexing.maxConcurrentBulks(),
        indexing.maxBulkSize(),
        clock);
  }

  /** This node's changes the index may not hold yet: for {@code /status} and the metrics. */
  @Bean
  IndexBacklog indexBacklog(IndexPipeline pipeline) {
    return pipeline.backlog();
  }

  @Bean
  ConnectionStore connectionStore(CqlSession session) {
    return new CassandraConnectionStore(session);
  }

  /**
   * Everything that observes every entity write, in the order each phase calls them (see {@link
   * EntityWriteObserver}). Nothing an observer needs may need the entity service: observers are
   * built before it. A new observer is one parameter here and its place in the list.
   *
   * <ol>
   *   <li>the geo indexes: validate geometry, publish geo changes before the write and apply it to
   *       this node's indexes after;
   *   <li>the real-time feed: appends each write, with the entity before and after it, once
   *       Cassandra acknowledged it;
   *   <li>user clean-up: a deleted user's email claim, password hash and tokens;
   *   <li>grant clean-up: a deleted user's, group's or role's grants, and a renamed role, told to
   *       every node through the access feed;
   *   <li>asset clean-up: a deleted entity's file;
   *   <li>notifier clean-up: a deleted notifier's credentials;
   *   <li>the collection counters, when kept: entities created and deleted.
   * </ol>
   */
  @Bean
  EntityWriteObservers entityWriteObservers(
      GeoIndexes geoIndexes,
      RealtimeFeed realtimeFeed,
      UserCleanup userCleanup,
      GrantCleanup grantCleanup,
      AssetCleanup assetCleanup,
      NotifierCleanup notifierCleanup,
      CounterService counters,
      CounterProperties counting) {
    List<EntityWriteObserver> observers =
        new ArrayList<>(
            List.of(
                geoIndexes,
                realtimeFeed,
                userCleanup,
                grantCleanup,
                assetCleanup,
                notifierCleanup));
    if (counting.collectionCounters()) {
      observers.add(new CollectionCounters(counters));
    }
    return new EntityWriteObservers(observers);
  }

  /** The one write sequence, told to its observers in their order. */
  @Bean
  EntityService entityService(
      EntityStore store,
      ConnectionStore connections,
      ChangeLog changeLog,
      IndexPipeline pipeline,
      IdGenerator ids,
      IndexingProperties indexing,
      EntityWriteObservers observers) {
    return new EntityService(
        store,
        connections,
        changeLog,
        pipeline,
        ids,
        indexing.visibilityTimeout(),
        observers.ordered());
  }

  /** Following a user copies their past activities into the follower's feed (activities.md). */
  @Bean
  ConnectionService connectionService(
      EntityService entities, EntityStore store, ConnectionStore connections) {
    return new ConnectionService(
        entities, store, connections, List.of(new FollowerFeeds(connections)));
  }

  /** Cursors are signed with a key every node shares, so any node continues any cursor. */
  @Bean
  Cursors cursors(SecretStore secrets) {
    return new Cursors(secrets.obtain(CURSOR_KEY, 32));
  }

  @Bean
  QueryLanguage queryLanguage() {
    return new UsergridQueryLanguage();
  }

  @Bean
  EntityQueries entityQueries(
      EntityStore store,
      ConnectionStore connections,
      EntityIndex index,
      IndexPipeline pipeline,
      QueryLanguage language,
      Cursors cursors,
      GeoIndexes geoIndexes,
      GeoProperties geo) {
    return new EntityQueries(
        store,
        connections,
        index,
        pipeline,
        language,
        cursors,
        geoIndexes,
        geo.maxRadiusMeters(),
        geo.maxBatchPoints());
  }

  /** Bulk writes run a few at a time: enough to overlap round trips, not to flood Cassandra. */
  @Bean(destroyMethod = "shutdown")
  ExecutorService bulkExecutor() {
    AtomicInteger count = new AtomicInteger();
    return Executors.newFixedThreadPool(
        BULK_WRITERS,
        runnable -> {
          Thread thread = new Thread(runnable, "meridian-bulk-" + count.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        });
  }

  @Bean
  BulkOperations bulkOperations(
      EntityQueries queries, EntityService entities, ExecutorService bulkExecutor) {
    return new BulkOperations(queries, entities, bulkExecutor);
  }

  /** Writes by path, to any collection: those with rules of their own go to their service. */
  @Bean
  CollectionWrites collectionWrites(
      EntityService entities,
      BulkOperations bulk,
      UserService users,
      NotifierService notifiers,
      AccessControl access) {
    return new CollectionWrites(entities, bulk, users, notifiers, access);
  }

  @Bean(destroyMethod = "close")
  IndexRebuilder indexRebuilder(
      CqlSession session, EntityStore store, EntityIndex index, IdGenerator ids, Clock clock) {
    return new IndexRebuilder(store, index, new CassandraRebuildJobStore(session), ids, clock);
  }

  @Bean(destroyMethod = "close")
  IndexRepairer indexRepairer(
      ChangeLog changeLog,
      CqlSession session,
      EntityStore store,
      EntityIndex index,
      Clock clock,
      IndexingProperties indexing,
      IndexBacklog backlog) {
    IndexRepairer repairer =
        new IndexRepairer(
            changeLog,
            new CassandraLease(session),
            store,
            index,
            clock,
            indexing.repairLag(),
            indexing.repairInterval(),
            indexing.repairWriteDeadline(),
            UUID.randomUUID().toString(),
            backlog);
    if (indexing.repairEnabled()) {
      repairer.start();
    }
    return repairer;
  }
}
