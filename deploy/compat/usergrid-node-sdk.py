#!/usr/bin/env python3
"""Runs the test suite of Usergrid's own Node.js SDK (npm `usergrid`) against a running Meridian.

The suite is Usergrid's, unchanged: this script only provisions what its `config.test.json`
assumes exists on a Usergrid sandbox (an organization, an application with client credentials,
the app user `authtest`, a guest role that may do anything, as Usergrid's sandbox apps allowed,
and a test collection that already holds a few entities, as a sandbox used before does),
writes that file, runs `mocha`, and prints the pass rate.

    deploy/compat/usergrid-node-sdk.py --base-url http://localhost:8080 \
        --superuser superuser --superuser-password '…'

Without a superuser it registers the organization anonymously, which works while
`meridian.identity.open-registration` is on (the embedded default). Needs `node` and `npm`
(Debian: `apt-get install nodejs npm`); the SDK and its test tools are fetched from npm into
`--work-dir`. Exit status: 0 when the pass rate is at least `--min-pass-rate`.
"""

import argparse
import json
import os
import secrets
import shutil
import subprocess
import sys
import tarfile
import urllib.error
import urllib.parse
import urllib.request
from xml.etree import ElementTree

SDK = "usergrid@2.0.0-rc.2"
# The SDK and its suite ask for the `latest` of several packages; they were written for those of
# their release (2016): today's url-join is an ES module and the config helper needs mocha 3's
# `require.main`. Those are pinned to the versions of the SDK's release.
TEST_TOOLS = ["url-join@1.1.0", "async@2.0.1", "mocha@3.5.3", "should@11.2.1"]
TEST_USER = {"username": "authtest", "email": "authtest@test.com", "password": "P@ssw0rd"}


def call(base, method, path, body=None, token=None, form=False):
    data = None
    headers = {"Accept": "application/json"}
    if body is not None:
        if form:
            data = urllib.parse.urlencode(body).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        else:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = "Bearer " + token
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, {"raw": text.decode(errors="replace")}


def expect(result, what):
    status, body = result
    if status != 200:
        sys.exit(f"{what}: HTTP {status} {json.dumps(body)}")
    return body


def provision(args):
    base = args.base_url.rstrip("/")
    suffix = secrets.token_hex(4)
    org, app = f"sdkorg{suffix}", "sdksandbox"
    admin, admin_password = f"sdkadmin{suffix}", secrets.token_urlsafe(18)
    registration = {
        "organization": org,
        "username": admin,
        "name": "SDK admin",
        "email": f"{admin}@example.com",
        "password": admin_password,
    }
    superuser_token = None
    if args.superuser:
        superuser_token = expect(
            call(
                base,
                "POST",
                "/management/token",
                {
                    "grant_type": "password",
                    "username": args.superuser,
                    "password": args.superuser_password,
                },
            ),
            "superuser sign-in",
        )["access_token"]
    expect(call(base, "POST", "/management/orgs", registration, superuser_token), "organization")
    admin_token = expect(
        call(
            base,
            "POST",
            "/management/token",
            {"grant_type": "password", "username": admin, "password": admin_password},
        ),
        "admin sign-in",
    )["access_token"]
    expect(call(base, "POST", f"/management/orgs/{org}/apps", {"name": app}, admin_token), "app")
    pair = expect(
        call(base, "GET", f"/management/orgs/{org}/apps/{app}/credentials", token=admin_token),
        "credentials",
    )["credentials"]
    expect(
        call(
            base,
            "POST",
            f"/{org}/{app}/roles/guest/permissions",
            {"permission": "get,put,post,delete:/**"},
            admin_token,
        ),
        "guest permissions",
    )
    expect(call(base, "POST", f"/{org}/{app}/users", TEST_USER, admin_token), "user authtest")
    # The suite runs against a sandbox used before: its paging tests expect the test collection
    # to hold more than a page of entities before it writes any.
    seed = [{"title": f"seed {n}", "ordinal": n} for n in range(args.seed)]
    if seed:
        expect(call(base, "POST", f"/{org}/{app}/nodejs", seed, admin_token), "seed entities")
    return {
        "orgId": org,
        "appId": app,
        "baseUrl": base,
        "clientId": pair["client_id"],
        "clientSecret": pair["client_secret"],
        "test": {"collection": "nodejs", **TEST_USER},
    }


def fetch_sdk(work_dir):
    package = os.path.join(work_dir, "package")
    if not os.path.isdir(os.path.join(package, "node_modules")):
        os.makedirs(work_dir, exist_ok=True)
        packed = subprocess.run(
            ["npm", "pack", SDK, "--silent"],
            cwd=work_dir,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()[-1]
        shutil.rmtree(package, ignore_errors=True)
        with tarfile.open(os.path.join(work_dir, packed)) as archive:
            archive.extractall(work_dir)
        subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", "--silent"], cwd=package, check=True
        )
        subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", "--silent", "--no-save", *TEST_TOOLS],
            cwd=package,
            check=True,
        )
    return package


def run(package, config, report_path):
    tests = os.path.join(package, "tests")
    with open(os.path.join(tests, "config.test.json"), "w") as out:
        json.dump({"meridian": config}, out, indent=2)
    if os.path.exists(report_path):
        os.remove(report_path)
    # mocha 3 may exit before a report on stdout is flushed; its xunit reporter writes a file.
    subprocess.run(
        [
            os.path.join(package, "node_modules", ".bin", "mocha"),
            "tests",
            "--reporter",
            "xunit",
            "--reporter-options",
            "output=" + report_path,
            "--target=meridian",
        ],
        cwd=package,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    if not os.path.exists(report_path):
        sys.exit("mocha wrote no report; run it by hand in " + package)
    cases = ElementTree.parse(report_path).getroot().iter("testcase")
    results = []
    for case in cases:
        title = case.get("classname", "") + " " + case.get("name", "")
        failure = case.find("failure")
        if case.find("skipped") is not None:
            results.append((title, "pending", ""))
        elif failure is not None:
            message = (failure.get("message") or failure.text or "").strip().splitlines()
            results.append((title, "failed", message[0] if message else ""))
        else:
            results.append((title, "passed", ""))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base-url", default="http://localhost:8080")
    parser.add_argument("--superuser", default=os.environ.get("MERIDIAN_SUPERUSER"))
    parser.add_argument(
        "--superuser-password", default=os.environ.get("MERIDIAN_SUPERUSER_PASSWORD")
    )
    parser.add_argument("--work-dir", default="target/usergrid-node-sdk")
    parser.add_argument("--min-pass-rate", type=float, default=0.95)
    parser.add_argument(
        "--seed", type=int, default=20, help="entities in the test collection before the run"
    )
    args = parser.parse_args()

    package = fetch_sdk(os.path.abspath(args.work_dir))
    config = provision(args)
    results = run(package, config, os.path.abspath(os.path.join(args.work_dir, "report.xml")))
    for title, outcome, message in results:
        if outcome == "failed":
            print(f"FAIL {title}: {message}")
    passed = sum(1 for result in results if result[1] == "passed")
    failed = sum(1 for result in results if result[1] == "failed")
    pending = sum(1 for result in results if result[1] == "pending")
    rate = passed / (passed + failed) if passed + failed else 0.0
    print(
        f"Usergrid Node.js SDK {SDK}: {passed} passed, {failed} failed, {pending} pending;"
        f" pass rate {rate:.1%} (organization {config['orgId']})"
    )
    sys.exit(0 if rate >= args.min_pass_rate else 1)


if __name__ == "__main__":
    main()
