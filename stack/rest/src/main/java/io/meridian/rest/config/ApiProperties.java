package io.meridian.rest.config;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Limits of the HTTP API, and the proxies whose {@code X-Forwarded-For} names the client (addresses
 * or CIDR ranges; none by default, so every request comes from its TCP peer).
 */
@ConfigurationProperties("meridian.api")
public record ApiProperties(
    @DefaultValue("1MB") DataSize maxBodySize, @DefaultValue List<String> trustedProxies) {}
