#!/usr/bin/env bash
# What checking a person's API token adds to an API call, at saturation: CPU microseconds
# per request (perf's task-clock over a wrk run) of GET /v1/links/{id} with the app's
# secret key (a hash looked up in the host directory, as before people had accounts), with
# a person's ulpat_ token (the token's hash in the people directory, the person's roles
# narrowed to the token's scopes, the route's authorisation, its last use noted) and with
# the admin token, in interleaved rounds on one server. With BASELINE (a build from before
# tokens), the same call with the secret key on it too. Server on core 0, wrk on core 1.
# Not run by CI.
# Usage: Benchmarks/tokens.sh [rounds=3] [seconds=5]   (BASELINE=path/to/unilink optional)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
seconds="${2:-5}"
source Benchmarks/common.sh
admin=tokens-admin-token-0123456789

# start BINARY PORT -> pid in $pid
start() {
    rm -f "$work"/t$2.sqlite*
    UNILINK_RATE_LIMITS="$unrefused_limits" UNILINK_ADMIN_TOKEN=$admin \
        taskset -c 0 "$1" serve --port "$2" --database-url "sqlite://$work/t$2.sqlite" --no-demo --log-level error >"$work/banner$2" 2>&1 &
    pid=$!
    for _ in $(seq 100); do grep -q "listening on" "$work/banner$2" 2>/dev/null && break; sleep 0.1; done
}

# measure PID URL BEARER -> "us-per-request req/s"
measure() {
    taskset -c 1 wrk -t1 -c32 -d1s -H "Authorization: Bearer $3" "$2" >/dev/null
    perf stat -x, -e task-clock -p "$1" -o "$work/stat" -- sleep "$seconds" &
    local stat=$!
    taskset -c 1 wrk -t1 -c32 -d"${seconds}s" -H "Authorization: Bearer $3" "$2" >"$work/wrk"
    wait $stat || true
    local requests non2xx
    requests=$(awk '/requests in/ {print $1}' "$work/wrk")
    non2xx=$(awk '/Non-2xx/ {print $NF}' "$work/wrk")
    [ -z "$non2xx" ] || { echo "non-2xx answers: $non2xx" >&2; exit 1; }
    awk -F, -v n="$requests" -v s="$seconds" '$3 == "task-clock" {printf "%.2f %d\n", $1 * 1000 / n, n / s}' "$work/stat"
}

start "$unilink" 18495
current_pid=$pid
base="http://127.0.0.1:18495"
read -r app key < <(bench_app "$base" "$admin")
link=$(curl -sf -H "Authorization: Bearer $key" "$base/v1/links?limit=1" | python3 -c "import json,sys; print(json.load(sys.stdin)['data'][0]['id'])")
user=$(curl -sf -H "Authorization: Bearer $admin" -d "{\"email\": \"ci@example.com\", \"apps\": {\"$app\": \"editor\"}}" "$base/v1/users" |
    python3 -c "import json,sys; print(json.load(sys.stdin)['user']['id'])")
token=$(curl -sf -H "Authorization: Bearer $admin" -d "{\"name\": \"bench\", \"scopes\": [\"links:read\"], \"apps\": [\"$app\"], \"user\": \"$user\"}" \
    "$base/v1/tokens" | python3 -c "import json,sys; print(json.load(sys.stdin)['token'])")
url="$base/v1/links/$link"
if [ -n "${BASELINE:-}" ]; then
    start "$(realpath "$BASELINE")" 18496
    baseline_pid=$pid
    read -r _ baseline_key < <(bench_app "http://127.0.0.1:18496" "$admin")
    baseline_link=$(curl -sf -H "Authorization: Bearer $baseline_key" "http://127.0.0.1:18496/v1/links?limit=1" |
        python3 -c "import json,sys; print(json.load(sys.stdin)['data'][0]['id'])")
fi
for round in $(seq "$rounds"); do
    echo "secret_key $(measure $current_pid "$url" "$key")" >>"$work/results"
    echo "api_token $(measure $current_pid "$url" "$token")" >>"$work/results"
    echo "admin_token $(measure $current_pid "$url" "$admin")" >>"$work/results"
    if [ -n "${BASELINE:-}" ]; then
        echo "baseline_secret_key $(measure $baseline_pid "http://127.0.0.1:18496/v1/links/$baseline_link" "$baseline_key")" >>"$work/results"
    fi
done
echo "GET /v1/links/{id}, by credential   us/request (rounds)            req/s (median)   vs the secret key"
python3 - "$work/results" <<'PY'
import collections, statistics, sys
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    name, cost, rate = line.split()
    rows[name].append((float(cost), int(rate)))
reference = statistics.median(c for c, _ in rows["secret_key"])
for name, values in rows.items():
    costs = [c for c, _ in values]
    print(f"{name:35} {statistics.median(costs):6.2f} ({', '.join(f'{c:.2f}' for c in costs)})   {statistics.median(r for _, r in values):>8}   {statistics.median(costs) / reference:.3f}")
PY
