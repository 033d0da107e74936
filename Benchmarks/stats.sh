#!/usr/bin/env bash
# What the numbers cost as stored clicks grow: for each size, a fresh SQLite database with
# one app and 200 links, CLICKS clicks over 89 days (older would be retention's) seeded through the recorder's own batch
# write (StatsBenchmark's StatsSeed: SQLStore.insert(clicks:), counters included), then
# the median of 15 requests of: a link's stats for 30 days and the app's stats for 30 days
# (API), the app's numbers page (dashboard, 30 days) and a link's page (dashboard). Ratios are against the first size,
# measured in the same run. Release build; not run by CI.
# With STATS_POSTGRES_URL (postgres://user@host:port/any, a user that may create
# databases), each size gets a fresh PostgreSQL database (unilink_stats_CLICKS) instead,
# analyzed after the seed as autovacuum would be.
# Usage: Benchmarks/stats.sh [CLICKS ...]   (default: 10000 1000000)
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 1000000)
source Benchmarks/common.sh
(cd Benchmarks/StatsBenchmark && swift build -c release --product StatsSeed >/dev/null)
seed="$(cd Benchmarks/StatsBenchmark && swift build -c release --show-bin-path)/StatsSeed"
admin=stats-admin-token-0123456789abcdef
port=18493
base="http://127.0.0.1:$port"

# database CLICKS: a fresh database's URL, and "fresh" and "drop" for it.
database() {
    if [ -n "${STATS_POSTGRES_URL:-}" ]; then echo "${STATS_POSTGRES_URL%/*}/unilink_stats_$1"; else echo "sqlite://$work/stats-$1.sqlite"; fi
}
fresh() { [ -z "${STATS_POSTGRES_URL:-}" ] || { drop "$1"; psql -q "$STATS_POSTGRES_URL" -c "CREATE DATABASE unilink_stats_$1"; }; }
drop() {
    if [ -n "${STATS_POSTGRES_URL:-}" ]; then psql -q "$STATS_POSTGRES_URL" -c "DROP DATABASE IF EXISTS unilink_stats_$1"; else rm -f "$work/stats-$1.sqlite"*; fi
}
start() {
    UNILINK_RATE_LIMITS="$unrefused_limits" UNILINK_ADMIN_TOKEN=$admin \
        "$unilink" serve --port $port --database-url "$1" --log-level error >"$work/banner" 2>&1 &
    server=$!
    for _ in $(seq 100); do curl -sf "$base/healthz" >/dev/null && return; sleep 0.1; done
    echo "the server did not start" >&2; cat "$work/banner" >&2; exit 1
}
stop() { kill "$server"; wait "$server" 2>/dev/null || true; }
json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }
# median milliseconds of 15 GETs of $1 (after 2 unmeasured), extra curl arguments after it
median() {
    local url=$1; shift
    for _ in 1 2; do curl -sf -o /dev/null "$@" "$url"; done
    for _ in $(seq 15); do curl -sf -o /dev/null -w '%{time_total}\n' "$@" "$url"; done \
        | sort -n | sed -n 8p | awk '{printf "%.1f", $1 * 1000}'
}

today=$(date -u +%F)
from=$(date -u -d '29 days ago' +%F)
printf "%-10s %-8s %-11s %16s %16s %16s %16s\n" clicks seeded "link, 30 d" "link stats ms" "app stats ms" "app page ms" "link page ms"
first=()
for clicks in "${sizes[@]}"; do
    db=$(database "$clicks")
    fresh "$clicks"
    start "$db"
    read -r app key < <(bench_app "$base" "$admin")
    link=$(curl -sf -H "Authorization: Bearer $key" "$base/v1/links?limit=1" | json "['data'][0]['id']")
    stop
    seed_target=$db
    [ -n "${STATS_POSTGRES_URL:-}" ] || seed_target=${db#sqlite://}
    seconds=$( { /usr/bin/time -f %e "$seed" "$seed_target" "$app" "$clicks" 89 >/dev/null; } 2>&1 | tail -1)
    # What autovacuum does within a minute of a bulk load: the planner's statistics.
    [ -z "${STATS_POSTGRES_URL:-}" ] || psql -q "$db" -c ANALYZE
    start "$db"
    curl -sf -c "$work/cookies" -o /dev/null -d "token=$admin" "$base/sign-in"
    counted=$(curl -sf -H "Authorization: Bearer $key" "$base/v1/links/$link/stats?from=$from&to=$today" | json "['clicks']")
    # The pages must be the signed-in ones, showing the numbers, not the sign-in form.
    curl -sf -b "$work/cookies" -o "$work/page" "$base/apps/$app/numbers?from=$from&to=$today"
    grep -q 'id="sign-out"' "$work/page" || { echo "the dashboard did not sign in" >&2; exit 1; }
    api=$(median "$base/v1/links/$link/stats?from=$from&to=$today" -H "Authorization: Bearer $key")
    appapi=$(median "$base/v1/apps/$app/stats?from=$from&to=$today" -H "Authorization: Bearer $key")
    numbers=$(median "$base/apps/$app/numbers?from=$from&to=$today" -b "$work/cookies")
    page=$(median "$base/links/$link" -b "$work/cookies")
    stop
    if [ ${#first[@]} -eq 0 ]; then first=("$api" "$appapi" "$numbers" "$page"); fi
    ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%s (x%.2f)", a, a / b }'; }
    printf "%-10s %-8s %-11s %16s %16s %16s %16s\n" "$clicks" "${seconds}s" "$counted" "$(ratio "$api" "${first[0]}")" \
        "$(ratio "$appapi" "${first[1]}")" "$(ratio "$numbers" "${first[2]}")" "$(ratio "$page" "${first[3]}")"
    drop "$clicks"
done
