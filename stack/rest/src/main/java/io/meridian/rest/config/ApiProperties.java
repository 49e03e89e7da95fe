package io.meridian.rest.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/** Limits of the HTTP API. */
@ConfigurationProperties("meridian.api")
public record ApiProperties(@DefaultValue("1MB") DataSize maxBodySize) {}
