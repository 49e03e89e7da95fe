# Shared by the wrk benchmark scripts (sourced, not run): settings from the environment, the
# loopback guard, the result folder, provision_app, and run() which records a wrk run's headline
# figures.
# Before sourcing, a script sets RESULTS_NAME (the result folder's prefix).
BASE="${BASE:-http://127.0.0.1:8080}"
DURATION="${DURATION:-30s}"
CONNECTIONS="${CONNECTIONS:-32}"
THREADS="${THREADS:-2}"
out="${OUT:-$here/../target/wrk-results/${RESULTS_NAME}$(date +%Y%m%d-%H%M%S)}"
mkdir -p "$out"
wrk_args=(-t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency)

case "$BASE" in
  http://127.*|http://localhost*|http://\[::1\]*) ;;
  *) echo "Refusing to load anything but loopback: $BASE" >&2; exit 2 ;;
esac

# A fresh application (provision.py sets ORG, APP, TOKEN...); TOKEN exported, and sent by every wrk run.
provision_app() {
  eval "$(python3 "$here/provision.py" "$BASE")"
  export TOKEN
  wrk_args+=(-H "Authorization: Bearer $TOKEN")
}

run() {
  local label="$1"; shift
  echo "== $label" | tee -a "$out/summary.txt"
  "$@" 2>&1 | tee "$out/$label.txt" | grep -E 'Requests/sec|Latency|  50%|  99%|Non-2xx|Socket errors' | tee -a "$out/summary.txt"
}
