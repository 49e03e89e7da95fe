#!/usr/bin/env bash
# Creates, on the first start only, the TLS material of the cluster in the `certs` volume: a CA of
# its own, a certificate per Elasticsearch node (PEM) and per Cassandra node (PKCS12 key store), and
# a PKCS12 trust store holding the CA for Cassandra. Meridian trusts /certs/ca/ca.crt. The CA's key
# stays in the volume so that nodes can be added; move it out if you prefer.
set -euo pipefail
: "${MERIDIAN_TLS_STORE_PASSWORD:?set MERIDIAN_TLS_STORE_PASSWORD}"
cd /certs
if [ -f .complete ]; then
  echo "TLS material exists; nothing to do"
  exit 0
fi
certutil=/usr/share/elasticsearch/bin/elasticsearch-certutil
keytool=/usr/share/elasticsearch/jdk/bin/keytool

"$certutil" ca --silent --pem --out /tmp/ca.zip
unzip -q -o /tmp/ca.zip -d /certs

cat > /tmp/elasticsearch.yml <<'YAML'
instances:
  - name: elasticsearch-1
    dns: [elasticsearch-1, localhost]
  - name: elasticsearch-2
    dns: [elasticsearch-2, localhost]
YAML
"$certutil" cert --silent --pem --in /tmp/elasticsearch.yml --out /tmp/elasticsearch.zip \
  --ca-cert ca/ca.crt --ca-key ca/ca.key
unzip -q -o /tmp/elasticsearch.zip -d /certs

cat > /tmp/cassandra.yml <<'YAML'
instances:
  - name: cassandra-1
    dns: [cassandra-1, localhost]
  - name: cassandra-2
    dns: [cassandra-2, localhost]
  - name: cassandra-3
    dns: [cassandra-3, localhost]
YAML
"$certutil" cert --silent --in /tmp/cassandra.yml --out /tmp/cassandra.zip \
  --ca-cert ca/ca.crt --ca-key ca/ca.key --pass "$MERIDIAN_TLS_STORE_PASSWORD"
unzip -q -o /tmp/cassandra.zip -d /certs

"$keytool" -importcert -noprompt -alias meridian-ca -file ca/ca.crt \
  -keystore truststore.p12 -storetype PKCS12 -storepass "$MERIDIAN_TLS_STORE_PASSWORD"

# Each node reads only its own key; everyone reads the CA certificate and the trust store.
chmod 755 /certs /certs/ca
chmod 644 ca/ca.crt truststore.p12
chmod 600 ca/ca.key
for node in elasticsearch-1 elasticsearch-2; do
  chown -R 1000:0 "$node" && chmod 750 "$node" && chmod 640 "$node"/*
done
for node in cassandra-1 cassandra-2 cassandra-3; do
  chown -R 999:999 "$node" && chmod 750 "$node" && chmod 640 "$node"/*
done
touch .complete
echo "TLS material created"
