#!/usr/bin/env bash
# RPC round trips through the edge with wrk, and an anchor in the same run (docs/benchmarks.md,
# "Device edge"): with DEVICES simulated devices attached (edge/devices.sh) to the node at BASE,
#   ORG=.. APP=.. TOKEN=.. DEVICES=19000 stack/loadtests/wrk/device-rpc.sh
# runs, for DURATION each, over CONNECTIONS kept-alive connections (an application server's pool):
#   anchor: GET /{org}/{app}/devices?limit=1 (an ordinary authorised API read of the same app)
#   rpc:    POST /{org}/{app}/devices/{random device}/send, each answer checked (echo)
# and prints throughput and latency percentiles of both, and the ratio of their means.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
BASE="${BASE:-http://127.0.0.1:8080}"
CONNECTIONS="${CONNECTIONS:-16}"
DURATION="${DURATION:-30s}"
case "$BASE" in
  http://127.*|http://localhost*) ;;
  *) echo "Refusing to load anything but loopback: $BASE" >&2; exit 2 ;;
esac
export TOKEN WRK_DEVICES="${DEVICES:-1000}" WRK_PREFIX="${PREFIX:-sim-}" WRK_APP_PATH="/$ORG/$APP"
echo "== anchor: GET /$ORG/$APP/devices?limit=1, $CONNECTIONS connections, $DURATION"
wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency -H "Authorization: Bearer $TOKEN" \
  "$BASE/$ORG/$APP/devices?limit=1"
echo "== rpc: POST /$ORG/$APP/devices/{id}/send over $WRK_DEVICES devices, $CONNECTIONS connections, $DURATION"
wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency -s "$here/device-rpc.lua" "$BASE"
