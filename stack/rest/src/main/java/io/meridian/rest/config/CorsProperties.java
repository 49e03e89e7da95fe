package io.meridian.rest.config;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Which browser origins may call the API. Any origin by default, as with Usergrid: tokens travel in
 * the {@code Authorization} header, never in cookies, so no credentials are ever allowed and {@code
 * *} exposes nothing a script could not already ask for with a token it holds.
 */
@ConfigurationProperties("meridian.cors")
public record CorsProperties(
    @DefaultValue("*") List<String> allowedOrigins,
    @DefaultValue({
          "Authorization",
          "Content-Type",
          "Accept",
          "Accept-Language",
          "Content-Language",
          "X-Request-Id",
          "X-Requested-With"
        })
        List<String> allowedHeaders,
    @DefaultValue("1h") Duration maxAge) {}
