#!/usr/bin/env bash
# What exporting raw clicks costs as they grow: for each size, a fresh SQLite database with
# one app, 200 links and CLICKS clicks over 89 days (seeded through the recorder's own
# batch write, StatsBenchmark's StatsSeed), then GET /v1/apps/{id}/clicks.csv for 92
# days, streamed to a file while the server's resident memory is read every 0.1 s. The
# server's peak memory over its memory before the export is the figure: a stream holds
# one page, so it must not grow with the rows. Release build; not run by CI.
# Usage: Benchmarks/export.sh [CLICKS ...]   (default: 1000000 10000000)
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000000 10000000)
source Benchmarks/common.sh
(cd Benchmarks/StatsBenchmark && swift build -c release --product StatsSeed >/dev/null)
seed="$(cd Benchmarks/StatsBenchmark && swift build -c release --show-bin-path)/StatsSeed"
admin=export-admin-token-0123456789abcdef
port=18495
base="http://127.0.0.1:$port"

start() {
    UNILINK_RATE_LIMITS="$unrefused_limits" UNILINK_ADMIN_TOKEN=$admin \
        "$unilink" serve --port $port --database-url "sqlite://$1" --log-level error >"$work/banner" 2>&1 &
    server=$!
    for _ in $(seq 100); do curl -sf "$base/healthz" >/dev/null && return; sleep 0.1; done
    echo "the server did not start" >&2; cat "$work/banner" >&2; exit 1
}
stop() { kill "$server"; wait "$server" 2>/dev/null || true; }
rss() { awk '/VmRSS/ {print int($2 / 1024)}' "/proc/$server/status"; }

from=$(date -u -d '91 days ago' +%F)
today=$(date -u +%F)
printf "%-10s %12s %10s %12s %14s %16s %14s\n" clicks "rows in CSV" seconds "rows/s" "RSS before MB" "RSS peak MB" "growth MB"
for clicks in "${sizes[@]}"; do
    db="$work/export-$clicks.sqlite"
    start "$db"
    read -r app key < <(bench_app "$base" "$admin")
    stop
    # 89 days: clicks older than 90 would be retention's to delete when the server starts.
    "$seed" "$db" "$app" "$clicks" 89 >/dev/null
    start "$db"
    # Warm the server's own caches with a small export, so the figure is the stream's.
    curl -sf -o /dev/null -H "Authorization: Bearer $key" "$base/v1/apps/$app/clicks.csv?from=$today&to=$today"
    before=$(rss)
    peak=$before
    began=$(date +%s.%N)
    curl -sf -o "$work/clicks.csv" -H "Authorization: Bearer $key" "$base/v1/apps/$app/clicks.csv?from=$from&to=$today" &
    download=$!
    while kill -0 "$download" 2>/dev/null; do
        now=$(rss); [ "$now" -gt "$peak" ] && peak=$now
        sleep 0.1
    done
    wait "$download"
    seconds=$(awk -v b="$began" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - b }')
    rows=$(($(wc -l <"$work/clicks.csv") - 1))
    stop
    [ "$rows" -eq "$clicks" ] || { echo "the export has $rows rows, $clicks were stored" >&2; exit 1; }
    printf "%-10s %12s %10s %12s %14s %16s %14s\n" "$clicks" "$rows" "$seconds" "$(awk -v r="$rows" -v s="$seconds" 'BEGIN { printf "%.0f", r / s }')" \
        "$before" "$peak" "$((peak - before))"
    rm -f "$db"* "$work/clicks.csv"
done
