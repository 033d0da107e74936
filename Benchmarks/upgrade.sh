#!/usr/bin/env bash
# What upgrading a database written before the counters costs: a SQLite database with one
# app, 200 links and CLICKS clicks over 90 days (seeded through the recorder's own batch
# write, StatsBenchmark's StatsSeed), rewound to schema 6 (the counters' tables and their
# migration rows removed: the clicks table is the one schema 6 wrote), then
# `unilink migrate` timed, beside the time the recorder took to write the same clicks.
# A copy is migrated again and killed (SIGKILL) at its first progress line past 0%, then
# migrated to the end: both must count every click exactly once.
# Release build; not run by CI. Usage: Benchmarks/upgrade.sh [CLICKS=5000000]
set -euo pipefail
cd "$(dirname "$0")/.."
clicks="${1:-5000000}"
source Benchmarks/common.sh
(cd Benchmarks/StatsBenchmark && swift build -c release --product StatsSeed >/dev/null)
seed="$(cd Benchmarks/StatsBenchmark && swift build -c release --show-bin-path)/StatsSeed"
admin=upgrade-admin-token-0123456789abcdef
port=18494
base="http://127.0.0.1:$port"
db="$work/upgrade.sqlite"

UNILINK_ADMIN_TOKEN=$admin "$unilink" serve --port $port --database-url "sqlite://$db" --log-level error >"$work/banner" 2>&1 &
server=$!
for _ in $(seq 100); do curl -sf "$base/healthz" >/dev/null && break; sleep 0.1; done
read -r app key < <(bench_app "$base" "$admin")
kill "$server"; wait "$server" 2>/dev/null || true

seeded=$( { /usr/bin/time -f %e "$seed" "$db" "$app" "$clicks" 90 >/dev/null; } 2>&1 | tail -1)
python3 - "$db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for table in ["click_counts", "event_counts", "app_click_counts", "app_hours", "app_days", "link_hours", "link_days", "link_day_kinds",
              "counter_backfill", "audit_log"]:
    db.execute(f"DROP TABLE IF EXISTS {table}")
db.execute("DELETE FROM schema_migrations WHERE version > 6")
# Schema 11 replaced this index; schema 6 had it.
db.execute("DROP INDEX IF EXISTS clicks_app_time")
db.execute("CREATE INDEX IF NOT EXISTS clicks_app ON clicks (app_id, day)")
db.commit()
db.execute("VACUUM")
PY
cp "$db" "$work/killed.sqlite"

# counted DATABASE: the clicks stored, and what each counter table says in all.
counted() {
    python3 - "$1" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
one = lambda sql: db.execute(sql).fetchone()[0]
tables = ["click_counts", "app_click_counts", "app_hours", "app_days", "link_hours", "link_days", "link_day_kinds"]
print(one("SELECT COUNT(*) FROM clicks"), *[one(f"SELECT SUM(n) FROM {table}") for table in tables])
PY
}
check() { # name DATABASE
    read -r raw sums < <(counted "$2")
    [ "$raw" = "$clicks" ] && [ "$(echo "$sums" | tr ' ' '\n' | sort -u)" = "$raw" ] \
        || { echo "$1: $raw clicks stored, the counter tables say $sums" >&2; exit 1; }
}

/usr/bin/time -o "$work/time" -f %e "$unilink" migrate --database-url "sqlite://$db" >/dev/null 2>"$work/progress"
upgraded=$(tail -1 "$work/time")
check "upgrade" "$db"
lines=$(grep -c "Counting the clicks" "$work/progress" || true)

"$unilink" migrate --database-url "sqlite://$work/killed.sqlite" >/dev/null 2>"$work/killed-progress" &
victim=$!
for _ in $(seq 600); do grep -qE "Counting the clicks stored before the counters: [1-9]" "$work/killed-progress" && break; sleep 0.05; done
kill -9 "$victim"; wait "$victim" 2>/dev/null || true
killed_at=$(grep "Counting" "$work/killed-progress" | tail -1 | sed -E 's/.*: ([0-9]+)%.*/\1/')
"$unilink" migrate --database-url "sqlite://$work/killed.sqlite" >/dev/null 2>"$work/resumed-progress"
check "killed and resumed" "$work/killed.sqlite"
resumed_from=$(head -1 "$work/resumed-progress" | sed -E 's/.*: ([0-9]+)%.*/\1/')

printf "%-10s %18s %18s %8s %16s\n" clicks "recorder wrote, s" "unilink migrate, s" ratio "progress lines"
printf "%-10s %18s %18s %8s %16s\n" "$clicks" "$seeded" "$upgraded" "$(awk -v a="$upgraded" -v b="$seeded" 'BEGIN { printf "x%.2f", a / b }')" "$lines"
echo "killed at ${killed_at}%, the next migrate went on from there (first line ${resumed_from}%); every click counted once by every counter table"
