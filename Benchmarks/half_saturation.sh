#!/usr/bin/env bash
# A short-link click's latency at half its saturation rate, on a server alone on its core
# (the ladder measures the same with three other servers pinned beside it). Release build,
# server on core 0, wrk on core 1; each round measures saturation, then paced connections
# offering half of it (p50/p99): each pauses 3 ms after an answer (wrk's delay is whole
# milliseconds), as many as make half the rate with the answer's ~0.3 ms. Not run by CI.
# Usage: Benchmarks/half_saturation.sh [rounds=2] [seconds=5]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-2}"
seconds="${2:-5}"
source Benchmarks/common.sh
UNILINK_RATE_LIMITS="$unrefused_limits" UNILINK_ADMIN_TOKEN=half-saturation-token-0123456789 \
    taskset -c 0 "$unilink" serve --port 18391 --database-url "sqlite://$work/s.sqlite" --log-level error >"$work/banner" 2>&1 &
for _ in $(seq 100); do grep -q "listening on" "$work/banner" 2>/dev/null && break; sleep 0.1; done
path=$(demo_path "$work/banner")
for _ in $(seq "$rounds"); do
    rps=$(taskset -c 1 wrk -t1 -c32 -d"${seconds}s" -H "Host: go.localhost" -H "User-Agent: $desktop" "http://127.0.0.1:18391$path" | awk '/Requests\/sec/ {print $2}')
    half=$(awk -v r="$rps" 'BEGIN {printf "%d", r / 2}')
    paced=$(awk -v h="$half" 'BEGIN {printf "%d", h * 3.3 / 1000 + 0.5}')
    printf 'request = function() return wrk.format("GET", "%s") end\ndelay = function() return 3 end\n' "$path" >"$work/paced.lua"
    sleep 1
    out=$(taskset -c 1 wrk -t1 -c"$paced" -d"${seconds}s" --latency -s "$work/paced.lua" -H "Host: go.localhost" -H "User-Agent: $desktop" "http://127.0.0.1:18391$path")
    p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
    echo "saturation $rps req/s; at half ($half offered by $paced connections): $(echo "$out" | awk '/Requests\/sec/ {print $2}') req/s, p50 $(echo "$out" | awk '$1 == "50%" {print $2}'), p99 $p99"
    echo "$p99" >>"$work/p99s"
    sleep 1
done
# One run's p99 moves by up to 1 ms on this machine: the median of the rounds is the figure.
PYTHONPATH=Benchmarks python3 -c 'import statistics, sys; from wrk_latency import ms; p99s = [ms(t) for t in open(sys.argv[1]).read().split()]; print(f"median p99 of {len(p99s)} rounds: {statistics.median(p99s):.2f} ms")' "$work/p99s"
