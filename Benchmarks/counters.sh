#!/usr/bin/env bash
# What the counters kept on write cost the click path, beside the same run without them:
# BASELINE (a unilink binary built from the commit before the counters, b5fb2e5, by
# default in a worktree under /tmp) and this build, each on a SQLite file of its own with
# one app and 200 links, answering wrk with a mix of 200 paths and 5 user agents (iPhone
# Safari, Android Chrome, a desktop, Instagram's and Facebook's web views): the counters'
# worst case, where most clicks add a counter row of their own. The servers are pinned to
# core 0 and wrk to core 1; each round runs both, the order alternating, and the median of
# the rounds is reported. Then no click lost: after the servers drained their queues and
# stopped, this build's counters hold exactly the clicks it counted as answered
# (unilink_clicks_total), and so do its raw rows. Release builds; not run by CI.
# Usage: Benchmarks/counters.sh [seconds=10] [rounds=5] [connections=32]   (BASELINE=path to skip the build)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
rounds="${2:-5}"
connections="${3:-32}"
for tool in wrk taskset python3; do command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 1; }; done
source Benchmarks/common.sh
baseline="${BASELINE:-}"
if [ -z "$baseline" ]; then
    tree=/tmp/unilink-baseline-b5fb2e5
    [ -d "$tree" ] || git worktree add --detach "$tree" b5fb2e5 >/dev/null
    (cd "$tree" && swift build -c release --product unilink >/dev/null)
    baseline="$tree/.build/release/unilink"
fi
admin=counters-admin-token-0123456789abcdef

serve() { # binary port database
    UNILINK_RATE_LIMITS=off UNILINK_ADMIN_TOKEN=$admin taskset -c 0 "$1" serve --port "$2" --database-url "sqlite://$3" \
        --log-level error >"$work/banner-$2" 2>&1 &
    for _ in $(seq 200); do curl -sf "http://127.0.0.1:$2/healthz" >/dev/null && return; sleep 0.1; done
    echo "unilink on $2 did not start" >&2; cat "$work/banner-$2" >&2; exit 1
}
setup() { bench_app "http://127.0.0.1:$1" "$admin" >/dev/null; } # port
cat >"$work/mix.lua" <<'LUA'
local agents = {
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.0.0 Mobile Safari/537.36 Instagram 340.0.0.22.109 Android",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/480.0.0.0;FBBV/1;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/18.1;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]",
}
local n = 0
request = function()
  n = n + 1
  local path = "/p/" .. (n * 7919 % 200)
  return wrk.format("GET", path, { ["Host"] = "bench.example", ["User-Agent"] = agents[n % #agents + 1] })
end
LUA

serve "$baseline" 18601 "$work/baseline.sqlite"; setup 18601
serve "$unilink" 18602 "$work/counters.sqlite"; setup 18602
run() { # port -> req/s, adds the requests answered to $work/answered-<port>
    taskset -c 1 wrk -t1 -c"$connections" -d"${seconds}s" -s "$work/mix.lua" "http://127.0.0.1:$1" >"$work/wrk-$1" 2>&1
    grep -q "Non-2xx\|Socket errors" "$work/wrk-$1" && { echo "errors on $1:" >&2; cat "$work/wrk-$1" >&2; exit 1; }
    awk '/requests in/ {print $1}' "$work/wrk-$1" >>"$work/answered-$1"
    awk '/Requests\/sec/ {print $2}' "$work/wrk-$1"
}
# A warm-up for each, then rounds; each server's recorder drains before the other runs.
run 18601 >/dev/null; sleep 3; run 18602 >/dev/null; sleep 3
: >"$work/rps-18601"; : >"$work/rps-18602"
for round in $(seq "$rounds"); do
    if [ $((round % 2)) -eq 1 ]; then order="18601 18602"; else order="18602 18601"; fi
    for port in $order; do run "$port" >>"$work/rps-$port"; sleep 3; done
done
median() { sort -n "$1" | awk '{a[NR] = $1} END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
without=$(median "$work/rps-18601")
with=$(median "$work/rps-18602")
# The server's own count of the clicks it answered and queued for recording (wrk stops
# with requests in flight that the server answered and wrk did not count).
sleep 3
served=$(curl -sf http://127.0.0.1:18602/metrics | awk '/^unilink_clicks_total\{/ && !/not_counted/ {sum += $2} END {printf "%d", sum}')
lost=$(curl -sf http://127.0.0.1:18602/metrics | awk '/^unilink_clicks_(shed|dropped)_total/ {sum += $2} END {printf "%d", sum}')
kill "$(pgrep -f 'port 18601')" "$(pgrep -f 'port 18602')"
for _ in $(seq 100); do pgrep -f 'port 1860[12]' >/dev/null || break; sleep 0.1; done
answered=$(paste -sd+ "$work/answered-18602" | bc)
read -r raw counted < <(python3 - "$work/counters.sqlite" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
print(db.execute("SELECT COUNT(*) FROM clicks").fetchone()[0], db.execute("SELECT SUM(n) FROM click_counts").fetchone()[0])
PY
)
echo "wrk -t1 -c$connections -d${seconds}s x $rounds rounds, 200 paths x 5 user agents, server on core 0, wrk on core 1"
printf "%-46s %10s req/s\n" "without counters (b5fb2e5, baseline)" "$without" "with counters (this build)" "$with"
awk -v a="$with" -v b="$without" 'BEGIN { printf "with / without = %.3f\n", a / b }'
echo "this build counted $served clicks answered (wrk saw $answered), shed or dropped $lost; stored $raw raw rows; its counters hold $counted"
[ "$served" = "$raw" ] && [ "$raw" = "$counted" ] && [ "$lost" = 0 ] && [ "$answered" -le "$served" ] || { echo "a click was lost" >&2; exit 1; }
