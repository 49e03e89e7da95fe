package io.meridian.server.geo;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Location: geo queries, fences and the in-memory geo indexes.
 *
 * @param maxRadiusMeters the largest {@code within} radius a query may ask for; larger is a 400
 * @param maxVertices the most positions a fence's geometry may have, all rings together
 * @param maxBatchPoints the most points one batch lookup ({@code POST /{coll}/_contains}) may send
 * @param feedInterval how often a node polls the geo feed
 * @param feedLookback how far back each poll reads (covers clock skew and late writes)
 * @param feedMaxStaleness how long a node answers geo lookups without a successful poll
 * @param pendingTimeout how long a node waits for an entity to catch up with a change it saw before
 *     deciding the write failed
 */
@ConfigurationProperties("meridian.geo")
public record GeoProperties(
    @DefaultValue("100000") double maxRadiusMeters,
    @DefaultValue("10000") int maxVertices,
    @DefaultValue("1000") int maxBatchPoints,
    @DefaultValue("200ms") Duration feedInterval,
    @DefaultValue("3s") Duration feedLookback,
    @DefaultValue("1s") Duration feedMaxStaleness,
    @DefaultValue("30s") Duration pendingTimeout) {}
