#!/usr/bin/env bash
# Simulated Cometa devices in as many processes as they need (docs/load-tests.md, "Device edge").
#   APP_KEY=<client id> DEVICES=50000 stack/loadtests/edge/devices.sh start [OUT]
#   stack/loadtests/edge/devices.sh stop [OUT]
# start: runs ceil(DEVICES / PER_PROCESS) device-simulator processes in the background, process k
# with devices FIRST + k * PER_PROCESS onwards, bound to SOURCES loopback addresses from
# 127.0.<k+1>.1 (so that no address runs out of ephemeral ports towards the edge), and waits until
# every process has tried all its devices (its ready file), at most WAIT seconds; prints the
# attached total. One process holds one open file per device: PER_PROCESS stays under the file
# limit (ulimit -n; 20,000 here: 19,000 devices).
# stop: stops the processes it started (SIGTERM, by the pids in OUT/pids), which write their
# summaries (OUT/sim-<k>.summary.json), and prints their totals.
# Settings (environment): APP_KEY (the application's client id), EDGE_HOST (127.0.0.1), EDGE_PORT
# (8090), DEVICES (1000), PER_PROCESS (19000), FIRST (0), PREFIX (sim-), RATE (attaches per second
# per process, 1000), SOURCES (8), EVENT_RATE (upstream events per second over all devices, 0),
# EVENT_BYTES (128), SECRET (per-device secret, %d: the device's number), SECRET_IN (query|header),
# FRAMING (libcometa|legacy), REPLY (echo|fixed|jsonrpc), HEARTBEAT (seconds; default the edge's),
# REATTACH=1 (attach again after a disconnection), SIM_HEAP (256m), WAIT (600), SIM_JAR, and
# SIM_ARGS (more device-simulator options). OUT defaults to target/edge-devices (never committed).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
command="${1:-start}"
OUT="${2:-${OUT:-$here/../target/edge-devices}}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"

totals() {
  python3 - "$OUT" "$1" <<'PY'
import glob, json, sys
out, kind = sys.argv[1], sys.argv[2]
keys = ("attached", "connected", "attachFailures", "rpcsAnswered", "eventsSent", "heartbeatsSent",
        "disconnects", "errors")
total = {k: 0 for k in keys}
rates, failures = [], {}
files = sorted(glob.glob(f"{out}/sim-*.{kind}"))
for name in files:
    devices = json.load(open(name))["devices"]
    for k in keys:
        total[k] += devices.get(k, 0)
    rates.append(devices.get("attachRatePerSecond", 0))
    for reason, n in devices.get("failuresByReason", {}).items():
        failures[reason] = failures.get(reason, 0) + n
print(f"{len(files)} process(es): " + " ".join(f"{k}={v}" for k, v in total.items())
      + f" attachRatePerSecond(sum)={sum(rates):.0f}" + (f" failures={failures}" if failures else ""))
PY
}

case "$command" in
  start)
    : "${APP_KEY:?APP_KEY, the client id of the application, is needed}"
    DEVICES="${DEVICES:-1000}" PER_PROCESS="${PER_PROCESS:-19000}" FIRST="${FIRST:-0}"
    EVENT_RATE="${EVENT_RATE:-0}" SIM_HEAP="${SIM_HEAP:-256m}" WAIT="${WAIT:-600}"
    SIM_JAR="${SIM_JAR:-$here/../target/device-simulator.jar}"
    [ -f "$SIM_JAR" ] || { echo "No $SIM_JAR: ./mvnw -B -q -DskipTests package -pl stack/loadtests -am" >&2; exit 1; }
    limit="$(ulimit -n)"
    if [ "$limit" != unlimited ] && [ "$PER_PROCESS" -gt $((limit - 500)) ]; then
      echo "PER_PROCESS=$PER_PROCESS does not fit the file limit $limit (ulimit -n) with room to spare" >&2
      exit 2
    fi
    rm -f "$OUT"/sim-*.ready "$OUT"/sim-*.summary.json "$OUT/pids"
    # Run from a copy: a build that packages the jar again (the Gatling run of bench.sh does)
    # must not pull classes from under running processes.
    cp "$SIM_JAR" "$OUT/device-simulator.jar"
    processes=$(( (DEVICES + PER_PROCESS - 1) / PER_PROCESS ))
    for ((k = 0; k < processes; k++)); do
      count=$(( DEVICES - k * PER_PROCESS < PER_PROCESS ? DEVICES - k * PER_PROCESS : PER_PROCESS ))
      events=$(python3 -c "print($EVENT_RATE * $count / $DEVICES)")
      args=(--host "${EDGE_HOST:-127.0.0.1}" --port "${EDGE_PORT:-8090}" --app-key "$APP_KEY"
            --devices "$count" --first $((FIRST + k * PER_PROCESS)) --prefix "${PREFIX:-sim-}"
            --rate "${RATE:-1000}" --source-base "127.0.$((k + 1)).1" --sources "${SOURCES:-8}"
            --event-rate "$events" --event-bytes "${EVENT_BYTES:-128}"
            --framing "${FRAMING:-libcometa}" --reply "${REPLY:-echo}"
            --ready-file "$OUT/sim-$k.ready" --summary-file "$OUT/sim-$k.summary.json")
      [ -n "${SECRET:-}" ] && args+=(--secret "$SECRET" --secret-in "${SECRET_IN:-query}")
      [ -n "${HEARTBEAT:-}" ] && args+=(--heartbeat "$HEARTBEAT")
      [ "${REATTACH:-0}" = 1 ] && args+=(--reattach)
      # shellcheck disable=SC2206
      [ -n "${SIM_ARGS:-}" ] && args+=($SIM_ARGS)
      java -Xms"$SIM_HEAP" -Xmx"$SIM_HEAP" -jar "$OUT/device-simulator.jar" "${args[@]}" > "$OUT/sim-$k.log" 2>&1 &
      echo $! >> "$OUT/pids"
      echo "device-simulator $k (pid $!): $count devices from $((FIRST + k * PER_PROCESS)), log $OUT/sim-$k.log"
    done
    for ((waited = 0; waited < WAIT; waited++)); do
      ready=$(find "$OUT" -name 'sim-*.ready' | wc -l)
      [ "$ready" -ge "$processes" ] && break
      while read -r pid; do
        kill -0 "$pid" 2>/dev/null || { echo "device-simulator pid $pid exited; see $OUT" >&2; exit 1; }
      done < "$OUT/pids"
      sleep 1
    done
    [ "$(find "$OUT" -name 'sim-*.ready' | wc -l)" -ge "$processes" ] || { echo "Not ready in $WAIT s" >&2; exit 1; }
    totals ready
    ;;
  stop)
    [ -f "$OUT/pids" ] || { echo "No $OUT/pids: nothing started there" >&2; exit 1; }
    while read -r pid; do kill "$pid" 2>/dev/null || true; done < "$OUT/pids"
    while read -r pid; do
      for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    done < "$OUT/pids"
    rm -f "$OUT/pids"
    totals summary.json
    ;;
  *)
    echo "usage: $0 start|stop [OUT]" >&2
    exit 2
    ;;
esac
