#!/usr/bin/env bash
# Clicks per second with one and two instances on PostgreSQL beside one on SQLite, and
# link creation per second through the batch API on each, all in one run on this
# machine. Release builds; not run by CI. Needs PostgreSQL's binaries (Debian's
# postgresql) and wrk; a throw-away cluster is started and removed (.ci/postgres-start).
# Usage: Benchmarks/instances.sh [seconds] [connections]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
connections="${2:-32}"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }

bin="${UNILINK_BENCH_BIN:-$(swift build -c release --product unilink >/dev/null && swift build -c release --show-bin-path)/unilink}"
work="$(mktemp -d)"
eval "$(.ci/postgres-start UNILINK_BENCH)"
trap 'kill $(jobs -p) 2>/dev/null || true; .ci/postgres-stop UNILINK_BENCH; rm -rf "$work"' EXIT
admin=bench-admin-token-0123456789
pg="${UNILINK_BENCH_POSTGRES_URL%/*}/unilink_bench"
psql -q "$UNILINK_BENCH_POSTGRES_URL" -c "CREATE DATABASE unilink_bench"

serve() { # port database-url
    UNILINK_RATE_LIMITS=off UNILINK_ADMIN_TOKEN=$admin "$bin" serve --port "$1" --database-url "$2" --log-level error >"$work/banner-$1" 2>&1 &
    for _ in $(seq 100); do grep -q "listening on" "$work/banner-$1" 2>/dev/null && return; sleep 0.1; done
    echo "server on $1 did not start" >&2; exit 1
}
serve 18101 "sqlite://$work/bench.sqlite"
serve 18102 "$pg"
serve 18103 "$pg"
sleep 1
path() { grep -h 'Demo link:\|demo link:' "$work/banner-$1" | sed -E 's#.*http://[^/]+##' | head -1; }
path_sqlite=$(path 18101)
path_pg=$(path 18102)
[ -n "$path_pg" ] || path_pg=$(path 18103)
desktop='Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

wrk_rps() { # file port path connections
    wrk -t1 -c"$4" -d"${seconds}s" -H "Host: go.localhost" -H "User-Agent: $desktop" "http://127.0.0.1:$2$3" >"$work/$1" 2>&1
    awk '/Requests\/sec/ {print $2}' "$work/$1"
}
# Warm both caches, then A B B A for SQLite and one PostgreSQL instance; two instances
# are two wrk processes at once, half the connections each.
wrk_rps warm 18101 "$path_sqlite" 8 >/dev/null; wrk_rps warm 18102 "$path_pg" 8 >/dev/null; wrk_rps warm 18103 "$path_pg" 8 >/dev/null
sqlite_a=$(wrk_rps sqlite 18101 "$path_sqlite" "$connections"); sleep 3
one_a=$(wrk_rps one 18102 "$path_pg" "$connections"); sleep 3
wrk_rps two_a 18102 "$path_pg" $((connections / 2)) >"$work/two_a.rps" &
first=$!
wrk_rps two_b 18103 "$path_pg" $((connections / 2)) >"$work/two_b.rps"
wait "$first"
two=$(awk '{s += $1} END {printf "%.2f", s}' "$work/two_a.rps" "$work/two_b.rps"); sleep 3
one_b=$(wrk_rps one 18102 "$path_pg" "$connections"); sleep 3
sqlite_b=$(wrk_rps sqlite 18101 "$path_sqlite" "$connections")
sqlite=$(awk -v a="$sqlite_a" -v b="$sqlite_b" 'BEGIN { printf "%.2f", (a + b) / 2 }')
one=$(awk -v a="$one_a" -v b="$one_b" 'BEGIN { printf "%.2f", (a + b) / 2 }')
sleep 5
# Link creation through the batch API: 20 batches of 500 links per server, one client.
create_rate() { # port
    local app secret start end
    app=$(curl -s "http://127.0.0.1:$1/v1/apps" -H "Authorization: Bearer $admin" -H 'Content-Type: application/json' \
        -d "{\"name\": \"B$1\", \"web\": {\"fallback_url\": \"https://www.example.com/\"}, \"domains\": [{\"host\": \"b$1-$RANDOM.example\", \"role\": \"short\"}]}")
    secret=$(echo "$app" | sed -E 's/.*"secret_key":"([^"]+)".*/\1/')
    python3 - "$1" "$secret" <<'PY'
import json, sys, time, urllib.request
port, secret = sys.argv[1], sys.argv[2]
batch = json.dumps([{"path": f"/p/{i}", "deep_link_value": f"v{i}"} for i in range(500)]).encode()
start = time.perf_counter()
for _ in range(20):
    request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/links/batch", data=batch, method="POST",
                                     headers={"Authorization": f"Bearer {secret}", "Content-Type": "application/json"})
    assert urllib.request.urlopen(request).status == 201
print(f"{10000 / (time.perf_counter() - start):.0f}")
PY
}
create_sqlite=$(create_rate 18101)
create_pg=$(create_rate 18102)

echo "wrk -t1 -c$connections -d${seconds}s per measurement, desktop short-link click (302, cache hit, click recorded); $(nproc) cores shared by wrk, PostgreSQL and the servers"
printf "%-46s %10s req/s\n" "SQLite, one instance (baseline)" "$sqlite"
printf "%-46s %10s req/s\n" "PostgreSQL, one instance" "$one"
printf "%-46s %10s req/s\n" "PostgreSQL, two instances (two wrk at once)" "$two"
awk -v s="$sqlite" -v o="$one" -v t="$two" 'BEGIN { printf "PostgreSQL one / SQLite = %.2f   two / one = %.2f\n", o / s, t / o }'
printf "%-46s %10s links/s\n" "batch API on SQLite (20 x 500)" "$create_sqlite"
printf "%-46s %10s links/s\n" "batch API on PostgreSQL (20 x 500)" "$create_pg"
awk -v s="$create_sqlite" -v p="$create_pg" 'BEGIN { printf "PostgreSQL / SQLite = %.2f\n", p / s }'
grep -h "Non-2xx\|Socket errors" "$work"/sqlite "$work"/one "$work"/two_a "$work"/two_b || true
