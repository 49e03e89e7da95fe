package io.meridian.server.storage;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The embedded default: when enabled and the configured Cassandra or Elasticsearch does not answer,
 * the server starts local ones through the launcher (deploy/local) and stops them on exit.
 */
@ConfigurationProperties("meridian.embedded")
public record EmbeddedProperties(
    @DefaultValue("false") boolean enabled,
    @DefaultValue("data") Path dataDir,
    @DefaultValue("1g") String cassandraHeap,
    @DefaultValue("1g") String elasticsearchHeap,
    @DefaultValue("BATCH") String commitLogSync,
    @DefaultValue("180s") Duration startTimeout) {}
