#!/usr/bin/env bash
# Two builds of Meridian side by side, GET by uuid, so that drift on this machine hits both alike
# (see docs/benchmarks.md). Needs Cassandra and Elasticsearch running
# (./meridian services start --data-dir /tmp/bench-data) and two jars:
#   OLD_JAR=/tmp/meridian-old.jar NEW_JAR=stack/server/target/meridian.jar ROUNDS=5 \
#     stack/loadtests/wrk/side-by-side.sh
# Each jar serves on its own port (8081 old, 8082 new) with its own keyspace and index prefix, an
# application with 3,000 entities of ~1 KB and one app user. After a warm-up, each round runs wrk
# (-t2 -c32, 8 s) on both, old then new and new then old, with the app user's token and with the
# application's token. Compare the rounds after the first two (the JIT settles).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
declare -A jars=([old]="${OLD_JAR:?set OLD_JAR}" [new]="${NEW_JAR:?set NEW_JAR}")
declare -A port=([old]=8081 [new]=8082)
work="$(mktemp -d)"
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
for jar in old new; do
  tag="side${jar}$RANDOM"
  java -Xms1g -Xmx1g -jar "${jars[$jar]}" --server.port="${port[$jar]}" \
    --meridian.edge.port=0 --meridian.edge.mqtt-port=0 --meridian.embedded.enabled=false --meridian.identity.open-registration=true \
    --meridian.cassandra.keyspace="bench_$tag" --meridian.elasticsearch.index-prefix="bench-$tag" \
    > "$work/server-$jar.log" 2>&1 &
  pids+=($!)
done
for jar in old new; do
  until curl -sf -o /dev/null "localhost:${port[$jar]}/status"; do sleep 1; done
done
for jar in old new; do
  base="http://127.0.0.1:${port[$jar]}"
  eval "$(python3 "$here/provision.py" "$base")"
  user_token="$(TOKEN="$TOKEN" PYTHONPATH="$here" python3 - "$base" "$ORG" "$APP" "$work/$jar-paths.txt" <<'PY'
import os, secrets, sys
from provision import call as call_at
base, org, app, out = sys.argv[1:5]
def call(method, path, body, token=os.environ["TOKEN"]):
    return call_at(base, method, path, body, token)
paths = []
for start in range(0, 3000, 500):
    items = [{"kind": "b", "score": i, "notes": "x" * 850} for i in range(start, start + 500)]
    for entity in call("POST", f"/{org}/{app}/things?consistency=eventual", items)["entities"]:
        paths.append(f"/{org}/{app}/things/{entity['uuid']}")
open(out, "w").write("\n".join(paths) + "\n")
password = secrets.token_urlsafe(12)
call("POST", f"/{org}/{app}/users", {"username": "bench-user", "password": password})
print(call("POST", f"/{org}/{app}/token", {"grant_type": "password", "username": "bench-user",
           "password": password}, None)["access_token"])
PY
)"
  echo "$TOKEN" > "$work/$jar-app"
  echo "$user_token" > "$work/$jar-user"
done
measure() {
  WRK_PATHS="$work/$1-paths.txt" wrk -t2 -c32 -d"$3" -H "Authorization: Bearer $(cat "$work/$1-$2")" \
    -s "$here/random-path.lua" "http://127.0.0.1:${port[$1]}" | awk '/Requests\/sec/{print int($2)}'
}
for jar in old new; do measure "$jar" app 15s > /dev/null; measure "$jar" user 10s > /dev/null; done
for round in $(seq 1 "${ROUNDS:-5}"); do
  for jar in old new new old; do
    echo "round $round $jar user=$(measure "$jar" user 8s) app=$(measure "$jar" app 8s)"
  done
done
