#!/usr/bin/env bash
# Entry point of the Cassandra containers: turns on password authentication, role-based
# authorisation and TLS (between nodes, mutual; and from clients) by appending them to the image's
# cassandra.yaml, where later keys replace earlier ones (Cassandra allows duplicate keys), then
# hands over to the image's own entry point. The key store is this node's, by host name.
set -euo pipefail
: "${MERIDIAN_TLS_STORE_PASSWORD:?set MERIDIAN_TLS_STORE_PASSWORD}"
config=/etc/cassandra/cassandra.yaml
node=$(hostname)
certs=${MERIDIAN_CERTS_DIR:-/certs}
keystore=${MERIDIAN_CASSANDRA_KEYSTORE:-$certs/$node/$node.p12}
if ! grep -q '^# meridian: security' "$config"; then
  cat >> "$config" <<YAML
# meridian: security (appended by cassandra-secure.sh)
authenticator:
  class_name: PasswordAuthenticator
authorizer:
  class_name: CassandraAuthorizer
role_manager:
  class_name: CassandraRoleManager
server_encryption_options:
  internode_encryption: all
  legacy_ssl_storage_port_enabled: false
  keystore: $keystore
  keystore_password: "$MERIDIAN_TLS_STORE_PASSWORD"
  truststore: $certs/truststore.p12
  truststore_password: "$MERIDIAN_TLS_STORE_PASSWORD"
  store_type: PKCS12
  require_client_auth: true
client_encryption_options:
  enabled: true
  optional: false
  keystore: $keystore
  keystore_password: "$MERIDIAN_TLS_STORE_PASSWORD"
  store_type: PKCS12
  require_client_auth: false
YAML
fi
exec docker-entrypoint.sh "$@"
