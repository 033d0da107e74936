#!/usr/bin/env bash
# How fast the dashboard's pages answer as an app's links grow, on a DEBUG build (the issue's
# bar: every page under 100 ms at 10,000 links on a debug build). For each size, a fresh
# SQLite database with one app and LINKS links (one in ten tagged "print", campaigns
# "spring"/"autumn"), 200 people's clicks on 40 of them, then the median of 15 requests of
# each page, signed in. Baseline in the same run: /healthz on the same server, and each
# page at the first size. Not run by CI.
# Usage: Benchmarks/dashboard.sh [LINKS ...]   (default: 10000 100000)
#        UNILINK_BENCH_BIN=path   another build of unilink (a release one, say)
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000)
if [ -z "${UNILINK_BENCH_BIN:-}" ]; then swift build --product unilink >/dev/null; fi
unilink="${UNILINK_BENCH_BIN:-$(swift build --show-bin-path)/unilink}"
work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; sleep 0.5; rm -rf "$work"' EXIT
admin=dashboard-admin-token-0123456789abcdef
port=18494
base="http://127.0.0.1:$port"
iphone='Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }
median() {
    local url=$1; shift
    for _ in 1 2; do curl -sf -o /dev/null "$@" "$url"; done
    for _ in $(seq 15); do curl -sf -o /dev/null -w '%{time_total}\n' "$@" "$url"; done \
        | sort -n | sed -n 8p | awk '{printf "%.1f", $1 * 1000}'
}

declare -A first
printf "%-8s %-16s %10s %10s %12s\n" links page "median ms" "x healthz" "x first size"
for links in "${sizes[@]}"; do
    rm -f "$work"/db.sqlite*
    UNILINK_RATE_LIMITS="clicks=1000000000/1,api=1000000000/1,sdk=1000000000/1" UNILINK_ADMIN_TOKEN=$admin \
        "$unilink" serve --port $port --database-url "sqlite://$work/db.sqlite" --no-demo --log-level error >"$work/banner" 2>&1 &
    server=$!
    for _ in $(seq 100); do curl -sf "$base/healthz" >/dev/null && break; sleep 0.1; done
    created=$(curl -sf -H "Authorization: Bearer $admin" -d '{"name": "bench", "domains": [{"host": "bench.example", "role": "primary"},
        {"host": "b.example", "role": "short"}], "paths": ["/p/*"],
        "ios": {"team_id": "ABCDE12345", "bundle_id": "com.example.bench", "app_store_id": "123456789"}, "android": {"package": "com.example.bench"},
        "web": {"fallback_url": "https://www.example.com/", "allowed_hosts": ["www.example.com"]}}' "$base/v1/apps")
    read -r app key < <(echo "$created" | python3 -c "import json,sys; d=json.load(sys.stdin); print(d['id'], d['secret_key'])")
    for start in $(seq 0 1000 $((links - 1))); do
        python3 -c "import json,sys; s=int(sys.argv[1]); print(json.dumps([{'path': '/p/%d' % i, 'web_url': 'https://www.example.com/%d' % i,
            'tags': ['print'] if i % 10 == 0 else [], 'campaign': {'campaign': 'spring' if i % 2 else 'autumn'}} for i in range(s, s + 1000)]))" "$start" \
            | curl -sf -H "Authorization: Bearer $key" -H 'Content-Type: application/json' -d @- "$base/v1/links/batch" >/dev/null
    done
    codes=$(curl -sf -H "Authorization: Bearer $key" "$base/v1/links?limit=40" | python3 -c "import json,sys; print(' '.join(l['code'] for l in json.load(sys.stdin)['data']))")
    for round in 1 2 3 4 5; do for code in $codes; do curl -s -o /dev/null -H 'Host: b.example' -A "$iphone" "$base/$code"; done; done
    link=$(curl -sf -H "Authorization: Bearer $key" "$base/v1/links?limit=1" | json "['data'][0]['id']")
    short=$(curl -sf -H "Authorization: Bearer $key" "$base/v1/links/$link" | json "['short_url']")
    # A page deep in the list: the id of the link half-way down, as its cursor.
    deep=$(curl -sf -H "Authorization: Bearer $key" "$base/v1/links?limit=1&sort=created&cursor=$(curl -sf -H "Authorization: Bearer $key" \
        "$base/v1/links?limit=200" | json "['data'][-1]['id']")" | json "['data'][0]['id']")
    curl -sf -c "$work/cookies" -o /dev/null -d "token=$admin" "$base/sign-in"
    curl -sf -b "$work/cookies" -o "$work/page" "$base/apps/$app"
    grep -q 'id="sign-out"' "$work/page" || { echo "the dashboard did not sign in" >&2; exit 1; }
    sleep 2 # the recorder's batch: the sorted-by-clicks page must count the clicks
    healthz=$(median "$base/healthz")
    pages=(
        "links, newest|/apps/$app" "links, by 30 d clicks|/apps/$app?sort=-clicks_30d" "links, by path|/apps/$app?sort=path"
        "links, search|/apps/$app?q=p%2F777" "links, tag|/apps/$app?tag=print" "links, campaign|/apps/$app?campaign=spring&state=all"
        "links, deep page|/apps/$app?cursor=$deep" "link page|/links/$link" "link edit|/links/$link/edit" "numbers, 30 d|/apps/$app/numbers?range=30d"
        "numbers, 90 d|/apps/$app/numbers?range=90d" "debugger|/debug?url=$short" "apps|/"
    )
    printf "%-8s %-16s %10s\n" "$links" "/healthz" "$healthz"
    for entry in "${pages[@]}"; do
        name=${entry%%|*}
        ms=$(median "$base${entry#*|}" -b "$work/cookies")
        [ -n "${first[$name]:-}" ] || first[$name]=$ms
        printf "%-8s %-22s %10s %10s %12s\n" "$links" "$name" "$ms" "$(awk -v a="$ms" -v b="$healthz" 'BEGIN { printf "x%.1f", a / b }')" \
            "$(awk -v a="$ms" -v b="${first[$name]}" 'BEGIN { printf "x%.2f", a / b }')"
    done
    kill "$server"; wait "$server" 2>/dev/null || true
done
