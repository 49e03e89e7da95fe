package io.meridian.server.push;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Push notifications: the queue's workers on this node and how they talk to the providers.
 *
 * @param enabled whether this node sends queued notifications (every node may; any one suffices)
 * @param poll how often a node looks at the queue
 * @param lease how long a job's or chunk's lease lasts unrenewed: the time a dead node's work waits
 *     before another node takes it over
 * @param chunkSize tasks (device and notifier) per chunk, the unit one node sends at a time
 * @param concurrency sends in flight per chunk: also the most tasks that can be sent twice when a
 *     node dies mid-chunk
 * @param maxAttempts sends of one task before it is recorded failed (throttling, passing errors)
 * @param backoff the first retry's delay, doubled each attempt (with jitter)
 * @param maxBackoff the longest delay between two attempts, also the most a provider's {@code
 *     Retry-After} is honoured
 */
@ConfigurationProperties("meridian.push")
public record PushProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("1s") Duration poll,
    @DefaultValue("30s") Duration lease,
    @DefaultValue("500") int chunkSize,
    @DefaultValue("64") int concurrency,
    @DefaultValue("5") int maxAttempts,
    @DefaultValue("500ms") Duration backoff,
    @DefaultValue("30s") Duration maxBackoff,
    String apnsHost,
    @DefaultValue("443") int apnsPort,
    Path apnsTrustedCertificates,
    @DefaultValue("2") int apnsConnections,
    @DefaultValue("10s") Duration connectTimeout,
    @DefaultValue("https://fcm.googleapis.com") URI fcmEndpoint,
    @DefaultValue("https://oauth2.googleapis.com/token") URI fcmTokenUri) {}
