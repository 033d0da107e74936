#!/usr/bin/env bash
# The click path's ladder, in one interleaved session on this machine (release builds;
# not run by CI): nginx answering a fixed 302 (the rig's physical limit), a bare
# Hummingbird route answering the same 302 (our stack's floor), and Unilink's paths:
# short-link click (desktop 302, cache hit), the same with 1,000,000 links stored, a long
# link with ad-hoc parameters, the preview page (iPhone, 200, pending click), AASA,
# /v1/sdk/resolve, and a click whose link is not cached (random codes among 1,000,000).
# Every server is pinned to core 0 and wrk to core 1; each path runs once per round, the
# order rotating, and the median of the rounds is reported with p50/p99 and its ratio to
# the Hummingbird floor and to nginx. Then p99 at half the click path's saturation rate,
# and callgrind's instructions per request for the floor and a click.
# Usage: Benchmarks/ladder.sh [seconds=5] [rounds=3] [connections=32]   (CALLGRIND=0 skips callgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-5}"
rounds="${2:-3}"
connections="${3:-32}"
for tool in wrk nginx taskset python3; do command -v "$tool" >/dev/null || { echo "needs $tool (Debian: wrk nginx util-linux python3)" >&2; exit 1; }; done

swift build -c release --product unilink >/dev/null
(cd Benchmarks/BareRedirect && swift build -c release >/dev/null)
unilink="${UNILINK_BENCH_BIN:-$(swift build -c release --show-bin-path)/unilink}"
bare="$(cd Benchmarks/BareRedirect && swift build -c release --show-bin-path)/BareRedirect"
work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; sleep 0.5; rm -rf "$work"' EXIT
admin=ladder-admin-token-0123456789
desktop='Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
iphone='Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
links=1000000

# nginx: a fixed 302, nothing else.
cat >"$work/nginx.conf" <<EOF
daemon off; worker_processes 1; pid $work/nginx.pid; error_log $work/nginx.log; events {}
http { access_log off; server { listen 127.0.0.1:18080; location / { return 302 https://www.example.com/welcome; } } }
EOF
taskset -c 0 nginx -c "$work/nginx.conf" &
taskset -c 0 "$bare" 18090 >/dev/null 2>&1 &

serve() { # port database
    # The limiter checks every click but never refuses (wrk is one address).
    UNILINK_RATE_LIMITS="clicks=1000000000/1,api=1000000000/1,sdk=1000000000/1" UNILINK_ADMIN_TOKEN=$admin \
        taskset -c 0 "$unilink" serve --port "$1" --database-url "sqlite://$2" --log-level error >"$work/banner-$1" 2>&1 &
    for _ in $(seq 200); do grep -q "listening on" "$work/banner-$1" 2>/dev/null && return; sleep 0.1; done
    echo "unilink on $1 did not start" >&2; exit 1
}
serve 18091 "$work/small.sqlite"
serve 18092 "$work/large.sqlite"
key=$(grep 'publishable key:' "$work/banner-18092" | awk '{print $NF}')
path=$(grep 'demo link:' "$work/banner-18091" | sed -E 's#.*http://[^/]+##')
path_large=$(grep 'demo link:' "$work/banner-18092" | sed -E 's#.*http://[^/]+##')

# 1,000,000 copies of the demo link under codes z + 6 alphabet digits, then a restart so
# nothing is cached.
python3 - "$work/large.sqlite" "$links" <<'PY'
import sqlite3, sys
database, count = sys.argv[1], int(sys.argv[2])
alphabet = "23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ"
def code(i):
    digits = ""
    for _ in range(6):
        digits = alphabet[i % 54] + digits
        i //= 54
    return "z" + digits
db = sqlite3.connect(database)
columns = [d[0] for d in db.execute("SELECT * FROM links LIMIT 1").description]
template = list(db.execute("SELECT * FROM links LIMIT 1").fetchone())
at = {name: columns.index(name) for name in ("id", "code", "document", "alias")}
old_id, old_code, document = template[at["id"]], template[at["code"]], template[at["document"]]
def rows():
    for i in range(count):
        values = list(template)
        new_id, new_code = f"lnk_bench{i:013d}", code(i)
        values[at["id"]], values[at["code"]], values[at["alias"]] = new_id, new_code, None
        values[at["document"]] = document.replace(old_id, new_id).replace(old_code, new_code)
        yield values
db.executemany(f"INSERT INTO links ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})", rows())
db.commit()
PY
kill "$(pgrep -f 'port 18092')" 2>/dev/null || true
sleep 1
serve 18092 "$work/large.sqlite"

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
wrk.body = '{"url": "http://go.localhost:18092$path_large", "app_version": "1.0"}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-Unilink-Key"] = "$key"
EOF

# name | url | host | user agent | script
ladder=(
  "nginx fixed 302|http://127.0.0.1:18080/x|localhost|$desktop|"
  "bare Hummingbird fixed 302 (floor)|http://127.0.0.1:18090$path|localhost|$desktop|"
  "short-link click, 302 (cache hit)|http://127.0.0.1:18091$path|go.localhost|$desktop|"
  "same click, 1,000,000 links stored|http://127.0.0.1:18092$path_large|go.localhost|$desktop|"
  "long link + ad-hoc parameters, 302|http://127.0.0.1:18091/p/shoes?deep_link_value=shoes&utm_campaign=spring&ref=mail&color=red|link.localhost|$desktop|"
  "preview page, iPhone, 200|http://127.0.0.1:18091$path|go.localhost|$iphone|"
  "AASA|http://127.0.0.1:18091/.well-known/apple-app-site-association|link.localhost|$desktop|"
  "/v1/sdk/resolve|http://127.0.0.1:18092/v1/sdk/resolve|link.localhost|$desktop|$work/resolve.lua"
  "uncached click (1,000,000 links)|http://127.0.0.1:18092/|go.localhost|$desktop|$work/uncached.lua"
)

measure() { # index round
    IFS='|' read -r name url host agent script <<<"${ladder[$1]}"
    local out="$work/run-$1-$2"
    local extra=()
    [ -n "$script" ] && extra=(-s "$script")
    taskset -c 1 wrk -t1 -c"$connections" -d"${seconds}s" --latency "${extra[@]}" -H "Host: $host" -H "User-Agent: $agent" "$url" >"$out" 2>&1
    echo "$(awk '/Requests\/sec/ {print $2}' "$out") $(awk '$1 == "50%" {print $2}' "$out") $(awk '$1 == "99%" {print $2}' "$out")" >"$out.result"
    grep -q "Non-2xx" "$out" && [ "$1" -ne 7 ] && [ "$1" -ne 6 ] && echo "warning: non-2xx/3xx answers in '$name'" >&2 || true
}
for index in "${!ladder[@]}"; do measure "$index" warm >/dev/null; done
count=${#ladder[@]}
for round in $(seq "$rounds"); do
    for offset in $(seq 0 $((count - 1))); do
        measure $(((offset + round) % count)) "$round"
        sleep 1   # let the servers write the clicks they recorded
    done
done

python3 - "$work" "$count" "$rounds" "${ladder[@]}" <<'PY'
import statistics, sys
work, count, rounds, ladder = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
def ms(text):
    value = float(text[:-2]) if text.endswith("ms") else float(text[:-2]) / 1000 if text.endswith("us") else float(text[:-1]) * 1000
    return value
rows = []
for index in range(count):
    results = [open(f"{work}/run-{index}-{r}.result").read().split() for r in range(1, rounds + 1)]
    rps = statistics.median(float(r[0]) for r in results)
    rows.append((ladder[index].split("|")[0], rps, statistics.median(ms(r[1]) for r in results), statistics.median(ms(r[2]) for r in results)))
nginx, floor = rows[0][1], rows[1][1]
print(f"{'path':<40} {'req/s':>9} {'p50 ms':>7} {'p99 ms':>7} {'/floor':>7} {'/nginx':>7}")
for name, rps, p50, p99 in rows:
    print(f"{name:<40} {rps:>9.0f} {p50:>7.2f} {p99:>7.2f} {rps / floor:>7.2f} {rps / nginx:>7.2f}")
open(f"{work}/click_rps", "w").write(str(rows[2][1]))
PY

# p99 at half the click path's saturation rate: 16 connections, each pausing so that
# together they offer half the measured rate.
half=$(awk '{printf "%d", $1 / 2}' "$work/click_rps")
delay=$(awk -v h="$half" 'BEGIN {printf "%.3f", 16 * 1000 / h}')
printf 'request = function() return wrk.format("GET", "%s") end\ndelay = function() return %s end\n' "$path" "$delay" >"$work/paced.lua"
taskset -c 1 wrk -t1 -c16 -d"${seconds}s" --latency -s "$work/paced.lua" -H "Host: go.localhost" -H "User-Agent: $desktop" "http://127.0.0.1:18091$path" >"$work/paced" 2>&1
echo "short-link click at about half saturation (target $half req/s): $(awk '/Requests\/sec/ {print $2}' "$work/paced") req/s, p50 $(awk '$1 == "50%" {print $2}' "$work/paced"), p99 $(awk '$1 == "99%" {print $2}' "$work/paced")"
echo "wrk -t1 -c$connections -d${seconds}s, $rounds rounds (median), servers on core 0, wrk on core 1"

[ "${CALLGRIND:-1}" = "0" ] && exit 0
command -v valgrind >/dev/null || { echo "valgrind missing: no instruction counts"; exit 0; }
# Instructions per request: the server under callgrind, warmed up, counters zeroed, 2,000
# requests on one keep-alive connection, counters dumped; the dump's total over 2,000.
cat >"$work/drive.py" <<'PY'
import http.client, sys
port, host, path, agent, count = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
connection = http.client.HTTPConnection("127.0.0.1", int(port), timeout=120)
for _ in range(count):
    connection.request("GET", path, headers={"Host": host, "User-Agent": agent})
    connection.getresponse().read()
PY
count_instructions() { # name port host path user-agent
    python3 "$work/drive.py" "$2" "$3" "$4" "$5" 300
    callgrind_control -z >/dev/null
    python3 "$work/drive.py" "$2" "$3" "$4" "$5" 2000
    callgrind_control -d >/dev/null
    sleep 2
    local dump total
    dump=$(ls -t "$work"/callgrind.out.* | head -1)
    total=$(callgrind_annotate "$dump" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
    echo "$1: $((total / 2000)) instructions per request (callgrind, 2,000 requests after 300 warm-up)"
    callgrind_annotate --inclusive=yes "$dump" 2>/dev/null | grep -E '^ *[0-9,]+ ' | head -30 >"$work/$1.top"
}
(cd "$work" && exec taskset -c 0 valgrind --tool=callgrind "$bare" 18190 >/dev/null 2>&1) &
for _ in $(seq 300); do curl -s -o /dev/null "http://127.0.0.1:18190/x" && break; sleep 0.2; done
count_instructions bare 18190 localhost "$path" "$desktop"
kill %% 2>/dev/null || pkill -f "valgrind.*BareRedirect" || true
sleep 1
(cd "$work" && UNILINK_RATE_LIMITS="clicks=1000000000/1" exec taskset -c 0 valgrind --tool=callgrind "$unilink" serve --port 18191 \
    --database-url "sqlite://$work/small.sqlite" --log-level error >"$work/banner-cg" 2>&1) &
for _ in $(seq 600); do curl -s -o /dev/null -H "Host: go.localhost" "http://127.0.0.1:18191$path" && break; sleep 0.5; done
count_instructions click 18191 go.localhost "$path" "$desktop"
echo "callgrind, inclusive instructions by function, 2,000 clicks (top 30):"
cat "$work/click.top"
echo "callgrind, inclusive instructions by function, 2,000 bare 302s (top 30):"
cat "$work/bare.top"
