#!/usr/bin/env bash
# The click path's ladder, in one interleaved session on this machine (release builds;
# not run by CI): nginx answering a fixed 302 (the rig's physical limit), a bare
# Hummingbird route answering the same 302 (our stack's floor), the same 302 from a
# handler in Hummingbird's channel (the floor of what Unilink's fast path answers there,
# before Hummingbird makes a request of it), and Unilink's paths:
# short-link click (desktop 302, cache hit), the same with 1,000,000 links stored, a long
# link with ad-hoc parameters, the preview page (iPhone, 200, pending click), AASA,
# /v1/sdk/resolve, and a click whose link is not cached (random codes among 1,000,000).
# Every server is pinned to core 0 and wrk to core 1; each path runs once per round, the
# order rotating, and the median of the rounds is reported with p50/p99 and its ratio to
# the Hummingbird floor, to the channel's floor and to nginx. Then p99 at half the click path's saturation rate
# (rounds, beside the floor and nginx under the same load),
# and instructions per request with where a click's go (Benchmarks/callgrind.sh).
# Usage: Benchmarks/ladder.sh [seconds=5] [rounds=3] [connections=32]   (PROFILE=0 skips the profile)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-5}"
rounds="${2:-3}"
connections="${3:-32}"
for tool in wrk nginx taskset python3; do command -v "$tool" >/dev/null || { echo "needs $tool (Debian: wrk nginx util-linux python3)" >&2; exit 1; }; done

source Benchmarks/common.sh
build_bare
admin=ladder-admin-token-0123456789
links=1000000

# nginx: a fixed 302, nothing else.
cat >"$work/nginx.conf" <<EOF
daemon off; worker_processes 1; pid $work/nginx.pid; error_log $work/nginx.log; events {}
http { access_log off; server { listen 127.0.0.1:18080; location / { return 302 https://www.example.com/welcome; } } }
EOF
taskset -c 0 nginx -c "$work/nginx.conf" &
taskset -c 0 "$bare" 18090 >/dev/null 2>&1 &
taskset -c 0 "$bare" 18089 channel >/dev/null 2>&1 &

serve() { # port database
    # The limiter checks every click but never refuses (wrk is one address).
    UNILINK_RATE_LIMITS="$unrefused_limits" UNILINK_ADMIN_TOKEN=$admin \
        taskset -c 0 "$unilink" serve --port "$1" --database-url "sqlite://$2" --log-level error >"$work/banner-$1" 2>&1 &
    for _ in $(seq 200); do grep -q "listening on" "$work/banner-$1" 2>/dev/null && return; sleep 0.1; done
    echo "unilink on $1 did not start" >&2; exit 1
}
serve 18091 "$work/small.sqlite"
serve 18092 "$work/large.sqlite"
key=$(grep 'publishable key:' "$work/banner-18092" | awk '{print $NF}')
path=$(demo_path "$work/banner-18091")
path_large=$(demo_path "$work/banner-18092")

# 1,000,000 copies of the demo link under codes z + 6 alphabet digits, then a restart so
# nothing is cached. The uncached clicks and /v1/sdk/resolve get a server of their own on
# a copy: 1,000,000 random links and their clicks would otherwise leave the cache-hit
# row's server with a different cache, heap and click table than the small store's.
python3 Benchmarks/seed_links.py "$work/large.sqlite" "$links"
kill "$(pgrep -f 'port 18092')" 2>/dev/null || true
sleep 1
cp "$work/large.sqlite" "$work/lookups.sqlite"
serve 18092 "$work/large.sqlite"
serve 18093 "$work/lookups.sqlite"

cat >"$work/uncached.lua" <<EOF
local alphabet = "23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ"
math.randomseed(42)
local function code(i)
  local s = ""
  for _ = 1, 6 do local d = i % 54; s = alphabet:sub(d + 1, d + 1) .. s; i = math.floor(i / 54) end
  return "z" .. s
end
request = function() return wrk.format("GET", "/" .. code(math.random(0, $links - 1))) end
EOF
cat >"$work/resolve.lua" <<EOF
wrk.method = "POST"
wrk.body = '{"url": "http://go.localhost:18093$path_large", "app_version": "1.0"}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-Unilink-Key"] = "$key"
EOF

# name | url | host | user agent | script
ladder=(
  "nginx fixed 302|http://127.0.0.1:18080/x|localhost|$desktop|"
  "bare Hummingbird fixed 302 (floor)|http://127.0.0.1:18090$path|localhost|$desktop|"
  "Hummingbird channel handler fixed 302|http://127.0.0.1:18089$path|localhost|$desktop|"
  "short-link click, 302 (cache hit)|http://127.0.0.1:18091$path|go.localhost|$desktop|"
  "same click, 1,000,000 links stored|http://127.0.0.1:18092$path_large|go.localhost|$desktop|"
  "long link + ad-hoc parameters, 302|http://127.0.0.1:18091/p/shoes?deep_link_value=shoes&utm_campaign=spring&ref=mail&color=red|link.localhost|$desktop|"
  "preview page, iPhone, 200|http://127.0.0.1:18091$path|go.localhost|$iphone|"
  "AASA|http://127.0.0.1:18091/.well-known/apple-app-site-association|link.localhost|$desktop|"
  "/v1/sdk/resolve|http://127.0.0.1:18093/v1/sdk/resolve|link.localhost|$desktop|$work/resolve.lua"
  "uncached click (1,000,000 links)|http://127.0.0.1:18093/|go.localhost|$desktop|$work/uncached.lua"
)

measure() { # index round
    IFS='|' read -r name url host agent script <<<"${ladder[$1]}"
    local out="$work/run-$1-$2"
    local extra=()
    [ -n "$script" ] && extra=(-s "$script")
    taskset -c 1 wrk -t1 -c"$connections" -d"${seconds}s" --latency "${extra[@]}" -H "Host: $host" -H "User-Agent: $agent" "$url" >"$out" 2>&1
    echo "$(awk '/Requests\/sec/ {print $2}' "$out") $(awk '$1 == "50%" {print $2}' "$out") $(awk '$1 == "99%" {print $2}' "$out")" >"$out.result"
    grep -q "Non-2xx" "$out" && echo "warning: non-2xx/3xx answers in '$name'" >&2 || true
}
for index in "${!ladder[@]}"; do measure "$index" warm >/dev/null; done
count=${#ladder[@]}
for round in $(seq "$rounds"); do
    for offset in $(seq 0 $((count - 1))); do
        measure $(((offset + round) % count)) "$round"
        sleep 1   # let the servers write the clicks they recorded
    done
done

PYTHONPATH=Benchmarks python3 - "$work" "$count" "$rounds" "${ladder[@]}" <<'PY'
import statistics, sys
from wrk_latency import ms
work, count, rounds, ladder = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
rows = []
for index in range(count):
    results = [open(f"{work}/run-{index}-{r}.result").read().split() for r in range(1, rounds + 1)]
    rps = statistics.median(float(r[0]) for r in results)
    rows.append((ladder[index].split("|")[0], rps, statistics.median(ms(r[1]) for r in results), statistics.median(ms(r[2]) for r in results)))
nginx, floor, channel = rows[0][1], rows[1][1], rows[2][1]
print(f"{'path':<40} {'req/s':>9} {'p50 ms':>7} {'p99 ms':>7} {'/floor':>7} {'/channel':>8} {'/nginx':>7}")
for name, rps, p50, p99 in rows:
    print(f"{name:<40} {rps:>9.0f} {p50:>7.2f} {p99:>7.2f} {rps / floor:>7.2f} {rps / channel:>8.2f} {rps / nginx:>7.2f}")
open(f"{work}/click_rps", "w").write(str(next(row[1] for row in rows if row[0].startswith("short-link click"))))
PY

# p99 at half the click path's saturation rate: connections that each pause 3 ms after
# an answer (wrk's delay is whole milliseconds: a computed 2.99 ms pause became 2 ms and
# offered 60 % of saturation), as many as make half the measured rate with the answer's
# own ~0.3 ms. wrk fires the pauses that end in one millisecond together, so requests
# arrive in bursts of tens of requests, and the last of a burst waits for the
# others: the same paced load goes to nginx and to the bare Hummingbird floor in each
# round, and the median of the rounds is reported beside theirs (one run's p99 moves by
# up to 1 ms on this machine).
saturation=$(cat "$work/click_rps")
half=$(awk '{printf "%d", $1 / 2}' "$work/click_rps")
paced=$(awk -v h="$half" 'BEGIN {printf "%d", h * 3.3 / 1000 + 0.5}')
printf 'request = function() return wrk.format("GET", "%s") end\ndelay = function() return 3 end\n' "$path" >"$work/paced.lua"
pacing=("click|http://127.0.0.1:18091$path|go.localhost" "floor|http://127.0.0.1:18090$path|localhost" "nginx|http://127.0.0.1:18080/x|localhost")
for round in $(seq "$rounds"); do
    for target in "${pacing[@]}"; do
        IFS='|' read -r name url host <<<"$target"
        taskset -c 1 wrk -t1 -c"$paced" -d"${seconds}s" --latency -s "$work/paced.lua" -H "Host: $host" -H "User-Agent: $desktop" "$url" >"$work/paced-$name-$round" 2>&1
        sleep 1
    done
done
PYTHONPATH=Benchmarks python3 - "$work" "$rounds" "$saturation" "$half" "$paced" <<'PY'
import re, statistics, sys
from wrk_latency import ms
work, rounds, saturation, half, paced = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5]
def runs(name):
    found = []
    for r in range(1, rounds + 1):
        out = open(f"{work}/paced-{name}-{r}").read()
        found.append((float(re.search(r"Requests/sec:\s+([0-9.]+)", out).group(1)),
                      ms(re.search(r"^\s+50%\s+(\S+)", out, re.M).group(1)), ms(re.search(r"^\s+99%\s+(\S+)", out, re.M).group(1))))
    return found
print(f"short-link click at about half saturation (target {half} req/s, {paced} connections pausing 3 ms), median of {rounds} rounds:")
for name, label in (("click", "short-link click"), ("floor", "bare Hummingbird, same load"), ("nginx", "nginx, same load")):
    found = runs(name)
    rate = statistics.median(f[0] for f in found)
    share = f" ({100 * rate / saturation:.0f} % of the click's saturation)" if name == "click" else ""
    print(f"  {label:<28} {rate:>8.0f} req/s{share}, p50 {statistics.median(f[1] for f in found):.2f} ms, "
          f"p99 {statistics.median(f[2] for f in found):.2f} ms (rounds: {', '.join(f'{f[2]:.2f}' for f in found)})")
PY
echo "wrk -t1 -c$connections -d${seconds}s, $rounds rounds (median), servers on core 0, wrk on core 1"

[ "${PROFILE:-1}" = "0" ] && exit 0
# Instructions per request and where one click's go: callgrind, each server alone (these
# machines have no hardware counters for perf).
echo
bash Benchmarks/callgrind.sh "${CALLGRIND_REQUESTS:-2000}"
