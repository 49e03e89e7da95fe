package io.meridian.index.elasticsearch;

import co.elastic.clients.elasticsearch.ElasticsearchAsyncClient;
import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.elasticsearch._types.HealthStatus;
import co.elastic.clients.elasticsearch._types.Refresh;
import co.elastic.clients.elasticsearch._types.VersionType;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import co.elastic.clients.elasticsearch.core.mget.MultiGetResponseItem;
import co.elastic.clients.json.JsonData;
import co.elastic.clients.json.jackson.JacksonJsonpMapper;
import co.elastic.clients.transport.rest_client.RestClientOptions;
import co.elastic.clients.transport.rest_client.RestClientTransport;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.index.EntityIndex;
import io.meridian.core.index.IndexOperation;
import io.meridian.core.index.IndexQuery;
import io.meridian.core.index.IndexResult;
import io.meridian.core.index.IndexUnavailableException;
import io.meridian.core.index.SearchHits;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.http.Header;
import org.apache.http.HttpHost;
import org.apache.http.client.config.RequestConfig;
import org.apache.http.message.BasicHeader;
import org.elasticsearch.client.RestClient;
import org.elasticsearch.client.RestClientBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link EntityIndex} on Elasticsearch 8 through the low-level REST client. Thread-safe; one
 * instance per process, closed on shutdown.
 *
 * <p>JSON goes through Jackson 2 ({@link JacksonJsonpMapper}) because the core contract hands
 * entities over as Jackson 2 {@link ObjectNode}s: documents serialise without conversion, and the
 * client's optional Jackson 3 dependency is excluded from the build.
 *
 * <p>Over 300 lines because it is the whole adapter of one contract: writes, reads, probes and
 * their timing share one client, one availability flag and one mapping of failures.
 */
public final class ElasticsearchEntityIndex implements EntityIndex, MeterBinder, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ElasticsearchEntityIndex.class);

  private final ElasticsearchIndexConfig config;
  private final RestClient restClient;
  private final ElasticsearchClient client;
  private final ElasticsearchAsyncClient asyncClient;
  private final ElasticsearchClient probeClient;
  private final DocumentFlattener flattener;

  /** False until the first successful contact; flipped by every call's outcome. */
  private final AtomicBoolean available = new AtomicBoolean(false);

  /** Latency of the calls; no-ops (an empty composite registry) until {@link #bindTo}. */
  private volatile CallTimers timers = new CallTimers(new CompositeMeterRegistry());

  public ElasticsearchEntityIndex(ElasticsearchIndexConfig config) {
    this(config, ElasticsearchAccess.NONE);
  }

  /**
   * @param access credentials sent with every request (preemptively, as a Basic {@code
   *     Authorization} header: no round trip to learn that they are needed) and the trust for
   *     {@code https://} nodes
   */
  public ElasticsearchEntityIndex(ElasticsearchIndexConfig config, ElasticsearchAccess access) {
    this.config = config;
    RestClientBuilder builder =
        RestClient.builder(config.urls().stream().map(HttpHost::create).toArray(HttpHost[]::new))
            .setRequestConfigCallback(
                request ->
                    request
                        .setConnectTimeout(millis(config.connectTimeout()))
                        .setSocketTimeout(millis(config.requestTimeout())));
    if (access.username() != null) {
      String basic =
          Base64.getEncoder()
              .encodeToString(
                  (access.username() + ":" + access.password()).getBytes(StandardCharsets.UTF_8));
      builder.setDefaultHeaders(new Header[] {new BasicHeader("Authorization", "Basic " + basic)});
    }
    if (access.sslContext() != null) {
      builder.setHttpClientConfigCallback(http -> http.setSSLContext(access.sslContext()));
    }
    this.restClient = builder.build();
    RestClientTransport transport =
        new RestClientTransport(restClient, new JacksonJsonpMapper(new ObjectMapper()));
    this.client = new ElasticsearchClient(transport);
    this.asyncClient = new ElasticsearchAsyncClient(transport);
    this.probeClient = client.withTransportOptions(probeOptions(transport, config));
    this.flattener = new DocumentFlattener(config.maxValuesPerEntity());
  }

  /** A probe must answer quickly even when a node is black-holed: the connect timeout bounds it. */
  private static RestClientOptions probeOptions(
      RestClientTransport transport, ElasticsearchIndexConfig config) {
    RestClientOptions.Builder options = ((RestClientOptions) transport.options()).toBuilder();
    int timeout = millis(config.connectTimeout());
    options
        .restClientRequestOptionsBuilder()
        .setRequestConfig(
            RequestConfig.custom()
                .setConnectTimeout(timeout)
                .setSocketTimeout(timeout)
                .setConnectionRequestTimeout(timeout)
                .build());
    return options.build();
  }

  /** Times every call from now on into {@code registry}. */
  @Override
  public void bindTo(MeterRegistry registry) {
    timers = new CallTimers(registry);
  }

  @Override
  public void ensureSchema() {
    try {
      IndexSchema.ensure(client, config);
      markAvailable(true, null);
    } catch (IOException e) {
      throw unavailable("create the index schema", e);
    }
  }

  @Override
  public CompletionStage<IndexResult> apply(List<IndexOperation> operations) {
    return bulk(operations, VersionType.External, Refresh.False);
  }

  /**
   * {@code refresh=true}: the shards the bulk wrote to (primary and replicas) refresh right after
   * applying it and before answering, so a search from any node sees the operations once this
   * completes. Concurrent refreshes of one shard run one after the other inside Elasticsearch.
   */
  @Override
  public CompletionStage<IndexResult> applyVisibly(List<IndexOperation> operations) {
    return bulk(operations, VersionType.External, Refresh.True);
  }

  /** External_gte: the same version is written again, an older one still loses. */
  @Override
  public CompletionStage<IndexResult> rewrite(List<IndexOperation> operations) {
    return bulk(operations, VersionType.ExternalGte, Refresh.False);
  }

  private CompletionStage<IndexResult> bulk(
      List<IndexOperation> operations, VersionType versionType, Refresh refresh) {
    if (operations.isEmpty()) {
      return CompletableFuture.completedFuture(new IndexResult(0, 0, List.of()));
    }
    List<BulkOperation> bulk = new ArrayList<>(operations.size());
    for (IndexOperation operation : operations) {
      bulk.add(toBulk(operation, versionType));
    }
    // require_alias: if the alias vanished, fail the items instead of letting Elasticsearch
    // auto-create a concrete index with a dynamic (explodable) mapping under the alias's name.
    return timers
        .time(
            refresh == Refresh.True ? CallTimers.Call.VISIBLE_BULK : CallTimers.Call.BULK,
            asyncClient.bulk(
                b -> b.index(config.alias()).requireAlias(true).refresh(refresh).operations(bulk)))
        .handle(
            (response, failure) -> {
              if (failure != null) {
                throw failure(failure, "apply index operations");
              }
              markAvailable(true, null);
              return BulkOutcome.of(operations, response.items());
            });
  }

  private BulkOperation toBulk(IndexOperation operation, VersionType versionType) {
    String id = operation.entityId().toString();
    if (operation instanceof IndexOperation.Upsert upsert) {
      DocumentFlattener.Document document = flattener.upsert(upsert);
      if (document.truncated()) {
        LOG.warn(
            "Entity {} has more than {} values; only the first ones are searchable",
            id,
            config.maxValuesPerEntity());
      }
      return versionedIndex(id, upsert.version(), versionType, document.source());
    }
    return versionedIndex(
        id,
        operation.version(),
        versionType,
        flattener.tombstone((IndexOperation.Delete) operation));
  }

  private static BulkOperation versionedIndex(
      String id, long version, VersionType versionType, ObjectNode source) {
    return BulkOperation.of(
        b -> b.index(i -> i.id(id).version(version).versionType(versionType).document(source)));
  }

  @Override
  public CompletionStage<Map<UUID, Long>> indexedVersions(Collection<UUID> entityIds) {
    if (entityIds.isEmpty()) {
      return CompletableFuture.completedFuture(Map.of());
    }
    List<String> ids = entityIds.stream().map(UUID::toString).distinct().toList();
    return timers
        .time(
            CallTimers.Call.VERSIONS,
            asyncClient.mget(
                m ->
                    m.index(config.alias())
                        .ids(ids)
                        .storedFields(IndexSchema.DELETED)
                        .source(s -> s.fetch(false)),
                ObjectNode.class))
        .handle(
            (response, failure) -> {
              if (failure != null) {
                throw failure(failure, "read indexed versions");
              }
              markAvailable(true, null);
              Map<UUID, Long> versions = new HashMap<>();
              for (MultiGetResponseItem<ObjectNode> item : response.docs()) {
                if (item.isResult() && item.result().found() && !deleted(item.result().fields())) {
                  versions.put(UUID.fromString(item.result().id()), item.result().version());
                }
              }
              return versions;
            });
  }

  private static boolean deleted(Map<String, JsonData> storedFields) {
    JsonData deleted = storedFields == null ? null : storedFields.get(IndexSchema.DELETED);
    return deleted != null && deleted.toJson().asJsonArray().contains(JsonValue.TRUE);
  }

  @Override
  public CompletionStage<Void> refresh() {
    return timers
        .time(CallTimers.Call.REFRESH, asyncClient.indices().refresh(r -> r.index(config.alias())))
        .handle(
            (response, failure) -> {
              if (failure != null) {
                throw failure(failure, "refresh the index");
              }
              markAvailable(true, null);
              return null;
            });
  }

  @Override
  public SearchHits search(IndexQuery query) {
    return run(PagedSearch.of(config.alias(), query), CallTimers.Call.SEARCH, "search");
  }

  @Override
  public SearchHits scan(UUID applicationId, Optional<UUID> after, int size) {
    return run(
        PagedSearch.scan(config.alias(), applicationId, after, size),
        CallTimers.Call.SCAN,
        "scan the index");
  }

  @Override
  public Map<String, Long> counts(UUID applicationId) {
    long started = System.nanoTime();
    boolean answered = false;
    try {
      SearchResponse<Void> response =
          client.search(CollectionCounts.request(config.alias(), applicationId), Void.class);
      answered = true;
      markAvailable(true, null);
      return CollectionCounts.counts(response);
    } catch (ElasticsearchException | IOException e) {
      throw failure(e, "count the application's entities");
    } finally {
      timers.record(CallTimers.Call.COUNT, started, answered);
    }
  }

  private SearchHits run(PagedSearch search, CallTimers.Call call, String action) {
    long started = System.nanoTime();
    boolean answered = false;
    try {
      SearchResponse<Void> response = client.search(search.request(), Void.class);
      answered = true;
      markAvailable(true, null);
      return search.hits(response);
    } catch (ElasticsearchException e) {
      if (e.status() == 400) {
        markAvailable(true, null);
        throw new MeridianException(
            ErrorCode.BAD_REQUEST, "The index rejected the query: " + e.error().reason(), e);
      }
      throw failure(e, action);
    } catch (IOException e) {
      throw failure(e, action);
    } finally {
      timers.record(call, started, answered);
    }
  }

  @Override
  public boolean isAvailable() {
    return available.get();
  }

  @Override
  public boolean probe() {
    try {
      HealthStatus status = probeClient.cluster().health().status();
      markAvailable(status != HealthStatus.Red, "cluster health is red");
    } catch (IOException | ElasticsearchException e) {
      LOG.debug("Elasticsearch probe failed", e);
      markAvailable(false, "the probe failed: " + e.getClass().getSimpleName());
    }
    return available.get();
  }

  @Override
  public void close() {
    try {
      restClient.close();
    } catch (IOException e) {
      LOG.debug("Closing the Elasticsearch client failed", e);
    }
  }

  /**
   * Maps a failed call: unreachable → {@link IndexUnavailableException} and not available; an
   * answer with an error → {@link MeridianException} with {@code INTERNAL_ERROR}.
   */
  private MeridianException failure(Throwable failure, String action) {
    Throwable cause = Reachability.unwrap(failure);
    if (cause instanceof MeridianException meridian) {
      return meridian;
    }
    if (Reachability.unreachable(cause)) {
      return unavailable(action, cause);
    }
    markAvailable(true, null);
    return new MeridianException(
        ErrorCode.INTERNAL_ERROR, "Elasticsearch failed to " + action, cause);
  }

  private IndexUnavailableException unavailable(String action, Throwable cause) {
    markAvailable(false, "could not " + action + ": " + cause.getClass().getSimpleName());
    return new IndexUnavailableException(
        "Elasticsearch is unreachable; could not " + action, cause);
  }

  /**
   * Sets whether the index is available, logging each change after it first was: while it is
   * unavailable, writes skip the fast path (the repairer indexes them), so an operator must see
   * when and why. Before the first answer (a start while Elasticsearch is still starting) it is
   * quiet.
   */
  private void markAvailable(boolean now, String why) {
    boolean before = available.getAndSet(now);
    if (now && !before) {
      LOG.info("Elasticsearch is available");
    } else if (!now && before) {
      LOG.warn(
          "Elasticsearch counts as unavailable ({}); writes skip the index until it answers", why);
    }
  }

  private static int millis(java.time.Duration duration) {
    return (int) Math.min(Integer.MAX_VALUE, duration.toMillis());
  }
}
