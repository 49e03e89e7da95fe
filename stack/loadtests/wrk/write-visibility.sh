#!/usr/bin/env bash
# POST with read-your-writes against POST with consistency=eventual, alternated in one run, on one or
# more running Meridian servers (see docs/benchmarks.md, "Issue 17: writes with read-your-writes"):
#   TARGETS="old=http://127.0.0.1:8081 new=http://127.0.0.1:8082" ES=http://127.0.0.1:9200 \
#     ROUNDS=4 DURATION=8s stack/loadtests/wrk/write-visibility.sh
# Each target gets a fresh application (provision.py; open registration or MERIDIAN_PASSWORD). Each
# round runs, per target (order reversed every other round), wrk -t2 -c32 with post-entity.lua in
# both modes, and prints requests/s, p50, p99 and, when ES is set, the refreshes Elasticsearch
# made meanwhile (all indexes) per write. Compare ratios within a round, never across runs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
read -r -a targets <<< "${TARGETS:-new=http://127.0.0.1:8080}"
ROUNDS="${ROUNDS:-4}"; DURATION="${DURATION:-8s}"; ES="${ES:-}"
declare -A token path
for target in "${targets[@]}"; do
  name="${target%%=*}"; base="${target#*=}"
  case "$base" in http://127.*|http://localhost*) ;; *) echo "Refusing non-loopback $base" >&2; exit 2 ;; esac
  eval "$(python3 "$here/provision.py" "$base")"
  token[$name]="$TOKEN"; path[$name]="/$ORG/$APP/things"
done
refreshes() { [ -n "$ES" ] && curl -s "$ES/_stats/refresh?filter_path=_all.primaries.refresh.total" | tr -dc 0-9 || echo 0; }
for round in $(seq 1 "$ROUNDS"); do
  order=("${targets[@]}")
  if (( round % 2 == 0 )); then order=(); for ((i=${#targets[@]}-1; i>=0; i--)); do order+=("${targets[$i]}"); done; fi
  for target in "${order[@]}"; do
    name="${target%%=*}"; base="${target#*=}"
    for mode in read-your-writes eventual; do
      query=""; [ "$mode" = eventual ] && query="consistency=eventual"
      before=$(refreshes)
      result=$(TOKEN="${token[$name]}" WRK_COLLECTION_PATH="${path[$name]}" WRK_QUERY="$query" \
        wrk -t2 -c32 -d"$DURATION" --latency -s "$here/post-entity.lua" "$base")
      after=$(refreshes)
      echo "$result" | awk -v r="$round" -v n="$name" -v m="$mode" -v f=$((after - before)) '
        /Requests\/sec/ {rps=$2} $1=="50%" {p50=$2} $1=="99%" {p99=$2} /Non-2xx|Socket errors/ {err=err " " $0}
        /requests in/ {total=$1}
        END {printf "round %s %-6s %-16s %9s req/s  p50 %8s  p99 %8s  refreshes/write %.3f%s\n", r, n, m, rps, p50, p99, (total ? f/total : 0), err}'
    done
  done
done
