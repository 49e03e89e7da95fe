"""POSTs JSON lines from stdin to a collection in arrays of 1000, WORKERS at a time, printing
progress; the token comes from $TOKEN. Usage: load_lines.py BASE COLLECTION_PATH"""
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
            resp.read()
        with lock:
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
print(f"loaded {done[0]} in {time.time() - started:.0f} s ({done[0] / (time.time() - started):.0f}/s)")
