"""Deterministic geo data sets for the wrk geo benchmarks (see geo.sh and docs/benchmarks.md).

  python3 geo_data.py hexagons N SEED     -> JSON lines: Kuzzle-like hexagon fences with an ad
  python3 geo_data.py places N SEED       -> JSON lines: places, 70 % in Bay Area clusters
  python3 geo_data.py points N SEED KIND  -> "lat lon" lines drawn from KIND's distribution

Box: lat 37..42, lon -123..-118. Hexagons: 6 vertices around a centre, half-extent up to 0.1 deg
of latitude and 0.2 deg of longitude (so up to 0.2 x 0.4 deg), random size and rotation.
"""
import json
import math
import random
import sys

BOX = (37.0, 42.0, -123.0, -118.0)
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


def main():
    kind, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    out = sys.stdout
    if kind == "hexagons":
        for i in range(count):
            out.write(json.dumps({"geometry": hexagon(rng), "title": f"ad-{i}",
                                  "category": ["food", "cars", "travel", "books"][i % 4],
                                  "priority": i % 10}) + "\n")
    elif kind == "places":
        for i in range(count):
            lat, lon = place(rng)
            out.write(json.dumps({"location": {"latitude": round(lat, 6), "longitude": round(lon, 6)},
                                  "name": f"place-{i}", "kind": ["cafe", "shop", "park"][i % 3]}) + "\n")
    elif kind == "points":
        draw = hexagon_point if sys.argv[4] == "hexagons" else place
        for _ in range(count):
            lat, lon = draw(rng)
            out.write(f"{lat:.6f} {lon:.6f}\n")
    else:
        sys.exit(f"unknown kind {kind}")


def hexagon_point(rng):
    return uniform(rng)


if __name__ == "__main__":
    main()
