#!/usr/bin/env bash
# What one request costs the server at saturation: CPU microseconds (perf's task-clock
# over a wrk run, all the process's threads, the click recorder's SQLite writes included)
# and, where a uprobe on libc's malloc can be placed (root), allocations. For the current
# release build beside a baseline binary (an earlier build), rounds interleaved, so a
# change is judged by its cost per request rather than by requests/s alone (which moves
# +-5 % between runs of one binary). Server on core 0, wrk on core 1. Not run by CI.
# Usage: Benchmarks/cost.sh BASELINE_BINARY [rounds=3] [seconds=5]
set -euo pipefail
cd "$(dirname "$0")/.."
baseline="$(realpath "${1:?usage: Benchmarks/cost.sh BASELINE_BINARY [rounds] [seconds]}")"
rounds="${2:-3}"
seconds="${3:-5}"
source Benchmarks/common.sh
current=$unilink
malloc_event=""
if perf probe -q -x "$(ldconfig -p | awk '/libc.so.6 .*x86-64/ {print $NF; exit}')" malloc >/dev/null 2>&1 || perf probe -l 2>/dev/null | grep -q probe_libc:malloc; then
    malloc_event=",probe_libc:malloc"
fi

# measure BINARY KIND EVENTS -> "us-per-request mallocs-per-request req/s"
measure() {
    local port=18491 agent=$desktop
    [ "$2" = preview ] && agent=$iphone
    rm -f "$work"/s.sqlite*
    UNILINK_RATE_LIMITS="$unrefused_limits" UNILINK_ADMIN_TOKEN=cost-admin-token-0123456789 \
        taskset -c 0 "$1" serve --port $port --database-url "sqlite://$work/s.sqlite" --log-level error >"$work/banner" 2>&1 &
    local pid=$!
    for _ in $(seq 100); do grep -q "listening on" "$work/banner" 2>/dev/null && break; sleep 0.1; done
    local path
    path=$(demo_path "$work/banner")
    taskset -c 1 wrk -t1 -c32 -d2s -H "Host: go.localhost" -H "User-Agent: $agent" "http://127.0.0.1:$port$path" >/dev/null
    sleep 1
    perf stat -x, -e "$3" -p $pid -o "$work/stat" -- sleep "$seconds" &
    local stat=$!
    taskset -c 1 wrk -t1 -c32 -d"${seconds}s" -H "Host: go.localhost" -H "User-Agent: $agent" "http://127.0.0.1:$port$path" >"$work/wrk"
    wait $stat || true
    kill $pid; wait $pid 2>/dev/null || true
    local requests
    requests=$(awk '/requests in/ {print $1}' "$work/wrk")
    awk -F, -v n="$requests" -v s="$seconds" '
        $3 == "task-clock" {cpu = $1}
        $3 ~ /malloc/ {m = $1}
        END {printf "%.2f %s %d\n", cpu * 1000 / n, (m == "" ? "-" : sprintf("%.1f", m / n)), n / s}' "$work/stat"
}

# CPU in interleaved rounds; allocations in a run of their own (a uprobe costs far more
# than the malloc it counts).
for kind in click preview; do
    for name in baseline current; do
        binary=$baseline
        [ $name = current ] && binary=$current
        if [ -n "$malloc_event" ]; then
            echo "$kind $name $(measure "$binary" $kind "${malloc_event#,}")" >>"$work/allocations"
        fi
    done
    for round in $(seq "$rounds"); do
        for name in baseline current; do
            binary=$baseline
            [ $name = current ] && binary=$current
            echo "$kind $name $(measure "$binary" $kind task-clock)" >>"$work/results"
        done
    done
done
touch "$work/allocations"
echo "kind     build     us/request (rounds)                 mallocs/request   req/s (median)"
python3 - "$work/results" "$work/allocations" <<'PY'
import statistics, sys, collections
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    kind, name, us, _, rps = line.split()
    rows[(kind, name)].append((float(us), int(rps)))
allocations = {(kind, name): mallocs for kind, name, _, mallocs, _ in (line.split() for line in open(sys.argv[2]))}
for kind in ("click", "preview"):
    base = statistics.median(u for u, _ in rows[(kind, "baseline")])
    for name in ("baseline", "current"):
        runs = rows[(kind, name)]
        us = statistics.median(u for u, _ in runs)
        print(f"{kind:8} {name:9} {us:6.2f} ({', '.join(f'{u:.2f}' for u, _ in runs)})  x{us / base:.3f}   "
              f"{allocations.get((kind, name), '-'):>8}   {statistics.median(r for _, r in runs)}")
PY
