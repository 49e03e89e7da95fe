#!/usr/bin/env bash
# What authorisation costs, with wrk against a running Meridian (see docs/benchmarks.md).
#   BASE=http://127.0.0.1:8080 ENTITIES=10000 DURATION=30s CONNECTIONS=32 THREADS=2 \
#     stack/loadtests/wrk/auth.sh
# Loads ENTITIES entities (~1 KB) into a fresh application, lets guests GET them (guest role
# permission get:/things/*), signs up an app user, then runs GET by uuid, in turns: anonymously
# (guest permission), with the app user's bearer token (token check plus permission check), and
# with the application's client-credentials token, interleaved for ROUNDS rounds (default 5), then
# the median of each. A warm-up pass (WARMUP, default 20s) comes first.
# Results go to target/wrk-results/ (never committed).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
RESULTS_NAME="auth-"
# shellcheck source=common.sh
source "$here/common.sh"
ENTITIES="${ENTITIES:-10000}"
eval "$(python3 "$here/provision.py" "$BASE")"
export TOKEN
COLLECTION="/$ORG/$APP/things"

echo "Loading $ENTITIES entities into $COLLECTION ..."
USER_TOKEN="$(PYTHONPATH="$here" python3 - "$BASE" "$ORG" "$APP" "$ENTITIES" "$out" <<'PY'
import os, secrets, sys
from provision import call as call_at
base, org, app, total, out = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]

def call(method, path, body, token=os.environ["TOKEN"]):
    return call_at(base, method, path, body, token)

paths = []
for start in range(0, total, 500):
    items = [{"kind": "benchmark", "score": i % 1000, "notes": "x" * 850}
             for i in range(start, min(total, start + 500))]
    for entity in call("POST", f"/{org}/{app}/things?consistency=eventual", items)["entities"]:
        paths.append(f"/{org}/{app}/things/{entity['uuid']}")
open(out + "/uuid-paths.txt", "w").write("\n".join(paths) + "\n")
call("POST", f"/{org}/{app}/roles/guest/permissions", {"permission": "get:/things/*"})
password = secrets.token_urlsafe(12)
call("POST", f"/{org}/{app}/users", {"username": "bench-user", "password": password}, None)
print(call("POST", f"/{org}/{app}/token", {"grant_type": "password", "username": "bench-user",
           "password": password, "ttl": 86400000}, None)["access_token"])
PY
)"
sleep 2  # the guest permission reaches every node's cache within a second

uuids() { WRK_PATHS="$out/uuid-paths.txt" run "$1" wrk "${wrk_args[@]}" "${@:2}" -s "$here/random-path.lua" "$BASE"; }
run trivial-lb-status wrk "${wrk_args[@]}" "$BASE/lb-status"
# A first pass reads every entity cold from Cassandra; it warms caches and is not compared.
WRK_PATHS="$out/uuid-paths.txt" run warm-up wrk -t"$THREADS" -c"$CONNECTIONS" -d"${WARMUP:-20s}" \
  -H "Authorization: Bearer $TOKEN" -s "$here/random-path.lua" "$BASE"
for round in $(seq 1 "${ROUNDS:-5}"); do
  uuids "get-by-uuid-anonymous-$round"
  uuids "get-by-uuid-user-token-$round" -H "Authorization: Bearer $USER_TOKEN"
  uuids "get-by-uuid-app-token-$round" -H "Authorization: Bearer $TOKEN"
done
# This machine's throughput drifts by more than the difference measured: compare medians of the
# interleaved rounds.
python3 - "$out" <<'PY' | tee -a "$out/summary.txt"
import glob, re, statistics, sys
for kind in ("anonymous", "user-token", "app-token"):
    rates = []
    for name in sorted(glob.glob(f"{sys.argv[1]}/get-by-uuid-{kind}-*.txt")):
        rates.append(float(re.search(r"Requests/sec:\s+([\d.]+)", open(name).read()).group(1)))
    print(f"median {kind}: {statistics.median(rates):.0f} requests/s over {len(rates)} rounds "
          f"(min {min(rates):.0f}, max {max(rates):.0f})")
PY
echo "Results in $out"
