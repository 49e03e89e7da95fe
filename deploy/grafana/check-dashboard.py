#!/usr/bin/env python3
"""Evaluates every PromQL expression of the Meridian dashboard against a Prometheus server and
fails unless each returns at least one series with a finite value.

Grafana's variables are replaced first: $instance (and any other query variable) by ".*" (All),
$__rate_interval and $__interval by --range. Run it against a Prometheus that scrapes a Meridian
node under some traffic (see docs/operations.md, "Metrics"):

    deploy/grafana/check-dashboard.py --prometheus http://127.0.0.1:9090

Only the Python 3 standard library is used.
"""
import argparse
import json
import math
import pathlib
import re
import sys
import urllib.parse
import urllib.request

DEFAULT_DASHBOARD = pathlib.Path(__file__).with_name("meridian-dashboard.json")


def expressions(dashboard):
    """(panel title, expression) for every target of every panel, rows included."""
    def walk(panels):
        for panel in panels:
            yield from walk(panel.get("panels", []))
            for target in panel.get("targets", []):
                if target.get("expr"):
                    yield panel.get("title", "?"), target["expr"]
    return list(walk(dashboard.get("panels", [])))


def substitute(expression, rate_range):
    expression = expression.replace("$__rate_interval", rate_range)
    expression = expression.replace("$__interval", rate_range)
    return re.sub(r"\$\{?(\w+)\}?", ".*", expression)


def evaluate(prometheus, expression):
    url = prometheus.rstrip("/") + "/api/v1/query?" + urllib.parse.urlencode({"query": expression})
    with urllib.request.urlopen(url, timeout=10) as response:
        body = json.load(response)
    if body.get("status") != "success":
        raise RuntimeError(body.get("error", "query failed"))
    result = body["data"]["result"]
    finite = [r for r in result if math.isfinite(float(r["value"][1]))]
    return len(result), len(finite)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prometheus", default="http://127.0.0.1:9090")
    parser.add_argument("--dashboard", type=pathlib.Path, default=DEFAULT_DASHBOARD)
    parser.add_argument("--range", default="1m", help="stands for $__rate_interval (default 1m)")
    args = parser.parse_args()

    dashboard = json.loads(args.dashboard.read_text())
    failures = 0
    checked = expressions(dashboard)
    for title, expression in checked:
        query = substitute(expression, args.range)
        try:
            series, finite = evaluate(args.prometheus, query)
            ok = finite > 0
            detail = f"{series} series, {finite} finite"
        except Exception as error:  # a bad expression or an unreachable server both fail the check
            ok, detail = False, str(error)
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {title}: {detail}\n     {query}")
    print(f"{len(checked) - failures}/{len(checked)} expressions returned data")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
