package io.meridian.rest.config;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Response headers an operator chooses; the others are fixed (see {@code SecurityHeaders}).
 *
 * @param strictTransportSecurity the {@code Strict-Transport-Security} value (for example {@code
 *     max-age=31536000; includeSubDomains}), sent on every response; unset sends none. Set it only
 *     where clients reach the API over HTTPS alone.
 */
@ConfigurationProperties("meridian.http")
public record SecurityHeadersProperties(String strictTransportSecurity) {}
