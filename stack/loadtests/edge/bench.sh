#!/usr/bin/env bash
# Issue 20's device edge benchmarks on one node (docs/load-tests.md, "Device edge"):
#   stack/loadtests/edge/bench.sh [heap] [rpc] [events]      # default: all three
#   SMOKE=1 stack/loadtests/edge/bench.sh                     # 200 devices, 50 RPC/s, 20 s
# heap:   used heap of the server after full GCs (jcmd GC.run, GC.heap_info) before and after
#         DEVICES idle devices attach: heap per attached idle device; and their attach rate.
# rpc:    with those devices attached, DeviceRpcSimulation (Gatling) sends RPC_RATE RPCs a second
#         for DURATION seconds through BASE: mean, p99, max.
# events: EVENT_DEVICES devices send EVENT_RATE upstream events a second for EVENT_DURATION
#         seconds; EventSink counts them at SUBSCRIBERS real-time subscribers of the devices
#         collection and, with WEBHOOK=1, at a webhook receiver on 127.0.0.1:WEBHOOK_PORT (set as
#         the application's webhook_url with PUT /{org}/{app}/devices/_settings; the node started
#         here allows a loopback webhook, meridian.edge.webhook.allow-private-addresses). The
#         devices' entities are made first (CREATE_ENTITIES=0: not): an event reaches subscribers
#         as an event of its device's entity.
# It starts (or reuses: SERVICES=running) Cassandra and Elasticsearch, builds the server and the
# simulator if their jars are missing (REBUILD=1: always), starts Meridian with its edge, provisions
# an application, runs the parts asked for, and stops what it started. Results go to
# stack/loadtests/target/edge-bench/run-<time>/ (never committed); summary.txt has the figures.
# Settings (environment): DEVICES (19000), PER_PROCESS (19000), RATE (attaches/s per process,
# 1000), RPC_RATE (1500), DURATION (120), EVENT_DEVICES (1000), EVENT_RATE (1000),
# EVENT_DURATION (60), SUBSCRIBERS (1), WEBHOOK (0), WEBHOOK_PORT (8095), SETTLE (seconds before
# the second heap sample, 10), SERVER_HEAP (2g), MERIDIAN_PORT (8081), EDGE_PORT (8091),
# KEYSPACE (bench_edge), DATA_DIR, CASSANDRA_PORT, CASSANDRA_STORAGE_PORT, ES_PORT,
# ES_TRANSPORT_PORT, SERVICES=running, BASE (a running Meridian: no server is started and the
# heap is not measured; EDGE_HOST and EDGE_PORT must then name its device port), and the
# devices.sh settings (SECRET, SECRET_IN, FRAMING, HEARTBEAT, SOURCES, SIM_HEAP); MVN_ARGS are
# added to the Gatling run's Maven command (-o, for one).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
if [ "${SMOKE:-0}" = 1 ]; then
  : "${DEVICES:=200}" "${RPC_RATE:=50}" "${DURATION:=20}" "${EVENT_DEVICES:=100}"
  : "${EVENT_RATE:=50}" "${EVENT_DURATION:=10}" "${SERVER_HEAP:=1g}" "${SETTLE:=3}"
  : "${RATE:=200}" "${PROFILE:=smoke}"
fi
DEVICES="${DEVICES:-19000}" RPC_RATE="${RPC_RATE:-1500}" DURATION="${DURATION:-120}"
EVENT_DEVICES="${EVENT_DEVICES:-1000}" EVENT_RATE="${EVENT_RATE:-1000}"
EVENT_DURATION="${EVENT_DURATION:-60}" SUBSCRIBERS="${SUBSCRIBERS:-1}"
WEBHOOK="${WEBHOOK:-0}" WEBHOOK_PORT="${WEBHOOK_PORT:-8095}" SETTLE="${SETTLE:-10}"
SERVER_HEAP="${SERVER_HEAP:-2g}" MERIDIAN_PORT="${MERIDIAN_PORT:-8081}"
EDGE_PORT="${EDGE_PORT:-8091}" EDGE_HOST="${EDGE_HOST:-127.0.0.1}" KEYSPACE="${KEYSPACE:-bench_edge}"
DATA_DIR="${DATA_DIR:-/tmp/meridian-edge-bench-data}" PROFILE="${PROFILE:-full}"
CASSANDRA_PORT="${CASSANDRA_PORT:-9042}" CASSANDRA_STORAGE_PORT="${CASSANDRA_STORAGE_PORT:-7000}"
ES_PORT="${ES_PORT:-9200}" ES_TRANSPORT_PORT="${ES_TRANSPORT_PORT:-9300}"
export RATE="${RATE:-1000}"
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(heap rpc events)
wants() { [[ " ${parts[*]} " == *" $1 "* ]]; }

out="$root/stack/loadtests/target/edge-bench/run-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
summary="$out/summary.txt"
note() { echo "$*" | tee -a "$summary"; }

server_jar="$root/stack/server/target/meridian.jar"
sim_jar="$root/stack/loadtests/target/device-simulator.jar"
if [ "${REBUILD:-0}" = 1 ] || [ ! -f "$server_jar" ] || [ ! -f "$sim_jar" ]; then
  echo "Building the server and the device simulator ..."
  (cd "$root" && ./mvnw -B -q -DskipTests -DskipITs -Dspotless.check.skip=true \
    -pl stack/server,stack/loadtests -am package)
fi

# shellcheck source=../wrk/servers.sh
source "$root/stack/loadtests/wrk/servers.sh"
pids=()
cleanup() {
  "$here/devices.sh" stop "$out/devices" > /dev/null 2>&1 || true
  "$here/devices.sh" stop "$out/event-devices" > /dev/null 2>&1 || true
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT

server_pid=""
if [ -z "${BASE:-}" ]; then
  BASE="http://127.0.0.1:$MERIDIAN_PORT"
  if [ "${SERVICES:-}" != running ]; then
    echo "Services (started, or reused when running) in $DATA_DIR ..."
    start_services
  fi
  # The benchmark's one application holds every device (19,000 and their reattaches) and its
  # Gatling pool up to 256 waiting RPCs: the node's per-application and per-caller bounds are
  # lifted, as the measurement is the edge's, not theirs (docs/load-tests.md).
  start_meridian "$server_jar" "$SERVER_HEAP" "$MERIDIAN_PORT" \
    --meridian.edge.port="$EDGE_PORT" --meridian.edge.webhook.allow-private-addresses=true \
    --meridian.edge.limits.attachments-per-application=0 \
    --meridian.edge.limits.rpcs-per-caller=0 --meridian.edge.limits.rpcs-per-application=0
  pids+=("$server_pid")
  echo "Meridian (pid $server_pid) on $BASE, devices on $EDGE_HOST:$EDGE_PORT ..."
  for _ in $(seq 1 300); do
    curl -sf -o /dev/null "$BASE/status" && break
    kill -0 "$server_pid" 2>/dev/null || { echo "Meridian exited; see $out/meridian.log" >&2; exit 1; }
    sleep 1
  done
fi
case "$BASE" in
  http://127.*|http://localhost*) ;;
  *) echo "Refusing to load anything but loopback: $BASE" >&2; exit 2 ;;
esac

python3 "$root/stack/loadtests/wrk/provision.py" "$BASE" > "$out/app.env"
# shellcheck disable=SC1091
source "$out/app.env"
export APP_KEY="$CLIENT_ID" EDGE_HOST EDGE_PORT
# The simulated devices attach with the application key alone (a template cannot give each its
# derived secret), which the application must allow: open attachment (docs/devices.md).
curl -sf -X PUT -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" \
  -d '{"device_secret_required":false}' "$BASE/$ORG/$APP/devices/_settings" > /dev/null \
  || { echo "Could not allow open attachment for the benchmark's application" >&2; exit 1; }
note "== $(date -u +%FT%TZ) Meridian $BASE, edge $EDGE_HOST:$EDGE_PORT, application $ORG/$APP"

heap_used() {  # the server's used heap in KB after two full collections
  jcmd "$server_pid" GC.run > /dev/null
  jcmd "$server_pid" GC.run > /dev/null
  jcmd "$server_pid" GC.heap_info | sed -n 's/.*used \([0-9]*\)K.*/\1/p' | head -1
}

if wants heap || wants rpc; then
  before=""
  if wants heap && [ -n "$server_pid" ]; then
    before="$(heap_used)"
  fi
  # Devices the node closed before admitting them (its attach timeout, when attaches come faster
  # than it admits) attach again, so that every RPC finds its device.
  DEVICES="$DEVICES" REATTACH="${REATTACH:-1}" "$here/devices.sh" start "$out/devices" \
    | tee -a "$summary"
  if [ -n "$before" ]; then
    sleep "$SETTLE"
    after="$(heap_used)"
    attached="$(python3 -c "import glob,json; print(sum(json.load(open(f))['devices']['connected'] for f in glob.glob('$out/devices/sim-*.ready')))")"
    note "heap: ${before} KB before, ${after} KB with $attached attached idle devices:" \
      "$(( (after - before) * 1024 / (attached > 0 ? attached : 1) )) bytes per device"
  fi
  if wants rpc; then
    note "rpc: $RPC_RATE/s for $DURATION s over $DEVICES devices (Gatling, $out/gatling.log)"
    # shellcheck disable=SC2086
    (cd "$root" && ./mvnw -B verify ${MVN_ARGS:-} -pl stack/loadtests -DskipTests -Dspotless.check.skip=true \
      -Dgatling.simulationClass=io.meridian.loadtests.simulations.DeviceRpcSimulation \
      -Dloadtest.profile="$PROFILE" -Dloadtest.baseUrl="$BASE" -Dloadtest.fleet=external \
      -Dloadtest.org="$ORG" -Dloadtest.app="$APP" -Dloadtest.clientId="$CLIENT_ID" \
      -Dloadtest.clientSecret="$CLIENT_SECRET" -Dloadtest.devices="$DEVICES" \
      -Dloadtest.rpcRate="$RPC_RATE" -Dloadtest.duration="$DURATION") > "$out/gatling.log" 2>&1 \
      || echo "Gatling or its gates failed; see $out/gatling.log" | tee -a "$summary"
    python3 - "$root/stack/loadtests/target/gatling" <<'PY' | tee -a "$summary"
import glob, json, os, sys
reports = sorted(glob.glob(sys.argv[1] + "/devicerpcsimulation-*/summary.json"), key=os.path.getmtime)
if not reports:
    print("rpc: no Gatling summary")
else:
    s = json.load(open(reports[-1]))
    g = s["global"]
    print(f"rpc: {g['total']:.0f} RPCs, {g['ko']:.0f} KO, {g['perSecond']:.1f}/s,"
          f" mean {g['mean']:.1f} ms, p50 {g['p50']:.0f}, p99 {g['p99']:.0f}, max {g['max']:.0f} ms"
          f" ({os.path.dirname(reports[-1])})")
    for a in s.get("assertions", []):
        print(("  ok   " if a.get("ok") else "  FAIL ") + a.get("assertion", ""))
PY
  fi
  "$here/devices.sh" stop "$out/devices" | tee -a "$summary"
fi

if wants events; then
  note "events: $EVENT_RATE/s from $EVENT_DEVICES devices for $EVENT_DURATION s," \
    "$SUBSCRIBERS subscriber(s)$([ "$WEBHOOK" = 1 ] && echo ", a webhook")"
  sink=(--duration "$((EVENT_DURATION + 10))" --summary-file "$out/events.json"
        --socket "ws://${BASE#http://}/$ORG/$APP/_realtime?access_token=$TOKEN"
        --subscribers "$SUBSCRIBERS")
  if [ "$WEBHOOK" = 1 ]; then
    sink+=(--webhook-port "$WEBHOOK_PORT")
    curl -sf -X PUT -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" \
      -d "{\"webhook_url\":\"http://127.0.0.1:$WEBHOOK_PORT/meridian-events\"}" \
      "$BASE/$ORG/$APP/devices/_settings" > /dev/null \
      || { echo "Could not set the application's webhook" >&2; exit 1; }
  fi
  cp "$sim_jar" "$out/event-sink.jar"
  if [ "${CREATE_ENTITIES:-1}" = 1 ]; then
    # Events reach subscribers as events of the device's entity, and one without an entity only
    # its webhook: the devices' entities are made first, in case the node does not make them at
    # attach.
    TOKEN="$TOKEN" python3 - "$BASE" "/$ORG/$APP/devices" "$EVENT_DEVICES" "${PREFIX:-sim-}" <<'PY'
import json, os, sys, urllib.request
base, path, count, prefix = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
for start in range(0, count, 200):
    items = [{"name": "%s%06d" % (prefix, i)} for i in range(start, min(count, start + 200))]
    request = urllib.request.Request(
        base + path, data=json.dumps(items).encode(), method="POST",
        headers={"Content-Type": "application/json", "Authorization": "Bearer " + os.environ["TOKEN"]})
    urllib.request.urlopen(request).read()
PY
  fi
  java -cp "$out/event-sink.jar" io.meridian.loadtests.edge.EventSink "${sink[@]}" > "$out/events.log" 2>&1 &
  sink_pid=$!
  pids+=("$sink_pid")
  sleep 3
  DEVICES="$EVENT_DEVICES" EVENT_RATE="$EVENT_RATE" "$here/devices.sh" start "$out/event-devices" \
    | tee -a "$summary"
  wait "$sink_pid" || true
  "$here/devices.sh" stop "$out/event-devices" | tee -a "$summary"
  grep '^SUMMARY' "$out/events.log" | tee -a "$summary" || echo "no events summary; see $out/events.log"
fi
echo "Results in $out"
