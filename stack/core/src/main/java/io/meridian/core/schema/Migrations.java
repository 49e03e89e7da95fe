package io.meridian.core.schema;

import java.util.List;

/**
 * Every migration ever shipped, in order. Never edit a released one: add the next.
 *
 * <p>Its length is data: one entry per migration, each statement beside the comment that says why
 * its table is shaped so. It stays one list, read top to bottom as the schema's history; split, it
 * would only scatter that history.
 */
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
                    WITH CLUSTERING ORDER BY (job_id DESC)""")),
          new Migration(
              3,
              "organizations, admins, app user credentials, grants, tokens, access events",
              List.of(
                  // Keyed by lower-cased name; organization_ids maps back (client ids carry it).
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.organizations (
                    org text PRIMARY KEY, org_id uuid, org_display text, created bigint)""",
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.organization_ids (
                    org_id uuid PRIMARY KEY, org text)""",
                  """
                  ALTER TABLE {ks}.applications ADD IF NOT EXISTS (org_id uuid, created bigint)""",
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.application_ids (
                    app_id uuid PRIMARY KEY, org text, app text)""",
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.admin_users (
                    admin_id uuid PRIMARY KEY, username text, email text, name text,
                    password_hash text, created bigint)""",
                  // 'username:<lower>' and 'email:<lower>', claimed with IF NOT EXISTS.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.admin_logins (
                    login text PRIMARY KEY, admin_id uuid)""",
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.org_admins (
                    org_id uuid, admin_id uuid, PRIMARY KEY ((org_id), admin_id))""",
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.admin_orgs (
                    admin_id uuid, org_id uuid, PRIMARY KEY ((admin_id), org_id))""",
                  // App users are entities of the users collection; their password hashes live
                  // here, never in the entity body.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.user_credentials (
                    app_id uuid, user_id uuid, password_hash text,
                    PRIMARY KEY ((app_id, user_id)))""",
                  // What a holder ('user:<uuid>', 'group:<uuid>', 'role:<name>') is granted:
                  // kind 'permission', 'role' or 'group'. grant_holders is the reverse index.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.grants (
                    app_id uuid, holder text, kind text, value text,
                    PRIMARY KEY ((app_id, holder), kind, value))""",
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.grant_holders (
                    app_id uuid, kind text, value text, holder text,
                    PRIMARY KEY ((app_id, kind, value), holder))""",
                  // Per token subject: the generation its tokens must carry (bumped to revoke them
                  // all) and the ids of single revoked tokens, each expiring with its token.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.token_subjects (
                    subject uuid, generation bigint static, token_id uuid,
                    PRIMARY KEY ((subject), token_id))""",
                  // Every node polls the newest buckets to drop cached access state within a
                  // second of a change; entries are only needed for a few seconds.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.access_events (
                    bucket bigint, id timeuuid, kind text, target uuid,
                    PRIMARY KEY ((bucket), id))
                    WITH default_time_to_live = 3600
                    AND compaction = {'class': 'TimeWindowCompactionStrategy',
                      'compaction_window_unit': 'HOURS', 'compaction_window_size': 1}""",
                  // Failed logins per user and per client address, each row expiring after the
                  // throttling window.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.login_failures (
                    key text, at timeuuid, PRIMARY KEY ((key), at))
                    WITH CLUSTERING ORDER BY (at DESC)""")),
          new Migration(
              4,
              "geo: fence registry, geo collections, collection settings, geo change feed",
              List.of(
                  // Collections whose entities every node holds in memory: kind 'fences' (a
                  // collection that ever held a fence) or 'hot' (its settings say geo-hot). A node
                  // reads the two small partitions at start.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.geo_collections (
                    kind text, app_id uuid, collection text,
                    PRIMARY KEY ((kind), app_id, collection))""",
                  // Every entity that may be a fence, written before the entity itself: a superset
                  // a starting node loads and checks, so no fence is ever missed. Sharded so that
                  // no partition grows past a few thousand rows per 100,000 fences.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.geo_fences (
                    app_id uuid, collection text, shard int, uuid timeuuid,
                    PRIMARY KEY ((app_id, collection, shard), uuid))""",
                  // Usergrid's collection settings ({coll}/_settings).
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.collection_settings (
                    app_id uuid, collection text, geo_hot boolean,
                    PRIMARY KEY ((app_id), collection))""",
                  // Writes to fences and geo-hot collections (and settings changes), polled by
                  // every node to keep its in-memory geo indexes within a second of Cassandra. An
                  // entry is written before the entity (intent first); entity is null for a
                  // settings change.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.geo_changes (
                    bucket bigint, id timeuuid, app_id uuid, collection text, entity uuid,
                    version bigint,
                    PRIMARY KEY ((bucket), id))
                    WITH default_time_to_live = 3600
                    AND compaction = {'class': 'TimeWindowCompactionStrategy',
                      'compaction_window_unit': 'HOURS', 'compaction_window_size': 1}""")),
          new Migration(
              5,
              "secrets: the key-encryption key that wraps each",
              List.of(
                  // The id of the operator's key-encryption key that wrapped the value; null for a
                  // value in plain text (written before the key existed, or without one).
                  """
                  ALTER TABLE {ks}.secrets ADD IF NOT EXISTS kek text""")),
          new Migration(
              6,
              "admin invitations",
              List.of(
                  // Pending invitations to become an organization's admin, one partition per
                  // invited (lower-cased) email, one row per organization; each row is written
                  // with the invitation's lifetime as TTL.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.admin_invitations (
                    email text, org_id uuid, invitation_token text, invited_by uuid,
                    created bigint, expires bigint,
                    PRIMARY KEY ((email), org_id))""")),
          new Migration(
              7,
              "data migrations",
              List.of(
                  // Data migrations that run once per cluster (role grants moved from role names
                  // to role uuids), recorded once finished.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.data_migrations (
                    name text PRIMARY KEY, finished timestamp)""")),
          new Migration(
              8,
              "aggregate counters",
              List.of(
                  // One partition per application and counter, a row per resolution and bucket:
                  // one increment is one counter batch into one partition, so every replica
                  // applies all of a counter's resolutions as one mutation. Minute buckets grow a
                  // partition by 525,600 rows a year of constant use.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.counters (
                    app_id uuid, name text, resolution text, bucket bigint, value counter,
                    PRIMARY KEY ((app_id, name), resolution, bucket))""",
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.counter_names (
                    app_id uuid, name text, PRIMARY KEY ((app_id), name))""")),
          new Migration(
              9,
              "assets: files of entities, in chunks",
              List.of(
                  // One partition per chunk of one upload (version): a file of any size spreads
                  // over the ring and a ranged read reads the chunk it starts in.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.asset_chunks (
                    version uuid, chunk int, data blob,
                    PRIMARY KEY ((version, chunk)))""",
                  // The version each entity's file is, with what Usergrid's file-metadata shows;
                  // changed by lightweight transactions only.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.assets (
                    app_id uuid, entity uuid, version uuid, content_type text, length bigint,
                    checksum text, modified bigint, chunk_size int,
                    PRIMARY KEY ((app_id, entity)))""")),
          new Migration(
              10,
              "organization properties",
              List.of(
                  // Usergrid's custom properties of an organization, as one JSON object.
                  """
                  ALTER TABLE {ks}.organizations ADD IF NOT EXISTS properties text""")),
          new Migration(
              11,
              "push notifications: notifier credentials, queue, chunks, tasks",
              List.of(
                  // A notifier's credentials, AES-GCM wrapped; never in the entity.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.push_credentials (
                    app_id uuid, notifier timeuuid, value blob,
                    PRIMARY KEY ((app_id, notifier)))""",
                  // Notifications waiting or being sent: one partition, a row per notification,
                  // deleted when it finishes. owner/lease_until is the expansion lease.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.push_jobs (
                    queue int, notification timeuuid, app_id uuid, deliver_at bigint,
                    expire_at bigint, target text, payloads text, expanded boolean, chunks int,
                    expected int, owner text, lease_until bigint,
                    PRIMARY KEY ((queue), notification))""",
                  // A notification's chunks, each leased to one sender at a time.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.push_chunks (
                    app_id uuid, notification timeuuid, chunk int, owner text, lease_until bigint,
                    done boolean, sent int, errors int,
                    PRIMARY KEY ((app_id, notification), chunk))""",
                  // A chunk's tasks with their outcomes (the receipts), one partition per chunk.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.push_tasks (
                    app_id uuid, notification timeuuid, chunk int, device timeuuid,
                    notifier text, device_token text, state text, finished bigint, error_code text,
                    error_message text, attempts int,
                    PRIMARY KEY ((app_id, notification, chunk), device, notifier))""")),
          new Migration(
              12,
              "real-time feed",
              List.of(
                  // Every acknowledged entity write of an application, in sequence order, one
                  // partition per application and second; rows expire after the retention.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.realtime_feed (
                    app_id uuid, bucket bigint, seq bigint, entity uuid, collection text,
                    name text, version bigint, body text, previous text,
                    PRIMARY KEY ((app_id, bucket), seq, entity))
                    WITH compaction = {'class': 'TimeWindowCompactionStrategy',
                      'compaction_window_unit': 'MINUTES', 'compaction_window_size': 10}
                    AND gc_grace_seconds = 3600""")),
          new Migration(
              13,
              "device edge: registry, nodes, statistics, settings, device events in the feed",
              List.of(
                  // An upstream device event in the real-time feed: the event's payload, with the
                  // device's entity as body; null for entity writes.
                  """
                  ALTER TABLE {ks}.realtime_feed ADD IF NOT EXISTS event text""",
                  // Which node holds each attached device, and at which address that node relays.
                  // Written with the attachment's time as timestamp, so a detach (deleted with its
                  // own attachment's time) never erases a later attachment on another node.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.device_registry (
                    app_id uuid, device text, node text, address text, attached bigint,
                    PRIMARY KEY ((app_id, device)))""",
                  // The nodes of the edge, with when each last said it was alive.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.edge_nodes (
                    node text PRIMARY KEY, address text, seen bigint)""",
                  // The devices each node holds, so that a survivor can mark a dead node's
                  // devices disconnected.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.edge_node_devices (
                    node text, app_id uuid, device text, attached bigint,
                    PRIMARY KEY ((node), app_id, device))""",
                  // Each node's cumulative statistics of each application, summed when read.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.edge_stats (
                    app_id uuid, node text, stats text, updated bigint,
                    PRIMARY KEY ((app_id), node))""",
                  // An application's edge settings: device secrets required, webhook.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.edge_settings (
                    app_id uuid PRIMARY KEY, settings text, webhook_key blob)""")),
          new Migration(
              14,
              "per-application request counts",
              List.of(
                  // Each node's requests of an application per 10-second bucket, summed over
                  // nodes when read. One partition per application and hour, so a read of the
                  // last hour touches two; rows expire after two hours, never deleted.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.app_traffic (
                    app_id uuid, hour bigint, bucket bigint, node text,
                    requests bigint, errors_4xx bigint, errors_5xx bigint,
                    latency_sum_us bigint, latency_max_us bigint,
                    PRIMARY KEY ((app_id, hour), bucket, node))
                    WITH default_time_to_live = 7200
                    AND compaction = {'class': 'TimeWindowCompactionStrategy',
                      'compaction_window_unit': 'HOURS', 'compaction_window_size': 1}
                    AND gc_grace_seconds = 3600""")),
          new Migration(
              15,
              "device credentials in the registry",
              List.of(
                  // What each attached device proved (its secret, or the application key alone),
                  // so that no node lets a weaker attachment take a device another node holds.
                  """
                  ALTER TABLE {ks}.device_registry ADD IF NOT EXISTS credential text""")),
          new Migration(
              16,
              "device secrets rotated or revoked",
              List.of(
                  // The devices whose secret an administrator rotated or revoked, one partition
                  // per application: every node holds an application's rows and rereads them when
                  // the access feed names the application.
                  """
                  CREATE TABLE IF NOT EXISTS {ks}.device_keys (
                    app_id uuid, device text, generation bigint, revoked boolean,
                    PRIMARY KEY ((app_id), device))""")));
}
