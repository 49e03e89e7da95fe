#!/usr/bin/env bash
# Issue 21's console performance target (docs/benchmarks.md, "Console data browser"):
#   stack/loadtests/console/browse.sh [load] [measure]        # default: both
#   COUNT=20000 PAGES=3 stack/loadtests/console/browse.sh     # a quick run
# load:    starts Cassandra and Elasticsearch in DATA_DIR (or reuses them when they run there) on
#          free ports, Meridian on a free port in its own keyspace (KEYSPACE, never the shared IT
#          services' one), provisions an organization, an admin and an application (kept in
#          DATA_DIR/app.env, so a later run reuses them), and loads COUNT small entities (the
#          `places` data set, about 110 bytes each) into its `places` collection with
#          meridian-load. An interrupted load resumes where it stopped.
# measure: BrowseBenchmark.java drives headless Chromium (Selenium, Debian's chromium-driver):
#          signs in to the console, opens the data browser on the collection with limit 100, then
#          presses "Next page" PAGES times; each time it reads the interval from the navigation or
#          the click to the view's performance mark `data:rendered` (the 100-row table is in the
#          DOM), and, as an anchor in the same browser, times a fetch of the same API page. It
#          fails when a request the page made named a `count` parameter.
# It builds what is missing (REBUILD=1: always), and stops Meridian and the services it started
# (KEEP=1: leaves the services running for the next run). Results go to
# stack/loadtests/target/console-browse/run-<time>/ (never committed); summary.txt has them.
# Settings (environment): COUNT (1000000), PAGES (5), ROUNDS (3: the whole walk is repeated and
# each figure is reported per round), LIMIT_MS (1000), DATA_DIR (/tmp/meridian-console-bench-data),
# KEYSPACE (bench_console), SERVER_HEAP (2g), WORKERS (4: the loader's), MVN_ARGS (e.g. -o), BASE
# (a running Meridian on loopback whose application DATA_DIR/app.env names: nothing is started).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
COUNT="${COUNT:-1000000}" PAGES="${PAGES:-5}" ROUNDS="${ROUNDS:-3}" LIMIT_MS="${LIMIT_MS:-1000}"
DATA_DIR="${DATA_DIR:-/tmp/meridian-console-bench-data}" KEYSPACE="${KEYSPACE:-bench_console}"
SERVER_HEAP="${SERVER_HEAP:-2g}" WORKERS="${WORKERS:-4}"
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(load measure)
wants() { [[ " ${parts[*]} " == *" $1 "* ]]; }

out="$root/stack/loadtests/target/console-browse/run-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out" "$DATA_DIR"
summary="$out/summary.txt"
note() { echo "$*" | tee -a "$summary"; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

server_jar="$root/stack/server/target/meridian.jar"
load_jar="$root/stack/loadtests/target/meridian-load.jar"
if [ "${REBUILD:-0}" = 1 ] || [ ! -f "$server_jar" ] || [ ! -f "$load_jar" ]; then
  echo "Building the server and the loader ..."
  # shellcheck disable=SC2086
  (cd "$root" && ./mvnw -B -q ${MVN_ARGS:-} -DskipTests -DskipITs -Dspotless.check.skip=true \
    -pl stack/server,stack/loadtests -am package)
fi

# The services keep their ports from one run to the next (their data dir remembers them).
ports="$DATA_DIR/ports.env"
if [ ! -f "$ports" ]; then
  { echo "CASSANDRA_PORT=$(free_port)"; echo "CASSANDRA_STORAGE_PORT=$(free_port)"
    echo "ES_PORT=$(free_port)"; echo "ES_TRANSPORT_PORT=$(free_port)"; } > "$ports"
fi
# shellcheck source=../wrk/servers.sh
source "$root/stack/loadtests/wrk/servers.sh"
server_pid=""
started_services=0
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  if [ "$started_services" = 1 ] && [ "${KEEP:-0}" != 1 ]; then
    java -jar "$server_jar" services stop --data-dir "$DATA_DIR" >> "$out/services.log" 2>&1 || true
  fi
}
trap cleanup EXIT

if [ -n "${BASE:-}" ]; then
  case "$BASE" in
    http://127.*|http://localhost*) ;;
    *) echo "Refusing to load anything but loopback: $BASE" >&2; exit 2 ;;
  esac
  echo "Using the running Meridian at $BASE"
else
  # shellcheck disable=SC1090
  source "$ports"
  MERIDIAN_PORT="$(free_port)" EDGE_PORT="$(free_port)"
  BASE="http://127.0.0.1:$MERIDIAN_PORT"
  echo "Services in $DATA_DIR (Cassandra $CASSANDRA_PORT, Elasticsearch $ES_PORT) ..."
  started_services=1
  start_services
  # The server runs from a copy, so that a build meanwhile cannot pull its jar from under it.
  cp "$server_jar" "$out/meridian.jar"
  start_meridian "$out/meridian.jar" "$SERVER_HEAP" "$MERIDIAN_PORT" \
    --meridian.edge.port="$EDGE_PORT" --meridian.edge.mqtt-port=0
  echo "Meridian (pid $server_pid) on $BASE ..."
fi
for _ in $(seq 1 600); do
  curl -sf -o /dev/null "$BASE/status" && break
  [ -z "$server_pid" ] || kill -0 "$server_pid" 2>/dev/null \
    || { echo "Meridian exited; see $out/meridian.log" >&2; exit 1; }
  sleep 1
done

# The benchmark's organization, admin and application: made once, kept in the data dir.
app_env="$DATA_DIR/app.env"
if [ ! -f "$app_env" ]; then
  PYTHONPATH="$root/stack/loadtests/wrk" python3 - "$BASE" > "$app_env" <<'PY'
import secrets, sys, time
from provision import call as call_at
base = sys.argv[1]
def call(method, path, body=None, token=None):
    return call_at(base, method, path, body, token)
stamp = str(int(time.time()))
org, app, admin, password = "browse" + stamp, "bench", "browse-admin-" + stamp, secrets.token_urlsafe(18)
call("POST", "/management/orgs", {"organization": org, "username": admin, "name": "Browse benchmark",
     "email": admin + "@example.com", "password": password})
token = call("POST", "/management/token", {"grant_type": "password", "username": admin, "password": password})["access_token"]
call("POST", f"/management/orgs/{org}/apps", {"name": app}, token)
pair = call("GET", f"/management/orgs/{org}/apps/{app}/credentials", token=token)["credentials"]
for name, value in (("ORG", org), ("APP", app), ("ADMIN", admin), ("PASSWORD", password),
                    ("CLIENT_ID", pair["client_id"]), ("CLIENT_SECRET", pair["client_secret"])):
    print(f"{name}='{value}'")
PY
fi
# shellcheck disable=SC1090
source "$app_env"
note "== $(date -u +%FT%TZ) Meridian $BASE, application $ORG/$APP, $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GB"

if wants load; then
  note "load: $COUNT places (meridian-load, $WORKERS workers), log $out/load.log"
  start=$(date +%s)
  java -jar "$load_jar" --url "$BASE" --org "$ORG" --app "$APP" --client-id "$CLIENT_ID" \
    --client-secret "$CLIENT_SECRET" --dataset places --count "$COUNT" --workers "$WORKERS" \
    --state-dir "$DATA_DIR/state" --no-progress > "$out/load.log" 2>&1 \
    || { tail -5 "$out/load.log"; exit 1; }
  tail -1 "$out/load.log" | tee -a "$summary"
  note "load: $(( $(date +%s) - start )) s"
fi

if wants measure; then
  # Selenium and its dependencies: the rest module's test classpath, kept from the last run.
  cp="$DATA_DIR/classpath.txt"
  if [ "${REBUILD:-0}" = 1 ] || [ ! -s "$cp" ]; then
    # shellcheck disable=SC2086
    (cd "$root" && ./mvnw -B -q ${MVN_ARGS:-} -pl stack/server dependency:build-classpath \
      -Dmdep.includeScope=test -Dmdep.outputFile="$cp") > "$out/classpath.log" 2>&1 \
      || { tail -20 "$out/classpath.log"; exit 1; }
  fi
  java -cp "$(cat "$cp")" "$here/BrowseBenchmark.java" "$BASE" "$ORG" "$APP" "$ADMIN" "$PASSWORD" \
    places "$PAGES" "$ROUNDS" "$LIMIT_MS" | tee -a "$summary"
fi
echo "Results: $out"
