#!/usr/bin/env bash
# Load on the click path, beside a baseline measured in the same run: wrk on loopback
# against (1) a bare Hummingbird route answering a fixed 302, (2) a Unilink short-link
# click that redirects (desktop visitor, cache hit), (3) a Unilink preview page (iPhone).
# Release builds; not run by CI. Usage: Benchmarks/clicks.sh [seconds] [connections]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
connections="${2:-32}"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }

swift build -c release --product unilink
(cd Benchmarks/BareRedirect && swift build -c release)
unilink="$(swift build -c release --show-bin-path)/unilink"
bare="$(cd Benchmarks/BareRedirect && swift build -c release --show-bin-path)/BareRedirect"

work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
"$bare" 18090 >/dev/null 2>&1 &
# The limiter checks every click but never refuses (wrk is one address); 18092 runs without it.
UNILINK_RATE_LIMITS="clicks=1000000000/1" "$unilink" serve --port 18091 --database-url "sqlite://$work/bench.sqlite" --log-level error >"$work/banner" 2>&1 &
UNILINK_RATE_LIMITS=off "$unilink" serve --port 18092 --database-url "sqlite://$work/bench2.sqlite" --log-level error >"$work/banner2" 2>&1 &
for _ in $(seq 100); do grep -q "demo link:" "$work/banner" 2>/dev/null && grep -q "demo link:" "$work/banner2" 2>/dev/null && break; sleep 0.1; done
path2="$(grep 'demo link:' "$work/banner2" | sed -E 's#.*http://[^/]+##')"
path="$(grep 'demo link:' "$work/banner" | sed -E 's#.*http://[^/]+##')"

desktop='Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
iphone='Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
curl -s -o /dev/null -w "check: unilink click answers %{http_code} -> %{redirect_url}\n" -H 'Host: go.localhost' -A "$desktop" "http://127.0.0.1:18091$path"

run() { # name url host ua
    wrk -t1 -c"$connections" -d"${seconds}s" -H "Host: $3" -H "User-Agent: $4" "$2" >"$work/$1" 2>&1
    awk '/Requests\/sec/ {print $2}' "$work/$1"
}
run warm "http://127.0.0.1:18091$path" go.localhost "$desktop" >/dev/null
run warm "http://127.0.0.1:18092$path2" go.localhost "$desktop" >/dev/null
run warm "http://127.0.0.1:18090/x" localhost "$desktop" >/dev/null
bare_rps=$(run bare "http://127.0.0.1:18090$path" localhost "$desktop")
# Each server keeps writing the clicks it recorded after wrk stops, which slows whatever
# runs next: the two click variants go in A B B A order and each reports its mean.
click_a=$(run click "http://127.0.0.1:18091$path" go.localhost "$desktop")
unlimited_a=$(run unlimited "http://127.0.0.1:18092$path2" go.localhost "$desktop")
sleep 5
unlimited_b=$(run unlimited "http://127.0.0.1:18092$path2" go.localhost "$desktop")
click_b=$(run click "http://127.0.0.1:18091$path" go.localhost "$desktop")
click_rps=$(awk -v a="$click_a" -v b="$click_b" 'BEGIN { printf "%.2f", (a + b) / 2 }')
unlimited_rps=$(awk -v a="$unlimited_a" -v b="$unlimited_b" 'BEGIN { printf "%.2f", (a + b) / 2 }')
sleep 5
preview_rps=$(run preview "http://127.0.0.1:18091$path" go.localhost "$iphone")
echo "wrk -t1 -c$connections -d${seconds}s, 2 cores shared by wrk and the server"
printf "%-44s %10s req/s  %s\n" "bare Hummingbird fixed 302 (baseline)" "$bare_rps" "$(awk '/Latency/ {print "avg " $2}' "$work/bare")"
printf "%-44s %10s req/s  %s\n" "unilink short-link click, 302 (cache hit)" "$click_rps" "$(awk '/Latency/ {print "avg " $2}' "$work/click")"
printf "%-44s %10s req/s  %s\n" "same click, rate limiter off" "$unlimited_rps" "$(awk '/Latency/ {print "avg " $2}' "$work/unlimited")"
printf "%-44s %10s req/s  %s\n" "unilink preview page, 200 HTML" "$preview_rps" "$(awk '/Latency/ {print "avg " $2}' "$work/preview")"
awk -v b="$bare_rps" -v c="$click_rps" -v p="$preview_rps" -v u="$unlimited_rps" 'BEGIN { printf "click / baseline = %.2f   preview / baseline = %.2f   click with limiter / without = %.2f\n", c / b, p / b, c / u }'
grep -h "Non-2xx\|Socket errors" "$work/click" "$work/unlimited" "$work/preview" || true
