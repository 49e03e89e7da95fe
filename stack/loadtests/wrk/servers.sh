# Shared by the benchmark scripts that run their own Meridian (sourced, not run): the two services
# and a Meridian node over them. The caller sets server_jar, out, DATA_DIR, KEYSPACE,
# CASSANDRA_PORT, CASSANDRA_STORAGE_PORT, ES_PORT and ES_TRANSPORT_PORT; logs go to $out.

# Starts Cassandra and Elasticsearch in DATA_DIR, or reuses them when they run; exits on failure.
start_services() {
  java -jar "$server_jar" services start --data-dir "$DATA_DIR" \
    --cassandra-port="$CASSANDRA_PORT" --cassandra-storage-port="$CASSANDRA_STORAGE_PORT" \
    --elasticsearch-port="$ES_PORT" --elasticsearch-transport-port="$ES_TRANSPORT_PORT" \
    > "$out/services.log" 2>&1 || { tail -20 "$out/services.log"; exit 1; }
}

# start_meridian JAR HEAP PORT [--key=value ...]: runs the server in the background over those
# services, in the keyspace and index prefix of KEYSPACE, open to registration; its pid in
# server_pid, its log in $out/meridian.log.
start_meridian() {
  local jar="$1" heap="$2" port="$3"
  shift 3
  java -Xms"$heap" -Xmx"$heap" -jar "$jar" --server.port="$port" "$@" \
    --meridian.embedded.enabled=false --meridian.identity.open-registration=true \
    --meridian.cassandra.contact-points="127.0.0.1:$CASSANDRA_PORT" \
    --meridian.elasticsearch.urls="http://127.0.0.1:$ES_PORT" \
    --meridian.cassandra.keyspace="$KEYSPACE" --meridian.elasticsearch.index-prefix="${KEYSPACE//_/-}" \
    > "$out/meridian.log" 2>&1 &
  server_pid=$!
}
