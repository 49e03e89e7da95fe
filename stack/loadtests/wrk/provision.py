"""Creates a fresh organization and application for a benchmark, through the management API.

Prints shell assignments (ORG, APP, CLIENT_ID, CLIENT_SECRET, TOKEN, ADMIN_TOKEN) for eval.
Registration needs either open registration (the embedded profile's default) or the superuser:
set MERIDIAN_PASSWORD (and MERIDIAN_USER, default "superuser").
"""
import json, os, secrets, sys, time, urllib.request


def call(base, method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def main(base):
    stamp = str(int(time.time()))
    org, app = "bench" + stamp, "app" + stamp
    admin, password = "bench-admin-" + stamp, secrets.token_urlsafe(18)
    root = None
    if os.environ.get("MERIDIAN_PASSWORD"):
        root = call(base, "POST", "/management/token", {
            "grant_type": "password", "username": os.environ.get("MERIDIAN_USER", "superuser"),
            "password": os.environ["MERIDIAN_PASSWORD"]})["access_token"]
    call(base, "POST", "/management/orgs", {"organization": org, "username": admin,
         "name": "Benchmark", "email": admin + "@example.com", "password": password}, root)
    admin_token = call(base, "POST", "/management/token", {
        "grant_type": "password", "username": admin, "password": password})["access_token"]
    call(base, "POST", f"/management/orgs/{org}/apps", {"name": app}, admin_token)
    pair = call(base, "GET", f"/management/orgs/{org}/apps/{app}/credentials",
                token=admin_token)["credentials"]
    token = call(base, "POST", f"/{org}/{app}/token", {
        "grant_type": "client_credentials", "client_id": pair["client_id"],
        "client_secret": pair["client_secret"], "ttl": 86400000})["access_token"]
    for name, value in (("ORG", org), ("APP", app), ("CLIENT_ID", pair["client_id"]),
                        ("CLIENT_SECRET", pair["client_secret"]), ("TOKEN", token),
                        ("ADMIN_TOKEN", admin_token)):
        print(f"{name}='{value}'")


if __name__ == "__main__":
    main(sys.argv[1])
