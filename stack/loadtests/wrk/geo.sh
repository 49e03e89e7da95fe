#!/usr/bin/env bash
# Geo benchmarks with wrk against a running Meridian (see docs/benchmarks.md and docs/geo.md).
#   BASE=http://127.0.0.1:8080 FENCES=300000 PLACES=653796 DURATION=20s ROUNDS=3 \
#     stack/loadtests/wrk/geo.sh
# Loads (deterministic, geo_data.py) FENCES Kuzzle-like hexagon fences with an ad each into /ads,
# and PLACES places into /places (plain: Elasticsearch answers within) and /hotplaces (geo-hot:
# memory answers), then runs ROUNDS interleaved rounds of: the ceiling endpoint (/lb-status),
# point lookups over the fences (a different point per request, limit 25), and within at 0.5, 5
# and 50 km (limit 25, centres drawn from the places' distribution) on both place collections.
# PLACES=0 skips the places. SETTLE seconds (default 60) pass between the load and the first run.
# OUT=<an earlier run's folder> reuses its data. Results go to target/wrk-results/ (not committed).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
RESULTS_NAME="geo-"
# shellcheck source=common.sh
source "$here/common.sh"
FENCES="${FENCES:-300000}"
PLACES="${PLACES:-653796}"
ROUNDS="${ROUNDS:-3}"
SETTLE="${SETTLE:-60}"

if [ -f "$out/app.env" ]; then
  source "$out/app.env"
  export TOKEN
else
  python3 "$here/provision.py" "$BASE" > "$out/app.env"
  source "$out/app.env"
  export TOKEN
  echo "Loading $FENCES fences ..."
  python3 "$here/geo_data.py" hexagons "$FENCES" 1 | python3 "$here/load_lines.py" "$BASE" "/$ORG/$APP/ads"
  if [ "$PLACES" -gt 0 ]; then
    curl -sf -X POST -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
      -d '{"geoHot":true}' "$BASE/$ORG/$APP/hotplaces/_settings" > /dev/null
    for collection in places hotplaces; do
      echo "Loading $PLACES places into $collection ..."
      python3 "$here/geo_data.py" places "$PLACES" 2 | python3 "$here/load_lines.py" "$BASE" "/$ORG/$APP/$collection"
    done
  fi
  echo "Settling for $SETTLE s ..."
  sleep "$SETTLE"
fi
curl -sf -H "Authorization: Bearer $TOKEN" "$BASE/$ORG/$APP/hotplaces/_settings" | tee "$out/hot-settings.json" || true
echo

# Query paths: one per line, a different point each.
python3 - "$here" "$out" "$ORG" "$APP" <<'PY'
import subprocess, sys, urllib.parse
here, out, org, app = sys.argv[1:]
def points(kind, seed):
    text = subprocess.run(["python3", here + "/geo_data.py", "points", "20000", str(seed), kind],
                          capture_output=True, text=True, check=True).stdout
    return [line.split() for line in text.splitlines()]
def write(name, template, pts):
    with open(f"{out}/{name}.paths", "w") as f:
        for lat, lon in pts:
            f.write(f"/{org}/{app}/" + template.format(q=urllib.parse.quote(
                template_ql[name].format(lat=lat, lon=lon))) + "\n")
template_ql = {"fences": "select * where geometry contains {lat}, {lon}"}
write("fences", "ads?limit=25&ql={q}", points("hexagons", 3))
pl = points("places", 4)
for meters in (500, 5000, 50000):
    for collection in ("places", "hotplaces"):
        name = f"{collection}-{meters}"
        template_ql[name] = f"select * where location within {meters} of {{lat}}, {{lon}}"
        write(name, collection + "?limit=25&ql={q}", pl)
PY
wrk_args+=(-H "Authorization: Bearer $TOKEN")
names=(fences)
if [ "$PLACES" -gt 0 ]; then
  names+=(places-500 hotplaces-500 places-5000 hotplaces-5000 places-50000 hotplaces-50000)
fi
for round in $(seq 1 "$ROUNDS"); do
  run "r$round-lb-status" wrk "${wrk_args[@]}" "$BASE/lb-status"
  for name in "${names[@]}"; do
    WRK_PATHS="$out/$name.paths" run "r$round-$name" wrk "${wrk_args[@]}" -s "$here/random-path.lua" "$BASE"
  done
done
echo "Results in $out"
