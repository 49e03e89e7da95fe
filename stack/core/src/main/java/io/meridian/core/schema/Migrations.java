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
                    name text PRIMARY KEY, owner text)""")),
          new Migration(
              2,
              "collection listings, connections, secrets, index rebuild jobs",
              List.of(
                  // A collection's entities newest first, one partition per UTC day of the uuid's
                  // time, so no partition grows without bound. Written and deleted with the
                  // entity's version as write time. A listing row that comes back after a missed
                  // tombstone only names an entity that loads as missing, so a short gc grace is
                  // safe here, and it bounds the tombstones a day of deletes leaves to scan.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.collection_entities (
                    app_id uuid, collection text, bucket bigint, uuid timeuuid,
                    PRIMARY KEY ((app_id, collection, bucket), uuid))
                    WITH CLUSTERING ORDER BY (uuid DESC) AND gc_grace_seconds = 86400""",
                  // Which days of which collections ever held entities: listing walks only those,
                  // and an application's collections are one partition.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.collection_buckets (
                    app_id uuid, collection text, bucket bigint,
                    PRIMARY KEY ((app_id), collection, bucket))
                    WITH CLUSTERING ORDER BY (collection ASC, bucket DESC)""",
                  // Verbs an entity has connections under (out: connections, in: connecting), on
                  // its own row so a GET renders them without a second read. ADD IF NOT EXISTS
                  // (Cassandra 4.1+) makes the statement safe to run again.
                  """
                  ALTER TABLE {ks}.entities
                    ADD IF NOT EXISTS (connections set<text>, connecting set<text>)""",
                  // Both directions of every connection: OUT rows under the source, IN rows under
                  // the target, one partition per entity, direction and verb.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.connections (
                    app_id uuid, entity timeuuid, direction text, verb text,
                    other timeuuid, other_collection text,
                    PRIMARY KEY ((app_id, entity, direction, verb), other))
                    WITH CLUSTERING ORDER BY (other DESC)""",
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.secrets (
                    name text PRIMARY KEY, value blob)""",
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.index_rebuilds (
                    app_id uuid, job_id timeuuid, status text, phase text,
                    collections_total int, collections_done int,
                    entities_indexed bigint, entries_removed bigint,
                    started_millis bigint, heartbeat_millis bigint, error text,
                    PRIMARY KEY ((app_id), job_id))
                    WITH CLUSTERING ORDER BY (job_id DESC)""")));
}
