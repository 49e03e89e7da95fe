package io.meridian.rest.metrics;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Metrics in the Prometheus text format at {@code GET /metrics}.
 *
 * @param enabled false serves no {@code /metrics}, times no request and leaves the driver's metrics
 *     off
 * @param scrapeToken the bearer token Prometheus presents; unset or blank means none is accepted (a
 *     superuser access token always is)
 * @param percentileHistogram true adds Micrometer's fine-grained percentile buckets (about 60 per
 *     series instead of 14) to the HTTP request timers
 * @param appsMax the most applications whose recent requests a node counts at once (the least
 *     recently served beyond that are forgotten): bounds the memory of the per-application charts
 * @param appsStoreInterval how often a node stores its per-application counts in Cassandra, so that
 *     every node's answer includes them: how late another node's requests show
 */
@ConfigurationProperties("meridian.metrics")
public record MetricsProperties(
    @DefaultValue("true") boolean enabled,
    String scrapeToken,
    @DefaultValue("false") boolean percentileHistogram,
    @DefaultValue("2000") long appsMax,
    @DefaultValue("10s") Duration appsStoreInterval) {}
