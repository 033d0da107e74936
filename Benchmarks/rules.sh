#!/usr/bin/env bash
# The click path with routing rules, beside the same click without them in the same run:
# wrk on loopback against one server's two links of the demo app, one plain, one with ten
# rules of the common conditions (language, platform, device, in-app browser, query,
# campaign) that none of wrk's clicks meets, so every condition is tested on every click.
# Rounds alternating A B and B A, the ratio per round and their median. Release build; not
# run by CI.
# Usage: Benchmarks/rules.sh [seconds] [connections] [rounds]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
connections="${2:-32}"
rounds="${3:-7}"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
swift build -c release --product unilink
unilink="$(swift build -c release --show-bin-path)/unilink"
work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
admin=bench-admin-token-0123456789abcdef
UNILINK_ADMIN_TOKEN=$admin UNILINK_RATE_LIMITS=off "$unilink" serve --port 18093 --database-url "sqlite://$work/bench.sqlite" --log-level error >"$work/banner" 2>&1 &
for _ in $(seq 100); do grep -q "demo link:" "$work/banner" 2>/dev/null && break; sleep 0.1; done
base=http://127.0.0.1:18093
app=$(curl -sf -H "Authorization: Bearer $admin" "$base/v1/apps" | python3 -c "import json,sys; print(json.load(sys.stdin)['data'][0]['id'])")
make_link() { # alias rules-json
    curl -sf -H "Authorization: Bearer $admin" -H 'Content-Type: application/json' "$base/v1/links?app_id=$app" \
        -d "{\"path\": \"/p/bench\", \"alias\": \"$1\", \"web_url\": \"https://www.example.com/\", \"rules\": $2}" >/dev/null
}
rule() { echo "{\"conditions\": $1, \"destination\": {\"web_url\": \"https://www.example.com/$2\"}}"; }
rules="[$(rule '[{"language": ["de", "fr", "es"]}]' 1), $(rule '[{"platform": ["android"]}, {"device": ["tablet"]}]' 2),
  $(rule '[{"in_app_browser": ["instagram", "facebook"]}]' 3), $(rule '[{"query": {"name": "src", "equals": "print"}}]' 4),
  $(rule '[{"campaign": {"field": "source", "values": ["newsletter", "partner"]}}]' 5),
  {\"match\": \"any\", \"conditions\": [{\"language\": [\"pt-BR\"]}, {\"device\": [\"tablet\"]}], \"destination\": {\"web_url\": \"https://www.example.com/6\"}},
  $(rule '[{"platform": ["ios"]}, {"language": ["ja"]}]' 7), $(rule '[{"in_app_browser": ["any"]}]' 8),
  $(rule '[{"query": {"name": "utm_source"}}]' 9), $(rule '[{"language": ["it"]}, {"platform": ["desktop"]}]' 10)]"
make_link plain '[]'
make_link ruled "$rules"
desktop='Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
for alias in plain ruled; do
    curl -s -o /dev/null -w "check: /$alias answers %{http_code} -> %{redirect_url}\n" -H 'Host: go.localhost' -H 'Accept-Language: en-US,en;q=0.9' -A "$desktop" "$base/$alias?ref=x"
done
run() { # alias
    wrk -t1 -c"$connections" -d"${seconds}s" -H "Host: go.localhost" -H "User-Agent: $desktop" -H "Accept-Language: en-US,en;q=0.9" \
        "$base/$1?ref=x" >"$work/$1" 2>&1
    awk '/Requests\/sec/ {print $2}' "$work/$1"
}
run plain >/dev/null
run ruled >/dev/null
# Rounds of A B then B A: each round's ratio is taken from runs seconds apart, so a burst of
# other work on the two cores moves one round, not the figure (the median of the rounds).
ratios=()
echo "wrk -t1 -c$connections -d${seconds}s, 2 cores shared by wrk and the server, $rounds rounds"
printf "%-8s %16s %16s %8s\n" round "without rules" "with 10 rules" ratio
for round in $(seq "$rounds"); do
    if ((round % 2)); then plain=$(run plain); ruled=$(run ruled); else ruled=$(run ruled); plain=$(run plain); fi
    ratio=$(awk -v p="$plain" -v r="$ruled" 'BEGIN { printf "%.3f", r / p }')
    ratios+=("$ratio")
    printf "%-8s %16s %16s %8s\n" "$round" "$plain" "$ruled" "$ratio"
done
median=$(printf "%s\n" "${ratios[@]}" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
echo "click with 10 rules (none holds) / click without rules, median of $rounds rounds = $median"
grep -h "Non-2xx\|Socket errors" "$work/plain" "$work/ruled" || true
