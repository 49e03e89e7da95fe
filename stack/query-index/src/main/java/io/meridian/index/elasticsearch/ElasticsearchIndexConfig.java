package io.meridian.index.elasticsearch;

import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

/**
 * How to reach Elasticsearch and shape the entity index.
 *
 * @param urls node addresses such as {@code http://127.0.0.1:9200}; requests round-robin over them
 * @param indexPrefix prefix of every index and alias name, e.g. {@code meridian} gives the alias
 *     {@code meridian-entities} over the index {@code meridian-entities-v1}
 * @param shards primary shards of a newly created index
 * @param replicas replicas of a newly created index
 * @param connectTimeout TCP connect timeout; also bounds {@link ElasticsearchEntityIndex#probe()}
 * @param requestTimeout how long to wait for a response once connected
 * @param maxValuesPerEntity how many property values of one entity are indexed at most (1..10000,
 *     the Elasticsearch nested-object limit); values beyond are not searchable
 */
public record ElasticsearchIndexConfig(
    List<String> urls,
    String indexPrefix,
    int shards,
    int replicas,
    Duration connectTimeout,
    Duration requestTimeout,
    int maxValuesPerEntity) {

  public static final int DEFAULT_MAX_VALUES_PER_ENTITY = 2000;

  /** Lowercase because Elasticsearch index names must be. */
  private static final Pattern PREFIX = Pattern.compile("[a-z0-9][a-z0-9_-]*");

  public ElasticsearchIndexConfig {
    urls = List.copyOf(urls);
    if (urls.isEmpty()) {
      throw new IllegalArgumentException("At least one Elasticsearch URL is needed");
    }
    if (indexPrefix == null || !PREFIX.matcher(indexPrefix).matches()) {
      throw new IllegalArgumentException(
          "indexPrefix must be lowercase letters, digits, '-' or '_': " + indexPrefix);
    }
    if (shards < 1 || replicas < 0) {
      throw new IllegalArgumentException("shards must be >= 1 and replicas >= 0");
    }
    if (connectTimeout.isNegative()
        || connectTimeout.isZero()
        || requestTimeout.isNegative()
        || requestTimeout.isZero()) {
      throw new IllegalArgumentException("timeouts must be positive");
    }
    if (maxValuesPerEntity < 1 || maxValuesPerEntity > 10_000) {
      throw new IllegalArgumentException("maxValuesPerEntity must be within 1..10000");
    }
  }

  public ElasticsearchIndexConfig(
      List<String> urls,
      String indexPrefix,
      int shards,
      int replicas,
      Duration connectTimeout,
      Duration requestTimeout) {
    this(
        urls,
        indexPrefix,
        shards,
        replicas,
        connectTimeout,
        requestTimeout,
        DEFAULT_MAX_VALUES_PER_ENTITY);
  }

  /** One node, prefix {@code meridian}, 1 shard, 0 replicas, 2 s connect and 30 s request. */
  public static ElasticsearchIndexConfig defaults(String url) {
    return new ElasticsearchIndexConfig(
        List.of(url), "meridian", 1, 0, Duration.ofSeconds(2), Duration.ofSeconds(30));
  }

  String alias() {
    return indexPrefix + "-entities";
  }

  String indexName() {
    return alias() + "-v" + IndexSchema.VERSION;
  }
}
