package io.meridian.server.entity;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The indexing pipeline.
 *
 * @param visibilityTimeout how long a write waits to become searchable before it returns anyway
 * @param repairLag how far behind the present the repairer stays; must exceed the clock skew
 *     between nodes plus the longest a change log append can take (twice the Cassandra request
 *     timeout: a registration and the entry)
 * @param repairInterval pause between two repairer passes
 * @param repairWriteDeadline the longest a write may take from its change log entry to its entity
 *     row (an array of thousands writes its rows after all its entries); until then the repairer
 *     waits for a write it sees under way, after it takes Cassandra's state as the truth
 * @param changeLogBucket the change log's time bucket
 * @param changeLogRetention how long change log entries are kept; an index down for longer than
 *     this must be rebuilt
 * @param repairEnabled false only for tests that simulate a crash before indexing
 * @param fastPathEnabled false only for tests that simulate a crash before indexing
 */
@ConfigurationProperties("meridian.indexing")
public record IndexingProperties(
    @DefaultValue("5s") Duration visibilityTimeout,
    @DefaultValue("10s") Duration repairLag,
    @DefaultValue("1s") Duration repairInterval,
    @DefaultValue("2m") Duration repairWriteDeadline,
    @DefaultValue("10s") Duration changeLogBucket,
    @DefaultValue("14d") Duration changeLogRetention,
    @DefaultValue("2") int maxConcurrentBulks,
    @DefaultValue("1000") int maxBulkSize,
    @DefaultValue("true") boolean repairEnabled,
    @DefaultValue("true") boolean fastPathEnabled) {}
