"""The side-by-side table of issue 17 (table.sh): its data sets, its anchors and its report.

  python3 bench_table.py things N                -> JSON lines: ~1 KB entities for GET by uuid
  python3 bench_table.py items N                 -> JSON lines: the query entities of queries.sh
  python3 bench_table.py anchor ES INDEX KIND    -> loads JSON lines from stdin into a plain index
  python3 bench_table.py user-token BASE ORG APP -> creates an app user, prints its token
  python3 bench_table.py requests OUT ORG APP    -> writes the request files of every row
  python3 bench_table.py report OUT ROUNDS [GATES] -> prints the markdown table of OUT/runs; with
                                                  GATES (smoke-gates.tsv), also each row's gate,
                                                  and exits 1 when a row is below its gate

The anchor indexes hold the same documents as Meridian's collections in a flat mapping (keyword,
long, geo_point), plus the two keys Meridian sorts by when a query has no order by: created
(newest first) and uuid (every tie). Their queries are the plain equivalent of Meridian's: the
same filter, the same sort, size = the same limit.

Over 300 lines because it is one tool with six subcommands that table.sh calls in turn; each
subcommand is a function of its own.
"""
import json
import os
import random
import re
import statistics
import subprocess
import sys
import urllib.parse
import urllib.request

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from provision import call  # noqa: E402

LIMIT = 25
ANCHOR = os.environ.get("ANCHOR_PREFIX", "anchor")
POINTS = 20000

ANCHOR_MAPPINGS = {
    "items": {"category": {"type": "keyword"}, "score": {"type": "long"},
              "city": {"type": "keyword"}, "notes": {"type": "keyword", "index": False}},
    "places": {"location": {"type": "geo_point"}, "name": {"type": "keyword"},
               "kind": {"type": "keyword"}},
}


def things(count):
    for i in range(count):
        yield {"kind": "benchmark", "score": i % 1000, "notes": "x" * 850}


def items(count):
    """queries.sh's data set: ~300 bytes, category c0..c49, score 0..999."""
    for i in range(count):
        yield {"category": f"c{i % 50}", "score": i % 1000, "city": ["oslo", "lima", "pune"][i % 3],
               "notes": "n" * 200}


def es(base, method, path, body=None, ndjson=False):
    data = None
    if body is not None:
        data = body.encode() if ndjson else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data=data, method=method,
        headers={"Content-Type": "application/x-ndjson" if ndjson else "application/json"})
    with urllib.request.urlopen(request, timeout=300) as response:
        return json.load(response)


def anchor(base, index, kind):
    """A plain index: one shard, no replica, the flat mapping; documents from stdin."""
    try:
        es(base, "DELETE", "/" + index)
    except urllib.error.HTTPError:
        pass
    properties = dict(ANCHOR_MAPPINGS[kind], uuid={"type": "keyword"}, created={"type": "long"})
    es(base, "PUT", "/" + index, {"settings": {"number_of_shards": 1, "number_of_replicas": 0,
                                                "refresh_interval": "-1"},
                                   "mappings": {"dynamic": "strict", "properties": properties}})
    lines, count = [], 0
    for line in sys.stdin:
        document = json.loads(line)
        if kind == "places":
            point = document["location"]
            document["location"] = {"lat": point["latitude"], "lon": point["longitude"]}
        document["uuid"], document["created"] = f"{count:012d}", count
        lines += [json.dumps({"index": {}}), json.dumps(document)]
        count += 1
        if len(lines) >= 4000:
            bulk(base, index, lines)
            lines = []
    if lines:
        bulk(base, index, lines)
    es(base, "PUT", f"/{index}/_settings", {"index": {"refresh_interval": "1s"}})
    es(base, "POST", f"/{index}/_refresh")
    es(base, "POST", f"/{index}/_forcemerge?max_num_segments=1")
    print(f"{index}: {count} documents")


def bulk(base, index, lines):
    answer = es(base, "POST", f"/{index}/_bulk", "\n".join(lines) + "\n", ndjson=True)
    if answer.get("errors"):
        sys.exit(f"bulk load of {index} failed: {json.dumps(answer)[:500]}")


def user_token(base, org, app):
    password = "bench-" + str(random.getrandbits(64))
    token = os.environ["TOKEN"]
    call(base, "POST", f"/{org}/{app}/users", {"username": "bench-user", "password": password},
         token)
    return call(base, "POST", f"/{org}/{app}/token", {
        "grant_type": "password", "username": "bench-user", "password": password})["access_token"]


def points(kind, seed):
    text = subprocess.run([sys.executable, os.path.join(here, "geo_data.py"), "points",
                           str(POINTS), str(seed), kind],
                          capture_output=True, text=True, check=True).stdout
    return [tuple(line.split()) for line in text.splitlines()]


def requests(out, org, app):
    """Meridian's paths (one per line, for random-path.lua) and the anchors' searches (path, tab,
    body, for search.lua): each request draws a different parameter."""
    rng = random.Random(5)

    def ql(collection, query):
        return f"/{org}/{app}/{collection}?limit={LIMIT}&ql=" + urllib.parse.quote(query)

    def write(name, lines):
        with open(os.path.join(out, name), "w") as f:
            f.write("\n".join(lines) + "\n")

    def search(index, query, sort):
        return f"/{index}/_search\t" + json.dumps({"size": LIMIT, "query": {"bool": {
            "filter": query}}, "sort": sort + [{"uuid": "asc"}]})

    newest = [{"created": "desc"}]
    categories = [rng.randrange(50) for _ in range(POINTS)]
    write("items-equality.paths", [ql("items", f"select * where category = 'c{c}'")
                                   for c in categories])
    write("items-equality.search", [search(ANCHOR + "-items", {"term": {"category": f"c{c}"}},
                                           newest) for c in categories])
    scores = [rng.randrange(1000) for _ in range(POINTS)]
    write("items-range.paths", [ql("items", f"select * where score >= {s} and score < 1000"
                                            " order by score asc") for s in scores])
    write("items-range.search", [search(ANCHOR + "-items",
                                        {"range": {"score": {"gte": s, "lt": 1000}}},
                                        [{"score": "asc"}]) for s in scores])
    kinds = [rng.choice(["cafe", "shop", "park"]) for _ in range(POINTS)]
    write("places-equality.paths", [ql("places", f"select * where kind = '{k}'") for k in kinds])
    write("places-equality.search", [search(ANCHOR + "-places", {"term": {"kind": k}}, newest)
                                     for k in kinds])
    near = points("places", 4)
    for meters in (500, 5000, 50000):
        for collection in ("places", "hotplaces"):
            write(f"{collection}-{meters}.paths", [
                ql(collection, f"select * where location within {meters} of {lat}, {lon}")
                for lat, lon in near])
        write(f"places-{meters}.search", [search(
            ANCHOR + "-places",
            {"geo_distance": {"distance": f"{meters}m", "location": {"lat": float(lat),
                                                                     "lon": float(lon)}}},
            [{"_geo_distance": {"location": {"lat": float(lat), "lon": float(lon)},
                                "order": "asc", "unit": "m"}}]) for lat, lon in near])
    for collection, kind, seed in (("kfences", "kuzzle", 3), ("ads", "hexagons", 3)):
        write(f"{collection}.paths", [
            ql(collection, f"select * where geometry contains {lat}, {lon}")
            for lat, lon in points(kind, seed)])


# name: (what Meridian runs, what the anchor is, target as (kind, value)). Kind "ratio": Meridian
# / anchor must reach value; "rate": Meridian's req/s must reach value (no ratio target).
ROWS = [
    ("trivial", "`/lb-status`", "bare app `/lb-status`", None),
    ("get-user", "GET by uuid, app-user token", "bare floor, sync", ("ratio", 0.90)),
    ("get-user-async", "GET by uuid, app-user token", "bare floor, async", ("ratio", 0.90)),
    ("get-app", "GET by uuid, app token", "bare floor, sync", ("ratio", 0.90)),
    ("get-app-async", "GET by uuid, app token", "bare floor, async", ("ratio", 0.90)),
    ("items-equality", "equality, {items} entities", "Elasticsearch alone: term", ("ratio", 0.50)),
    ("items-range", "range + order by, {items} entities", "Elasticsearch alone: range + sort",
     ("ratio", 0.50)),
    ("places-equality", "equality, {places} places", "Elasticsearch alone: term",
     ("ratio", 0.50)),
    ("places-500", "`within` 0.5 km, {places} places", "Elasticsearch alone: geo_distance + sort",
     ("ratio", 0.50)),
    ("places-5000", "`within` 5 km, {places} places", "Elasticsearch alone: geo_distance + sort",
     ("ratio", 0.50)),
    ("places-50000", "`within` 50 km, {places} places",
     "Elasticsearch alone: geo_distance + sort", ("ratio", 0.50)),
    ("hotplaces-500", "`within` 0.5 km, geo-hot, {places} places", "ceiling (`/lb-status`)",
     ("ratio", 0.40)),
    ("hotplaces-5000", "`within` 5 km, geo-hot, {places} places", "ceiling (`/lb-status`)",
     ("ratio", 0.40)),
    ("hotplaces-50000", "`within` 50 km, geo-hot, {places} places", "ceiling (`/lb-status`)",
     ("ratio", 0.40)),
    ("kfences", "fence lookup, {fences} Kuzzle-like hexagons", "ceiling (`/lb-status`)",
     ("ratio", 0.60)),
    ("ads", "fence lookup, {fences} dense hexagons", "ceiling (`/lb-status`)", ("rate", 5308)),
    ("post", "POST, read-your-writes", "POST, `consistency=eventual`", ("ratio", 0.50)),
]


# Rows whose anchor is served by something other than Meridian (Elasticsearch queried directly,
# the bare floor): a failed response there says nothing about Meridian, so it is reported but never
# fails a gate. Every other anchor (the ceiling `/lb-status`, the eventual POST) is Meridian's own.
FOREIGN_ANCHORS = {"trivial", "get-user", "get-user-async", "get-app", "get-app-async",
                   "items-equality", "items-range", "places-equality", "places-500", "places-5000",
                   "places-50000"}


def parse(path):
    """Requests/sec, p99 in ms and the count of failed responses of one wrk output."""
    text = open(path).read()
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    p99 = re.search(r"\s99%\s+([\d.]+)(us|ms|s)\b", text)
    millis = float(p99.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)] if p99 else None
    failed = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
    errors = re.search(r"Socket errors:.*timeout (\d+)", text)
    return rate, millis, int(failed.group(1)) if failed else 0, int(errors.group(1)) if errors else 0


def gates(path):
    """Row name -> the lowest ratio the CI smoke run accepts (smoke-gates.tsv: name, ratio, why)."""
    floors = {}
    for line in open(path):
        line = line.strip()
        if line and not line.startswith("#"):
            name, ratio = line.split("\t")[:2]
            floors[name] = float(ratio)
    unknown = set(floors) - {row[0] for row in ROWS}
    if unknown:
        sys.exit(f"{path}: no such rows: {', '.join(sorted(unknown))}")
    return floors


def report(out, rounds, gates_path=None):
    """Prints the table; with a gates file, returns the rows below their gate (or unmeasured)."""
    floors = gates(gates_path) if gates_path else {}
    sizes = {"items": os.environ.get("ITEMS", "100000"), "places": os.environ.get("PLACES", "653796"),
             "fences": os.environ.get("FENCES", "300000")}
    sizes = {k: f"{int(v):,}" for k, v in sizes.items()}
    header = "| path | Meridian req/s | p99 ms | anchor | anchor req/s | ratio | target | met |"
    rule = "|---|---|---|---|---|---|---|---|"
    if floors:
        header, rule = header + " smoke gate |", rule + "---|"
    lines = [header, rule]
    failing = []
    for name, what, anchor_name, target in ROWS:
        runs = {"m": [], "a": []}
        for side in runs:
            for r in range(1, rounds + 1):
                path = os.path.join(out, "runs", f"r{r}-{name}-{side}.txt")
                if os.path.exists(path):
                    runs[side].append(parse(path))
        if not runs["m"] or not runs["a"]:
            if name in floors:
                failing.append(f"{name}: not measured")
            continue
        rate = statistics.median(x[0] for x in runs["m"])
        anchor_rate = statistics.median(x[0] for x in runs["a"])
        p99s = [x[1] for x in runs["m"] if x[1] is not None]
        p99 = statistics.median(p99s) if p99s else float("nan")
        anchor_failed = sum(x[2] + x[3] for x in runs["a"])
        failed = sum(x[2] + x[3] for x in runs["m"])
        if name not in FOREIGN_ANCHORS:
            failed, anchor_failed = failed + anchor_failed, 0
        ratio = rate / anchor_rate if anchor_rate else float("nan")
        if target is None:
            goal, met = "—", "—"
        elif target[0] == "ratio":
            goal, met = f"≥ {target[1]:.2f}", "met" if ratio >= target[1] else "not met"
        else:
            goal, met = f"≥ {target[1]:,}/s", "met" if rate >= target[1] else "not met"
        if failed:
            met += f" ({failed} failed responses)"
        if anchor_failed:
            met += f" (the anchor's: {anchor_failed} failed responses, not Meridian's)"
        line = (f"| {what.format(**sizes)} | {rate:,.0f} | {p99:.1f} | {anchor_name} | "
                f"{anchor_rate:,.0f} | {ratio:.3f} | {goal} | {met} |")
        if floors:
            floor = floors.get(name)
            if floor is None:
                verdict = "—"
            elif failed:
                verdict = f"≥ {floor:.2f}: **failed** ({failed} failed responses)"
                failing.append(f"{name}: {failed} failed responses")
            elif not ratio >= floor:
                verdict = f"≥ {floor:.2f}: **failed**"
                failing.append(f"{name}: ratio {ratio:.3f} below its gate {floor:.2f}")
            else:
                verdict = f"≥ {floor:.2f}: passed"
            line += f" {verdict} |"
        lines.append(line)
    print("\n".join(lines))
    return failing


def main():
    command = sys.argv[1]
    if command in ("things", "items"):
        for document in globals()[command](int(sys.argv[2])):
            print(json.dumps(document))
    elif command == "anchor":
        anchor(sys.argv[2], sys.argv[3], sys.argv[4])
    elif command == "user-token":
        print(user_token(*sys.argv[2:5]))
    elif command == "requests":
        requests(*sys.argv[2:5])
    elif command == "report":
        failing = report(sys.argv[2], int(sys.argv[3]), sys.argv[4] if len(sys.argv) > 4 else None)
        if failing:
            print("\nBelow the smoke gates (see docs/load-tests.md):", file=sys.stderr)
            for reason in failing:
                print(f"  {reason}", file=sys.stderr)
            sys.exit(1)
    else:
        sys.exit(f"unknown command {command}")


if __name__ == "__main__":
    main()
