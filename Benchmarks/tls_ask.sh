#!/usr/bin/env bash
# Caddy's on-demand question, GET /v1/tls/allowed?domain=, for a configured host and for
# each kind of name it must refuse (unknown, an IP address, upper case, a trailing dot, no
# name, a 1,000-byte name), beside /healthz on the same server in the same run: wrk with
# one connection (the time of one answer, loopback included) and with 16 (throughput).
# Release build (UNILINK_BIN=path skips building it); not run by CI.
# Usage: Benchmarks/tls_ask.sh [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-5}"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
if [ -z "${UNILINK_BIN:-}" ]; then
    swift build -c release --product unilink
    UNILINK_BIN="$(swift build -c release --show-bin-path)/unilink"
fi
work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
UNILINK_RATE_LIMITS=off "$UNILINK_BIN" serve --port 18097 --database-url "sqlite://$work/bench.sqlite" --log-level error >"$work/banner" 2>&1 &
for _ in $(seq 100); do grep -q "demo link:" "$work/banner" 2>/dev/null && break; sleep 0.1; done
base=http://127.0.0.1:18097
long=$(printf 'a%.0s' $(seq 1000))
printf "%-48s %6s %14s %12s\n" request answer "1 conn: mean" "16: req/s"
for query in "/healthz" "/v1/tls/allowed?domain=go.localhost" "/v1/tls/allowed?domain=stranger.example" \
    "/v1/tls/allowed?domain=127.0.0.1" "/v1/tls/allowed?domain=GO.LOCALHOST" "/v1/tls/allowed?domain=go.localhost." \
    "/v1/tls/allowed" "/v1/tls/allowed?domain=$long.example"; do
    status=$(curl -s -o /dev/null -w "%{http_code}" "$base$query")
    wrk -t1 -c1 -d"${seconds}s" --latency "$base$query" >"$work/one" 2>&1
    wrk -t1 -c16 -d"${seconds}s" "$base$query" >"$work/many" 2>&1
    mean=$(awk '/^    Latency/ {print $2; exit}' "$work/one")
    rps=$(awk '/Requests\/sec/ {print $2}' "$work/many")
    printf "%-48s %6s %14s %12s\n" "${query/$long/<1,000 bytes>}" "$status" "$mean" "$rps"
done
