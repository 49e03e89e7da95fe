#!/usr/bin/env bash
# Issue 17's side-by-side table in one command: every hot path of Meridian as a ratio to an anchor
# measured in the same run (see docs/benchmarks.md, "Issue 17: the side-by-side table").
#   stack/loadtests/wrk/table.sh                 # full size, ROUNDS=3, DURATION=8s
#   SMOKE=1 stack/loadtests/wrk/table.sh         # small data, 3 s runs, one round (a few minutes)
# It starts (or reuses) Cassandra and Elasticsearch, builds the server and the bare floor
# (stack/loadtests/bare-floor) if their jars are missing (REBUILD=1: always), loads the data sets
# once (state in STATE, kept for later runs), starts Meridian and the bare floor, then runs every
# row in ROUNDS rounds, alternating which side goes first (wrk -t2 -c32), and prints the table
# (also written to STATE/run-<time>/table.md; never committed).
# Settings (environment): ROUNDS, DURATION, WARMUP, SETTLE, ENTITIES (GET data set, ~1 KB each),
# ITEMS (query data set), PLACES, FENCES, STATE, DATA_DIR (the services' data), CASSANDRA_PORT,
# CASSANDRA_STORAGE_PORT, ES_PORT, ES_TRANSPORT_PORT, MERIDIAN_PORT, FLOOR_PORT, MERIDIAN_HEAP,
# KEYSPACE, ONLY (space-separated row names to run; default all, see bench_table.py ROWS),
# GATES (a file of smoke gates, smoke-gates.tsv: the table gets a gate column and the script exits
# 1 when a row's ratio is below its gate; the build's HotPathTableIT runs SMOKE=1 with it),
# SERVICES=running (Cassandra and Elasticsearch already answer on CASSANDRA_PORT and ES_PORT: the
# build's shared services), BUILD=0 (fail instead of building a missing jar).
set -euo pipefail
command -v wrk > /dev/null || { echo "wrk is needed: apt-get install wrk" >&2; exit 1; }
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
if [ "${SMOKE:-0}" = 1 ]; then
  : "${ROUNDS:=1}" "${DURATION:=3s}" "${WARMUP:=2s}" "${SETTLE:=5}" "${ENTITIES:=500}"
  : "${ITEMS:=2000}" "${PLACES:=2000}" "${FENCES:=3000}" "${MERIDIAN_HEAP:=1g}"
  : "${STATE:=$here/../target/table-smoke}" "${KEYSPACE:=bench_table_smoke}"
fi
ROUNDS="${ROUNDS:-3}" DURATION="${DURATION:-8s}" WARMUP="${WARMUP:-5s}" SETTLE="${SETTLE:-60}"
ENTITIES="${ENTITIES:-10000}" ITEMS="${ITEMS:-100000}" PLACES="${PLACES:-653796}"
FENCES="${FENCES:-300000}" MERIDIAN_HEAP="${MERIDIAN_HEAP:-3g}"
STATE="${STATE:-$here/../target/table}"
DATA_DIR="${DATA_DIR:-/tmp/meridian-table-data}"
CASSANDRA_PORT="${CASSANDRA_PORT:-9042}" CASSANDRA_STORAGE_PORT="${CASSANDRA_STORAGE_PORT:-7000}"
ES_PORT="${ES_PORT:-9200}" ES_TRANSPORT_PORT="${ES_TRANSPORT_PORT:-9300}"
MERIDIAN_PORT="${MERIDIAN_PORT:-8080}" FLOOR_PORT="${FLOOR_PORT:-8090}"
KEYSPACE="${KEYSPACE:-bench_table}"
# The anchors' plain indexes, apart from Meridian's (whose names start with its index prefix).
ANCHOR_PREFIX="anchor-${KEYSPACE//_/-}"
export ITEMS PLACES FENCES ANCHOR_PREFIX
mkdir -p "$STATE"
STATE="$(cd "$STATE" && pwd)"
BASE="http://127.0.0.1:$MERIDIAN_PORT"
FLOOR="http://127.0.0.1:$FLOOR_PORT"
ES="http://127.0.0.1:$ES_PORT"
OUT="$STATE/run-$(date +%Y%m%d-%H%M%S)"
RESULTS_NAME=""
# shellcheck source=common.sh
source "$here/common.sh"
# shellcheck source=servers.sh
source "$here/servers.sh"
mkdir -p "$out/runs"

server_jar="$root/stack/server/target/meridian.jar"
floor_jar="$root/stack/loadtests/bare-floor/target/bare-floor.jar"
if [ "${REBUILD:-0}" = 1 ] || [ ! -f "$server_jar" ] || [ ! -f "$floor_jar" ]; then
  if [ "${BUILD:-1}" = 0 ]; then
    echo "Missing $server_jar or $floor_jar: ./mvnw package -pl stack/server,stack/loadtests/bare-floor -am" >&2
    exit 1
  fi
  echo "Building the server and the bare floor ..."
  (cd "$root" && ./mvnw -B -q -DskipTests -DskipITs -Dspotless.check.skip=true \
    -pl stack/server,stack/loadtests/bare-floor -am package)
fi

if [ "${SERVICES:-}" != running ]; then
  echo "Services (started, or reused when running) in $DATA_DIR ..."
  start_services
fi

pids=()
trap 'for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done' EXIT
wait_for() {
  for _ in $(seq 1 300); do
    curl -sf -o /dev/null "$1" && return 0
    kill -0 "$2" 2>/dev/null || { echo "$3 exited; see its log in $out" >&2; exit 1; }
    sleep 1
  done
  echo "$3 did not answer $1" >&2
  exit 1
}
start_meridian "$server_jar" "$MERIDIAN_HEAP" "$MERIDIAN_PORT" \
  --meridian.edge.port=0 --meridian.edge.mqtt-port=0
meridian_pid=$server_pid
pids+=("$meridian_pid")
echo "Meridian (pid $meridian_pid) on $BASE ..."
wait_for "$BASE/status" "$meridian_pid" Meridian

# The data sets, each loaded once: a marker file per set, so an interrupted load resumes.
[ -f "$STATE/app.env" ] || python3 "$here/provision.py" "$BASE" > "$STATE/app.env"
# shellcheck disable=SC1091
source "$STATE/app.env"
export TOKEN
loaded=0
load() {  # name, then the command that loads it
  local name="$1"; shift
  [ -f "$STATE/loaded-$name" ] && return 0
  echo "Loading $name ..."
  "$@"
  touch "$STATE/loaded-$name"
  loaded=1
}
lines() { python3 "$here/$1" "${@:2}"; }
to_meridian() { python3 "$here/load_lines.py" "$BASE" "/$ORG/$APP/$1"; }
load things eval 'lines bench_table.py things "$ENTITIES" | UUIDS_OUT="$STATE/things.paths" to_meridian things'
load user-token eval 'python3 "$here/bench_table.py" user-token "$BASE" "$ORG" "$APP" > "$STATE/user-token"'
load items eval 'lines bench_table.py items "$ITEMS" | to_meridian items'
load anchor-items eval 'lines bench_table.py items "$ITEMS" | python3 "$here/bench_table.py" anchor "$ES" "$ANCHOR_PREFIX-items" items'
load places eval 'lines geo_data.py places "$PLACES" 2 | to_meridian places'
load hotplaces eval 'curl -sf -X POST -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" \
  -d "{\"geoHot\":true}" "$BASE/$ORG/$APP/hotplaces/_settings" > /dev/null &&
  lines geo_data.py places "$PLACES" 2 | to_meridian hotplaces'
load anchor-places eval 'lines geo_data.py places "$PLACES" 2 | python3 "$here/bench_table.py" anchor "$ES" "$ANCHOR_PREFIX-places" places'
load kfences eval 'lines geo_data.py kuzzle "$FENCES" 1 | to_meridian kfences'
load ads eval 'lines geo_data.py hexagons "$FENCES" 1 | to_meridian ads'
load requests python3 "$here/bench_table.py" requests "$STATE" "$ORG" "$APP"
if [ "$loaded" = 1 ]; then
  echo "Settling for $SETTLE s ..."
  sleep "$SETTLE"
fi
sed "s#^/$ORG/$APP/things/#/floor/#" "$STATE/things.paths" > "$STATE/floor.paths"
sed "s#^/$ORG/$APP/things/#/floor/async/#" "$STATE/things.paths" > "$STATE/floor-async.paths"
check="$(head -1 "$STATE/things.paths")"
curl -sf -o /dev/null -H "Authorization: Bearer $TOKEN" "$BASE$check" || {
  echo "Meridian does not serve $check: the services lost the data of $STATE; remove it" >&2
  exit 1
}

java -Xms512m -Xmx512m -jar "$floor_jar" --server.port="$FLOOR_PORT" \
  --floor.contact-points="127.0.0.1:$CASSANDRA_PORT" --floor.keyspace="$KEYSPACE" \
  --floor.org="$ORG" --floor.app="$APP" > "$out/floor.log" 2>&1 &
floor_pid=$!
pids+=("$floor_pid")
echo "Bare floor (pid $floor_pid) on $FLOOR ..."
wait_for "$FLOOR/lb-status" "$floor_pid" "The bare floor"

USER_TOKEN="$(cat "$STATE/user-token")"
# One wrk run of one side ("m": Meridian, "a": the anchor) of one row, for DURATION $1.
measure() {
  local duration="$1" side="$2" row="$3"
  local args=(-t"$THREADS" -c"$CONNECTIONS" -d"$duration" --latency)
  local app=(-H "Authorization: Bearer $TOKEN") user=(-H "Authorization: Bearer $USER_TOKEN")
  case "$side-$row" in
    m-trivial) wrk "${args[@]}" "$BASE/lb-status" ;;
    a-trivial) wrk "${args[@]}" "$FLOOR/lb-status" ;;
    m-get-user*) WRK_PATHS="$STATE/things.paths" wrk "${args[@]}" "${user[@]}" -s "$here/random-path.lua" "$BASE" ;;
    m-get-app*) WRK_PATHS="$STATE/things.paths" wrk "${args[@]}" "${app[@]}" -s "$here/random-path.lua" "$BASE" ;;
    a-get-*-async) WRK_PATHS="$STATE/floor-async.paths" wrk "${args[@]}" -s "$here/random-path.lua" "$FLOOR" ;;
    a-get-*) WRK_PATHS="$STATE/floor.paths" wrk "${args[@]}" -s "$here/random-path.lua" "$FLOOR" ;;
    m-post) WRK_COLLECTION_PATH="/$ORG/$APP/posts" WRK_QUERY="" wrk "${args[@]}" -s "$here/post-entity.lua" "$BASE" ;;
    a-post) WRK_COLLECTION_PATH="/$ORG/$APP/posts" WRK_QUERY="consistency=eventual" wrk "${args[@]}" -s "$here/post-entity.lua" "$BASE" ;;
    m-*) WRK_PATHS="$STATE/$row.paths" wrk "${args[@]}" "${app[@]}" -s "$here/random-path.lua" "$BASE" ;;
    a-hotplaces-*|a-kfences|a-ads) wrk "${args[@]}" "$BASE/lb-status" ;;
    a-*) WRK_REQUESTS="$STATE/$row.search" wrk "${args[@]}" -s "$here/search.lua" "$ES" ;;
  esac
}
rows=(${ONLY:-trivial get-user get-user-async get-app get-app-async items-equality items-range
  places-equality places-500 places-5000 places-50000 hotplaces-500 hotplaces-5000
  hotplaces-50000 kfences ads post})
echo "Warming up (${WARMUP} per side and row) ..."
for row in "${rows[@]}"; do
  for side in m a; do measure "$WARMUP" "$side" "$row" > "$out/warmup-$row-$side.txt" 2>&1; done
done
for round in $(seq 1 "$ROUNDS"); do
  order=(m a)
  [ $((round % 2)) = 0 ] && order=(a m)
  for row in "${rows[@]}"; do
    for side in "${order[@]}"; do
      run "runs/r$round-$row-$side" measure "$DURATION" "$side" "$row"
    done
  done
done
{
  echo "Issue 17 side-by-side table, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, wrk -t$THREADS -c$CONNECTIONS," \
    "$ROUNDS round(s) of $DURATION per side (median), entities $ENTITIES, items $ITEMS, places $PLACES, fences $FENCES"
  echo
  python3 "$here/bench_table.py" report "$out" "$ROUNDS" ${GATES:+"$GATES"}
} | tee "$out/table.md"
if [ "${SERVICES:-}" = running ]; then
  echo "Results in $out"
else
  echo "Results in $out (services keep running: java -jar $server_jar services stop --data-dir $DATA_DIR)"
fi
