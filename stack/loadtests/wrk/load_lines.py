"""POSTs JSON lines from stdin to a collection in arrays of 1000, WORKERS at a time, printing
progress; the token comes from $TOKEN. Usage: load_lines.py BASE COLLECTION_PATH
With UUIDS_OUT=FILE, writes the path of every created entity (COLLECTION_PATH/uuid) to FILE."""
import json
import os
import sys
import threading
import time
import urllib.request
from queue import Queue

base, collection = sys.argv[1], sys.argv[2]
workers = int(os.environ.get("WORKERS", "4"))
batches = Queue(maxsize=workers * 2)
done = [0]
lock = threading.Lock()
created = []
started = time.time()


def post():
    while True:
        batch = batches.get()
        if batch is None:
            return
        req = urllib.request.Request(base + collection + "?consistency=eventual",
                                     data=("[" + ",".join(batch) + "]").encode(),
                                     headers={"Content-Type": "application/json",
                                              "Authorization": "Bearer " + os.environ["TOKEN"]},
                                     method="POST")
        with urllib.request.urlopen(req, timeout=120) as resp:
            answer = resp.read()
        with lock:
            if os.environ.get("UUIDS_OUT"):
                created.extend(collection + "/" + e["uuid"] for e in json.loads(answer)["entities"])
            done[0] += len(batch)
            if done[0] % 50000 < len(batch):
                print(f"  {done[0]} loaded, {done[0] / (time.time() - started):.0f}/s", flush=True)


threads = [threading.Thread(target=post) for _ in range(workers)]
for t in threads:
    t.start()
batch = []
for line in sys.stdin:
    batch.append(line.strip())
    if len(batch) == 1000:
        batches.put(batch)
        batch = []
if batch:
    batches.put(batch)
for _ in threads:
    batches.put(None)
for t in threads:
    t.join()
if os.environ.get("UUIDS_OUT"):
    with open(os.environ["UUIDS_OUT"], "w") as f:
        f.write("\n".join(created) + "\n")
print(f"loaded {done[0]} in {time.time() - started:.0f} s ({done[0] / (time.time() - started):.0f}/s)")
