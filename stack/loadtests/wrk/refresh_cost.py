"""What a refresh costs Elasticsearch, next to the bulk it makes visible (docs/benchmarks.md, "Issue 17:
writes with read-your-writes"). Against a throwaway index with Meridian's mapping, repeats cycles of a
bulk of 10 entities shaped like post-entity.lua's, in three ways, in alternating blocks:
  separate  bulk, then POST _refresh (the fast path before issue 17)
  inline    bulk with ?refresh=true (the fast path for read-your-writes since)
  bulkonly  bulk alone (what consistency=eventual costs the index)
and prints Elasticsearch's CPU (from /proc of its process) and the wall time per cycle.
  python3 refresh_cost.py http://127.0.0.1:9200 <elasticsearch pid> [blocks=7] [cycles=25]
"""
import json, os, statistics, sys, time, urllib.request, uuid

ES, PID = sys.argv[1], int(sys.argv[2])
BLOCKS = int(sys.argv[3]) if len(sys.argv) > 3 else 7
CYCLES = int(sys.argv[4]) if len(sys.argv) > 4 else 25
INDEX = "refresh-cost-probe"
MAPPING = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../query-index/src/main/resources/"
                       "io/meridian/index/elasticsearch/entities-mapping.json")


def call(method, path, body=None):
    data = None if body is None else (body if isinstance(body, str) else json.dumps(body)).encode()
    request = urllib.request.Request(ES + path, data=data, method=method,
                                     headers={"Content-Type": "application/x-ndjson"})
    try:
        with urllib.request.urlopen(request) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        return json.load(error)


def cpu_ticks():
    fields = open(f"/proc/{PID}/stat").read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def bulk_body(first):
    app, lines, now = str(uuid.uuid4()), [], int(time.time() * 1000)
    for i in range(first, first + 10):
        entity = str(uuid.uuid1())
        fields = [{"name": "uuid", "uuid": entity}, {"name": "type", "string": "thing"},
                  {"name": "created", "long": now}, {"name": "modified", "long": now},
                  {"name": "kind", "string": "benchmark", "text": "benchmark"}, {"name": "seq", "long": i},
                  {"name": "score", "long": i % 1000}, {"name": "active", "boolean": True},
                  {"name": "location", "location": {"lat": 37.77, "lon": -122.41}},
                  *({"name": "tags", "string": t, "text": t} for t in "abc"),
                  {"name": "notes", "string": "x" * 820, "text": "x" * 820}]
        lines.append(json.dumps({"index": {"_id": entity, "version": i, "version_type": "external"}}))
        lines.append(json.dumps({"app_id": app, "collection": "things", "uuid": entity, "created": now,
                                 "modified": now, "deleted": False, "fields": fields}))
    return "\n".join(lines) + "\n"


call("DELETE", f"/{INDEX}")
created = call("PUT", f"/{INDEX}", {"settings": {"number_of_shards": 1, "number_of_replicas": 0,
                                                 "index.translog.durability": "async"},
                                    "mappings": json.load(open(MAPPING))})
assert created.get("acknowledged"), created
modes = ["separate", "inline", "bulkonly"]
cpu, wall, n = {m: [] for m in modes}, {m: [] for m in modes}, 0
for block in range(BLOCKS):
    for mode in modes if block % 2 == 0 else modes[::-1]:
        ticks, started = cpu_ticks(), time.perf_counter()
        for _ in range(CYCLES):
            body, n = bulk_body(n + 1), n + 10
            call("POST", f"/{INDEX}/_bulk" + ("?refresh=true" if mode == "inline" else ""), body)
            if mode == "separate":
                call("POST", f"/{INDEX}/_refresh")
        if block > 0:  # the first block warms up
            cpu[mode].append((cpu_ticks() - ticks) * 1000 / os.sysconf("SC_CLK_TCK") / CYCLES)
            wall[mode].append((time.perf_counter() - started) * 1000 / CYCLES)
call("DELETE", f"/{INDEX}")
for mode in modes:
    print(f"{mode:9s} Elasticsearch CPU per cycle: median {statistics.median(cpu[mode]):5.1f} ms "
          f"(blocks {[round(x, 1) for x in cpu[mode]]}); wall median {statistics.median(wall[mode]):5.1f} ms")
