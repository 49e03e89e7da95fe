"""Deterministic geo data sets for the wrk geo benchmarks (see geo.sh and docs/benchmarks.md).

  python3 geo_data.py hexagons N SEED     -> JSON lines: Kuzzle-like hexagon fences with an ad
  python3 geo_data.py places N SEED       -> JSON lines: places, 70 % in Bay Area clusters
  python3 geo_data.py kuzzle N SEED       -> JSON lines: the Kuzzle-like fences (issue 17)
  python3 geo_data.py points N SEED KIND  -> "lat lon" lines drawn from KIND's distribution
  python3 geo_data.py containment KIND N SEED POINTS -> how many fences of KIND hold a point

Box: lat 37..42, lon -123..-118. Hexagons: 6 vertices around a centre, half-extent up to 0.1 deg
of latitude and 0.2 deg of longitude (so up to 0.2 x 0.4 deg), random size and rotation: about
270 fences hold a random point of the box when there are 300,000 (the dense stress case).

Kuzzle-like (the set of Kuzzle's geofencing benchmark, as issue 17 defines it, and as the Java
generator Hexagons builds its fences): six-sided fences of width w = 0.4 * (0.1 + 0.9 u) deg of
longitude and height h = 0.2 * (0.1 + 0.9 u') deg of latitude (u, u' uniform in [0, 1)), so at most
0.2 deg (lat) x 0.4 deg (lon), vertices at (x +- w/2, y) and (x +- w/4, y +- h/2), centres (y, x)
uniform over lat 25..49, lon -125..-67; query points uniform over the same box. With 300,000 of
them a random point lies in about 3.6 to 3.9 fences (print it with `containment kuzzle`).
"""
import json
import math
import random
import sys

BOX = (37.0, 42.0, -123.0, -118.0)
KUZZLE_BOX = (25.0, 49.0, -125.0, -67.0)
CLUSTERS = [  # (lat, lon, sigma in degrees, weight)
    (37.7749, -122.4194, 0.03, 0.30),  # San Francisco
    (37.8044, -122.2712, 0.04, 0.20),  # Oakland / Berkeley
    (37.3382, -121.8863, 0.06, 0.25),  # San Jose
    (37.4419, -122.1430, 0.04, 0.15),  # Palo Alto
    (37.9735, -122.5311, 0.05, 0.10),  # San Rafael
]


def uniform(rng):
    return rng.uniform(BOX[0], BOX[1]), rng.uniform(BOX[2], BOX[3])


def place(rng):
    if rng.random() < 0.7:
        r = rng.random()
        for lat, lon, sigma, weight in CLUSTERS:
            r -= weight
            if r <= 0:
                break
        return (min(90, max(-90, rng.gauss(lat, sigma))), rng.gauss(lon, sigma * 1.25))
    return uniform(rng)


def hexagon(rng):
    lat, lon = uniform(rng)
    scale = rng.uniform(0.25, 1.0)
    half_lat, half_lon = 0.1 * scale, 0.2 * scale
    turn = rng.uniform(0, math.pi / 3)
    ring = []
    for k in range(6):
        angle = turn + k * math.pi / 3
        ring.append([round(lon + half_lon * math.cos(angle), 7), round(lat + half_lat * math.sin(angle), 7)])
    ring.append(ring[0])
    return {"type": "Polygon", "coordinates": [ring]}


def kuzzle_hexagon(rng):
    lat, lon = rng.uniform(KUZZLE_BOX[0], KUZZLE_BOX[1]), rng.uniform(KUZZLE_BOX[2], KUZZLE_BOX[3])
    w = 0.4 * (0.1 + 0.9 * rng.random())
    h = 0.2 * (0.1 + 0.9 * rng.random())
    ring = [[lon - w / 2, lat], [lon - w / 4, lat - h / 2], [lon + w / 4, lat - h / 2],
            [lon + w / 2, lat], [lon + w / 4, lat + h / 2], [lon - w / 4, lat + h / 2],
            [lon - w / 2, lat]]
    return {"type": "Polygon", "coordinates": [[[round(x, 7), round(y, 7)] for x, y in ring]]}


def kuzzle_point(rng):
    return rng.uniform(KUZZLE_BOX[0], KUZZLE_BOX[1]), rng.uniform(KUZZLE_BOX[2], KUZZLE_BOX[3])


def fences(kind, count, seed):
    rng = random.Random(seed)
    shape = kuzzle_hexagon if kind == "kuzzle" else hexagon
    for i in range(count):
        yield {"geometry": shape(rng), "title": f"ad-{i}",
               "category": ["food", "cars", "travel", "books"][i % 4], "priority": i % 10}


def inside(ring, lat, lon):
    """Even-odd rule on a closed ring of [lon, lat] positions."""
    hit = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:]):
        if (y1 > lat) != (y2 > lat) and lon < x1 + (lat - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def containment(kind, count, seed, points, point_seed=3):
    """Mean number of the fences that hold a query point drawn like the benchmark's."""
    cell = 0.5
    grid = {}
    for fence in fences(kind, count, seed):
        ring = fence["geometry"]["coordinates"][0]
        xs, ys = [p[0] for p in ring], [p[1] for p in ring]
        for gx in range(int(math.floor(min(xs) / cell)), int(math.floor(max(xs) / cell)) + 1):
            for gy in range(int(math.floor(min(ys) / cell)), int(math.floor(max(ys) / cell)) + 1):
                grid.setdefault((gx, gy), []).append(ring)
    rng = random.Random(point_seed)
    draw = kuzzle_point if kind == "kuzzle" else hexagon_point
    total = 0
    for _ in range(points):
        lat, lon = draw(rng)
        cell_rings = grid.get((int(math.floor(lon / cell)), int(math.floor(lat / cell))), [])
        total += sum(1 for ring in cell_rings if inside(ring, lat, lon))
    return total / points


def main():
    if sys.argv[1] == "containment":
        fence_kind, fence_count, fence_seed = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        print(f"{containment(fence_kind, fence_count, fence_seed, int(sys.argv[5])):.2f}")
        return
    kind, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    out = sys.stdout
    if kind in ("hexagons", "kuzzle"):
        for fence in fences(kind, count, seed):
            out.write(json.dumps(fence) + "\n")
    elif kind == "places":
        for i in range(count):
            lat, lon = place(rng)
            out.write(json.dumps({"location": {"latitude": round(lat, 6), "longitude": round(lon, 6)},
                                  "name": f"place-{i}", "kind": ["cafe", "shop", "park"][i % 3]}) + "\n")
    elif kind == "points":
        draw = {"hexagons": hexagon_point, "kuzzle": kuzzle_point}.get(sys.argv[4], place)
        for _ in range(count):
            lat, lon = draw(rng)
            out.write(f"{lat:.6f} {lon:.6f}\n")
    else:
        sys.exit(f"unknown kind {kind}")


def hexagon_point(rng):
    return uniform(rng)


if __name__ == "__main__":
    main()
