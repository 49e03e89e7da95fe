#!/usr/bin/env bash
# Once the ring is up: replaces the well-known default superuser (cassandra/cassandra) with an
# `admin` role of your password, and creates the `meridian` login role, which may create its
# keyspace (and, as its creator, holds every permission on it) and nothing else. Idempotent.
set -euo pipefail
: "${CASSANDRA_ADMIN_PASSWORD:?set CASSANDRA_ADMIN_PASSWORD}"
: "${MERIDIAN_CASSANDRA_PASSWORD:?set MERIDIAN_CASSANDRA_PASSWORD}"
host=${CASSANDRA_HOST:-cassandra-1}
export SSL_CERTFILE=${SSL_CERTFILE:-/certs/ca/ca.crt} SSL_VALIDATE=true
quote() { printf "'%s'" "${1//\'/\'\'}"; } # a CQL string literal
cql() { cqlsh --ssl "$host" 9042 "$@"; }

if cql -u cassandra -p cassandra -e 'SELECT release_version FROM system.local' >/dev/null 2>&1; then
  cql -u cassandra -p cassandra -e "
    ALTER KEYSPACE system_auth WITH replication = {'class': 'NetworkTopologyStrategy', 'datacenter1': 3};
    CREATE ROLE IF NOT EXISTS admin WITH SUPERUSER = true AND LOGIN = true
      AND PASSWORD = $(quote "$CASSANDRA_ADMIN_PASSWORD");"
  cql -u admin -p "$CASSANDRA_ADMIN_PASSWORD" -e "
    ALTER ROLE cassandra WITH SUPERUSER = false AND LOGIN = false
      AND PASSWORD = $(quote "$(head -c 32 /dev/urandom | base64)");"
fi
cql -u admin -p "$CASSANDRA_ADMIN_PASSWORD" -e "
  CREATE ROLE IF NOT EXISTS meridian WITH LOGIN = true
    AND PASSWORD = $(quote "$MERIDIAN_CASSANDRA_PASSWORD");
  ALTER ROLE meridian WITH PASSWORD = $(quote "$MERIDIAN_CASSANDRA_PASSWORD");
  GRANT CREATE ON ALL KEYSPACES TO meridian;"
echo "Cassandra roles are in place"
