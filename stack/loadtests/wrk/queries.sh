#!/usr/bin/env bash
# Query benchmark with wrk against a running Meridian (see docs/benchmarks.md).
#   BASE=http://127.0.0.1:8080 ENTITIES=100000 DURATION=30s CONNECTIONS=32 THREADS=2 \
#     stack/loadtests/wrk/queries.sh
# Loads ENTITIES entities (~300 bytes: category c0..c49, score 0..999) into a fresh application,
# then runs with the same wrk settings: GET by uuid (the reference), an equality query, a range
# query with order by, and paging the whole collection with limit=1000 by cursor, both as a
# listing (Cassandra) and as an ordered query (index). Finally it times page 1 and page 90 of
# each walk one at a time. SETTLE seconds (default 60) pass between the load and the first run.
# Results go to target/wrk-results/ (never committed).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
RESULTS_NAME="queries-"
# shellcheck source=common.sh
source "$here/common.sh"
ENTITIES="${ENTITIES:-100000}"
# OUT=<an earlier run's folder> reuses its data set instead of loading a new one.
if [ -f "$out/collection.txt" ]; then
  COLLECTION="$(cat "$out/collection.txt")"
  source "$out/app.env"
else
  python3 "$here/provision.py" "$BASE" > "$out/app.env"
  source "$out/app.env"
  COLLECTION="/$ORG/$APP/things"
fi
export TOKEN
wrk_args+=(-H "Authorization: Bearer $TOKEN")

if [ ! -f "$out/collection.txt" ]; then
echo "Loading $ENTITIES entities into $COLLECTION ..."
PYTHONPATH="$here" python3 - "$BASE" "$COLLECTION" "$ENTITIES" "$out" <<'PY'
import os, sys, time
from provision import call
base, collection, total, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
uuids = []
batch = 1000
started = time.time()
for start in range(0, total, batch):
    items = [{"category": f"c{i % 50}", "score": i % 1000, "city": ["oslo", "lima", "pune"][i % 3],
              "notes": "n" * 200} for i in range(start, min(total, start + batch))]
    answer = call(base, "POST", collection + "?consistency=eventual", items, os.environ["TOKEN"])
    uuids += [collection + "/" + e["uuid"] for e in answer["entities"]]
open(out + "/uuid-paths.txt", "w").write("\n".join(uuids) + "\n")
print(f"loaded {len(uuids)} in {time.time() - started:.0f} s")
PY
echo "$COLLECTION" > "$out/collection.txt"
sleep "${SETTLE:-60}"  # let the index writes, flushes and compactions of the load settle
fi

enc() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$1"; }

WRK_PATHS="$out/uuid-paths.txt" run get-by-uuid wrk "${wrk_args[@]}" -s "$here/random-path.lua" "$BASE"
WRK_QUERY_TEMPLATE="$COLLECTION?ql=$(enc "select * where category = 'c")@N@$(enc "'")" WRK_QUERY_RANGE=50 \
  run query-equality wrk "${wrk_args[@]}" -s "$here/query-path.lua" "$BASE"
WRK_QUERY_TEMPLATE="$COLLECTION?ql=$(enc "select * where score >= ")@N@$(enc " and score < 1000 order by score asc")" WRK_QUERY_RANGE=1000 \
  run query-range-order-by wrk "${wrk_args[@]}" -s "$here/query-path.lua" "$BASE"
WRK_PATHS="$out/uuid-paths.txt" run get-by-uuid-again wrk "${wrk_args[@]}" -s "$here/random-path.lua" "$BASE"
WRK_PAGE_PATH="$COLLECTION?limit=1000" \
  run page-listing-1000 wrk "${wrk_args[@]}" -s "$here/page.lua" "$BASE"
WRK_PAGE_PATH="$COLLECTION?limit=1000&ql=$(enc "select * order by score asc")" \
  run page-query-1000 wrk "${wrk_args[@]}" -s "$here/page.lua" "$BASE"

echo "== page depth (one request at a time, milliseconds)" | tee -a "$out/summary.txt"
python3 - "$BASE" "$COLLECTION" "$(enc "select * order by score asc")" <<'PY' | tee -a "$out/summary.txt"
import json, os, sys, time, urllib.request
base, collection, ordered = sys.argv[1], sys.argv[2], sys.argv[3]
for label, first in (("listing", collection + "?limit=1000"),
                     ("ordered query", collection + "?limit=1000&ql=" + ordered)):
    cursor, page, times, seen = None, 0, {}, set()
    while True:
        url = base + first + ("&cursor=" + cursor if cursor else "")
        t = time.perf_counter()
        request = urllib.request.Request(
            url, headers={"Authorization": "Bearer " + os.environ["TOKEN"]})
        body = json.load(urllib.request.urlopen(request))
        times[page] = (time.perf_counter() - t) * 1000
        seen.update(e["uuid"] for e in body["entities"])
        page += 1
        cursor = body.get("cursor")
        if not cursor:
            break
    pages = sorted(times)
    early = [times[p] for p in pages[:10]]
    late = [times[p] for p in pages[-10:]]
    print(f"{label}: {page} pages, {len(seen)} distinct entities; first 10 pages mean "
          f"{sum(early)/len(early):.1f} ms, last 10 pages mean {sum(late)/len(late):.1f} ms")
PY
echo "Results in $out"
