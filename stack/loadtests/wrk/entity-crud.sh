#!/usr/bin/env bash
# Entity CRUD benchmark with wrk against a running Meridian (see docs/benchmarks.md).
#   BASE=http://127.0.0.1:8080 ENTITIES=10000 DURATION=30s CONNECTIONS=32 THREADS=2 \
#     stack/loadtests/wrk/entity-crud.sh
# Loads ENTITIES named entities (~1 KB each) into a fresh application, then runs, with the same
# wrk settings: a trivial endpoint (/lb-status, no I/O: this machine's ceiling), GET by uuid,
# GET by name, POST of a ~1 KB entity (read-your-writes, then consistency=eventual).
# Results go to target/wrk-results/ (never committed).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
RESULTS_NAME=""
# shellcheck source=common.sh
source "$here/common.sh"
ENTITIES="${ENTITIES:-10000}"
provision_app
COLLECTION="/$ORG/$APP/things"

echo "Loading $ENTITIES entities into $COLLECTION ..."
PYTHONPATH="$here" python3 - "$BASE" "$COLLECTION" "$ENTITIES" "$out" <<'PY'
import os, sys
from provision import call
base, collection, total, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
uuids, names = [], []
batch = 200
for start in range(0, total, batch):
    items = [{"name": f"thing-{i}", "kind": "benchmark", "score": i % 1000,
              "notes": "x" * 850} for i in range(start, min(total, start + batch))]
    answer = call(base, "POST", collection + "?consistency=eventual", items, os.environ["TOKEN"])
    for entity in answer["entities"]:
        uuids.append(collection + "/" + entity["uuid"])
        names.append(collection + "/" + entity["name"])
open(out + "/uuid-paths.txt", "w").write("\n".join(uuids) + "\n")
open(out + "/name-paths.txt", "w").write("\n".join(names) + "\n")
print(f"loaded {len(uuids)}")
PY

run trivial-lb-status wrk "${wrk_args[@]}" "$BASE/lb-status"
WRK_PATHS="$out/uuid-paths.txt" run get-by-uuid wrk "${wrk_args[@]}" -s "$here/random-path.lua" "$BASE"
WRK_PATHS="$out/name-paths.txt" run get-by-name wrk "${wrk_args[@]}" -s "$here/random-path.lua" "$BASE"
WRK_COLLECTION_PATH="$COLLECTION" WRK_QUERY="" run post-read-your-writes wrk "${wrk_args[@]}" -s "$here/post-entity.lua" "$BASE"
WRK_COLLECTION_PATH="$COLLECTION" WRK_QUERY="consistency=eventual" run post-eventual wrk "${wrk_args[@]}" -s "$here/post-entity.lua" "$BASE"
echo "Results in $out"
