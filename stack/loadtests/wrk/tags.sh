#!/usr/bin/env bash
# Geo2Tag's LoadTags with wrk against a running Meridian, as tags grow (see docs/location-tags.md).
#   BASE=http://127.0.0.1:8080 STEPS="1000 10000 54000" SEED=42 DURATION=30s CONNECTIONS=32 \
#     THREADS=2 stack/loadtests/wrk/tags.sh
# Sets up a fresh application as the recipe does (five channels, the default role's permissions,
# an app user subscribed to two channels), then for each of STEPS (increasing; the first at least
# 1,000) tops the tags up to that many and runs wrk on LoadTags as the user. Tags come from a generator seeded with SEED (tag i depends
# only on SEED and i): within 5 km of a centre in Oslo, one a minute from a fixed start, in the
# five channels. The LoadTags requests (R = RADIUS metres around centres within 3 km, a six-hour
# window inside the first 16 hours, limit LIMIT) are drawn from PATHS fixed variants, so the tags
# they match are written in the first step and stay the same while the total grows: latency that
# follows the matches stays flat; latency that follows the total (Geo2Tag's scan) would not.
# SETTLE seconds (default 30) pass between a load and its wrk run.
# Results go to target/wrk-results/ (never committed).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
RESULTS_NAME="tags-"
# shellcheck source=common.sh
source "$here/common.sh"
STEPS="${STEPS:-1000 10000 54000}"
SEED="${SEED:-42}"
LIMIT="${LIMIT:-50}"
RADIUS="${RADIUS:-2000}"
PATHS="${PATHS:-200}"
eval "$(python3 "$here/provision.py" "$BASE")"
export TOKEN SEED LIMIT RADIUS PATHS
COLLECTION="/$ORG/$APP/tags"

echo "Setting up channels, permissions and an app user in /$ORG/$APP ..."
USER_TOKEN="$(PYTHONPATH="$here" python3 - "$BASE" "$ORG" "$APP" "$out" <<'PY'
import math, os, random, secrets, sys, urllib.parse
from provision import call as call_at
base, org, app, out = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
api = f"{base}/{org}/{app}"

def call(method, path, body=None, token=os.environ["TOKEN"]):
    return call_at(api, method, path, body, token)

call("POST", "/channels", [{"name": name} for name in ("news", "traffic", "weather", "events", "ads")])
for permission in ("get:/channels", "get:/channels/*", "get:/users/me/subscribes",
                   "post,delete:/users/me/subscribes/channels/*",
                   "post:/tags", "get:/tags", "get:/tags/*"):
    call("POST", "/roles/default/permissions", {"permission": permission})
call("DELETE", "/roles/default/permissions?permission="
     + urllib.parse.quote("get,put,post,delete:/**", safe=""))
password = secrets.token_urlsafe(12)
call("POST", "/users", {"username": "bench-user", "password": password}, None)
user = call("POST", "/token", {"grant_type": "password", "username": "bench-user",
            "password": password, "ttl": 86400000}, None)["access_token"]
for channel in ("news", "traffic"):
    call("POST", f"/users/me/subscribes/channels/{channel}", token=user)

# LoadTags as a client asks it: its subscriptions first, then one query per request.
channels = [c["name"] for c in call("GET", "/users/me/subscribes?limit=1000", token=user)["entities"]]
any_channel = " or ".join(f"channel = '{name}'" for name in sorted(channels))
rng = random.Random(f"{os.environ['SEED']}-paths")
paths = []
for _ in range(int(os.environ["PATHS"])):
    north, east = rng.uniform(-3000, 3000), rng.uniform(-3000, 3000)
    latitude = 59.9139 + north / 111_320
    longitude = 10.7522 + east / (111_320 * math.cos(math.radians(59.9139)))
    t1 = 1_763_719_200_000 + rng.randrange(10 * 3_600_000)
    ql = (f"select * where location within {os.environ['RADIUS']} of {latitude:.6f}, "
          f"{longitude:.6f} and time >= {t1} and time <= {t1 + 6 * 3_600_000} "
          f"and ({any_channel}) order by time desc")
    paths.append(f"/{org}/{app}/tags?limit={os.environ['LIMIT']}&ql="
                 + urllib.parse.quote(ql, safe=""))
open(out + "/load-tags-paths.txt", "w").write("\n".join(paths) + "\n")
print(user)
PY
)"
export USER_TOKEN
wrk_args+=(-H "Authorization: Bearer $USER_TOKEN")
sleep 2  # the default role's new permissions reach every node's cache within a second

loaded=0
read -r -a steps <<< "$STEPS"
for step in "${steps[@]}"; do
  echo "Loading tags $loaded to $step into $COLLECTION ..."
  PYTHONPATH="$here" python3 - "$BASE" "$COLLECTION" "$loaded" "$step" <<'PY'
import math, os, random, sys, time
from provision import call
base, collection, start, end = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
channels = ("news", "traffic", "weather", "events", "ads")
east_meters = 111_320 * math.cos(math.radians(59.9139))  # metres per degree of longitude

def tag(i):
    rng = random.Random(f"{os.environ['SEED']}-{i}")
    distance, bearing = 5000 * math.sqrt(rng.random()), rng.uniform(0, 2 * math.pi)
    return {"channel": channels[rng.randrange(len(channels))],
            "location": {"latitude": 59.9139 + distance * math.cos(bearing) / 111_320,
                         "longitude": 10.7522 + distance * math.sin(bearing) / east_meters},
            "altitude": rng.randrange(-50, 3000),
            "time": 1_763_719_200_000 + i * 60_000 + rng.randrange(60_000),
            "label": f"tag {i}", "link": f"https://example.com/tags/{i}"}

started = time.time()
for first in range(start, end, 500):
    items = [tag(i) for i in range(first, min(end, first + 500))]
    answer = call(base, "POST", collection + "?consistency=eventual", items,
                  os.environ["USER_TOKEN"])
    assert len(answer["entities"]) == len(items)
print(f"loaded {end - start} in {time.time() - started:.0f} s")
PY
  loaded="$step"
  sleep "${SETTLE:-30}"  # let the index refresh and the load's flushes and merges settle

  python3 - "$BASE" "$out/load-tags-paths.txt" "$step" <<'PY' | tee -a "$out/summary.txt"
import json, os, sys, urllib.request
base, paths, step = sys.argv[1], open(sys.argv[2]).read().split(), sys.argv[3]
matches = []
for path in paths[:10]:
    cursor, found = None, 0
    while True:
        url = base + path.replace(f"limit={os.environ['LIMIT']}", "limit=1000")
        request = urllib.request.Request(url + (f"&cursor={cursor}" if cursor else ""),
                                         headers={"Authorization": "Bearer " + os.environ["USER_TOKEN"]})
        body = json.load(urllib.request.urlopen(request))
        found += len(body["entities"])
        cursor = body.get("cursor")
        if not cursor:
            break
    matches.append(found)
print(f"== {step} tags: the first 10 LoadTags match {min(matches)} to {max(matches)} tags "
      f"(mean {sum(matches) / len(matches):.1f})")
PY
  WRK_PATHS="$out/load-tags-paths.txt" run "load-tags-$step" wrk "${wrk_args[@]}" -s "$here/random-path.lua" "$BASE"
done

echo "== LoadTags by number of tags" | tee -a "$out/summary.txt"
python3 - "$out" "${steps[@]}" <<'PY' | tee -a "$out/summary.txt"
import re, sys
out = sys.argv[1]
print(f"{'tags':>8} {'requests/s':>11} {'p50':>10} {'p99':>10}")
for step in sys.argv[2:]:
    text = open(f"{out}/load-tags-{step}.txt").read()
    rate = re.search(r"Requests/sec:\s+([\d.]+)", text).group(1)
    p50 = re.search(r"^\s+50%\s+(\S+)", text, re.M).group(1)
    p99 = re.search(r"^\s+99%\s+(\S+)", text, re.M).group(1)
    print(f"{step:>8} {rate:>11} {p50:>10} {p99:>10}")
PY
echo "Results in $out"
