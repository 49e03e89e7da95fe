package io.meridian.rest.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The log of failed requests: at most {@code maxFailuresPerSecond} lines per second for client
 * errors (4xx) and as many for server errors (5xx) per node; 0 logs none.
 */
@ConfigurationProperties("meridian.request-log")
public record RequestLogProperties(@DefaultValue("10") int maxFailuresPerSecond) {}
