#!/usr/bin/env bash
# Counters against their anchors, with wrk, against a running Meridian (see docs/benchmarks.md,
# "Counters and events (issue 18)").
#   BASE=http://127.0.0.1:8080 ROUNDS=3 DURATION=10s stack/loadtests/wrk/counters.sh
# In a fresh application, each round runs (alternating which goes first):
#   post-entity  POST of a ~1 KB entity, consistency=eventual (the anchor of post-event)
#   post-event   POST /events with three counters, consistency=eventual: an entity write plus
#                three counter batches of ten buckets each
#   get-entity   GET of one event by uuid (the anchor of get-counters)
#   get-counters GET /counters of those three counters at hour resolution over the last day
# and prints each pair's requests per second and their ratio. Results in target/wrk-results/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
RESULTS_NAME="counters-"
# shellcheck source=common.sh
source "$here/common.sh"
ROUNDS="${ROUNDS:-3}"
provision_app
APP_PATH="/$ORG/$APP"
event=$(curl -sf -X POST "$BASE$APP_PATH/events" -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/json' -d '{"counters":{"bench.views":1}}' |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["entities"][0]["uuid"])')
now=$(($(date +%s) * 1000))
read_query="counter=bench.views&counter=bench.clicks&counter=bench.thread0&resolution=hour"
read_query+="&start_time=$((now - 86400000))&end_time=$now"

rps() { grep -m1 'Requests/sec' "$out/$1.txt" | awk '{print $2}'; }
pair() {
  local round="$1" anchor="$2" subject="$3"
  if [ $((round % 2)) = 0 ]; then
    "run_$anchor" "$anchor-$round"; "run_$subject" "$subject-$round"
  else
    "run_$subject" "$subject-$round"; "run_$anchor" "$anchor-$round"
  fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$round" "$subject" "$(rps "$subject-$round")" \
    "$(rps "$anchor-$round")" \
    "$(python3 -c "print(round($(rps "$subject-$round")/$(rps "$anchor-$round"), 3))")" \
    >> "$out/ratios.tsv"
}
run_post-entity() {
  WRK_COLLECTION_PATH="$APP_PATH/things" WRK_QUERY="consistency=eventual" \
    run "$1" wrk "${wrk_args[@]}" -s "$here/post-entity.lua" "$BASE"
}
run_post-event() {
  WRK_EVENTS_PATH="$APP_PATH/events" run "$1" wrk "${wrk_args[@]}" -s "$here/post-event.lua" "$BASE"
}
run_get-entity() { run "$1" wrk "${wrk_args[@]}" "$BASE$APP_PATH/events/$event"; }
run_get-counters() { run "$1" wrk "${wrk_args[@]}" "$BASE$APP_PATH/counters?$read_query"; }

printf 'round\trow\trequests/s\tanchor requests/s\tratio\n' > "$out/ratios.tsv"
for round in $(seq 1 "$ROUNDS"); do
  pair "$round" post-entity post-event
  pair "$round" get-entity get-counters
done
curl -sf "$BASE$APP_PATH/counters?counter=bench.views" -H "Authorization: Bearer $TOKEN" \
  > "$out/total.json"
column -t -s $'\t' "$out/ratios.tsv"
echo "Results in $out"
