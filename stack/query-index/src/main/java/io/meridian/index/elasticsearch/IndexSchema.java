package io.meridian.index.elasticsearch;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.elasticsearch._types.mapping.TypeMapping;
import co.elastic.clients.elasticsearch.indices.Translog;
import co.elastic.clients.elasticsearch.indices.TranslogDurability;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The entity index's names, fields and mapping, and its idempotent creation.
 *
 * <p>The index is created explicitly (not through an index template) together with its alias in one
 * atomic create request: there is exactly one index per mapping version, so a template would only
 * add a second place where the mapping lives, and a template left behind would silently apply to
 * any future index matching its pattern. Changing the mapping means a new version ({@code -v2}),
 * rebuilt from Cassandra and then swapped in by moving the alias.
 */
final class IndexSchema {
  static final int VERSION = 1;

  static final String APP_ID = "app_id";
  static final String COLLECTION = "collection";
  static final String UUID = "uuid";
  static final String CREATED = "created";
  static final String MODIFIED = "modified";
  static final String DELETED = "deleted";
  static final String FIELDS = "fields";

  private static final String MAPPING_RESOURCE = "entities-mapping.json";

  /**
   * The translog is synced every 5 s rather than on every bulk request: Cassandra is the truth and
   * the index repairer re-checks every write once it is older than its lag (10 s by default, which
   * must stay above this interval), so a crash of Elasticsearch can only lose index writes the
   * repairer has not checked yet. Per-request fsync cost about 10 ms per write on this machine.
   */
  private static final String TRANSLOG_SYNC_INTERVAL = "5s";

  private IndexSchema() {}

  /** The mapping of {@code entities-mapping.json}. */
  static TypeMapping mapping() {
    try (InputStream json = IndexSchema.class.getResourceAsStream(MAPPING_RESOURCE)) {
      if (json == null) {
        throw new IllegalStateException(MAPPING_RESOURCE + " is missing from the classpath");
      }
      return TypeMapping.of(m -> m.withJson(json));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Translog.Builder translog(Translog.Builder translog) {
    return translog
        .durability(TranslogDurability.Async)
        .syncInterval(t -> t.time(TRANSLOG_SYNC_INTERVAL));
  }

  /**
   * Creates the versioned index with its alias unless it exists, then makes sure the alias exists.
   * Nodes starting at the same time may race: losing the creation race is success.
   */
  static void ensure(ElasticsearchClient client, ElasticsearchIndexConfig config)
      throws IOException {
    String index = config.indexName();
    String alias = config.alias();
    if (!client.indices().exists(e -> e.index(index)).value()) {
      try {
        client
            .indices()
            .create(
                c ->
                    c.index(index)
                        .settings(
                            s ->
                                s.numberOfShards(Integer.toString(config.shards()))
                                    .numberOfReplicas(Integer.toString(config.replicas()))
                                    .translog(IndexSchema::translog))
                        .mappings(mapping())
                        .aliases(alias, a -> a.isWriteIndex(true)));
        return;
      } catch (ElasticsearchException e) {
        if (!"resource_already_exists_exception".equals(e.error().type())) {
          throw e;
        }
      }
    }
    client
        .indices()
        .putSettings(p -> p.index(index).settings(s -> s.translog(IndexSchema::translog)));
    // The alias may be missing if an operator recreated the index by hand; never move an alias
    // that exists, since it may point at a newer version being rolled out.
    if (!client.indices().existsAlias(a -> a.name(alias)).value()) {
      client.indices().putAlias(a -> a.index(index).name(alias).isWriteIndex(true));
    }
  }
}
