#!/usr/bin/env bash
# Once Elasticsearch answers: creates the `meridian` role (its own indices, `meridian-*`, and
# cluster monitoring for its health probe) and the `meridian` user with your password. Idempotent.
set -euo pipefail
: "${ELASTIC_PASSWORD:?set ELASTIC_PASSWORD}"
: "${MERIDIAN_ELASTICSEARCH_PASSWORD:?set MERIDIAN_ELASTICSEARCH_PASSWORD}"
url=${ELASTICSEARCH_URL:-https://elasticsearch-1:9200}
ca=${ELASTICSEARCH_CA:-/certs/ca/ca.crt}
json_string() { local s=${1//\\/\\\\}; s=${s//\"/\\\"}; printf '"%s"' "$s"; }
es() {
  curl -fsS --cacert "$ca" -u "elastic:$ELASTIC_PASSWORD" -H 'Content-Type: application/json' \
    -X PUT "$url$1" -d "$2" > /dev/null
}
es /_security/role/meridian \
  '{"cluster": ["monitor"], "indices": [{"names": ["meridian-*"], "privileges": ["all"]}]}'
es /_security/user/meridian \
  "{\"password\": $(json_string "$MERIDIAN_ELASTICSEARCH_PASSWORD"), \"roles\": [\"meridian\"]}"
echo "Elasticsearch role and user are in place"
