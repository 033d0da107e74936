#!/usr/bin/env bash
# What a dashboard sign-in with a password costs at each bcrypt cost (UNILINK_BCRYPT_COST),
# on this machine, through the real server: the median wall time of POST /sign-in with the
# right password, and with an address that has no account (checked against a decoy hash,
# so it should take as long). The cost the server ships with is the highest whose sign-in
# stays near a quarter of a second of one core. Not run by CI.
# Usage: Benchmarks/passwords.sh [costs="10 11 12 13 14"] [attempts=15]
set -euo pipefail
cd "$(dirname "$0")/.."
costs="${1:-10 11 12 13 14}"
attempts="${2:-15}"
source Benchmarks/common.sh
password='correct horse battery'

# measure COST -> "right-ms unknown-ms"
measure() {
    local port=18493 admin=passwords-admin-token-0123456789
    rm -f "$work"/p.sqlite*
    UNILINK_BCRYPT_COST=$1 UNILINK_ADMIN_TOKEN=$admin UNILINK_TRUSTED_PROXIES=127.0.0.1 \
        taskset -c 0 "$unilink" serve --port $port --database-url "sqlite://$work/p.sqlite" --no-demo --log-level error >"$work/banner" 2>&1 &
    local pid=$!
    for _ in $(seq 100); do grep -q "listening on" "$work/banner" 2>/dev/null && break; sleep 0.1; done
    local base="http://127.0.0.1:$port" invitation
    invitation=$(curl -sf -H "Authorization: Bearer $admin" -d '{"email": "bench@example.com"}' "$base/v1/users" |
        python3 -c "import json,sys; print(json.load(sys.stdin)['invitation']['url'].rsplit('/', 1)[1])")
    curl -sf -o /dev/null --data-urlencode "password=$password" --data-urlencode "confirm=$password" "$base/invitations/$invitation"
    python3 - "$base" "$password" "$attempts" <<'PY'
import statistics, subprocess, sys, time
base, password, attempts = sys.argv[1], sys.argv[2], int(sys.argv[3])
def sign_in(email, n):
    started = time.perf_counter()
    subprocess.run(["curl", "-s", "-o", "/dev/null", "-H", f"X-Forwarded-For: 198.51.{n // 250}.{n % 250}",
                    "--data-urlencode", f"email={email}", "--data-urlencode", f"password={password}", base + "/sign-in"], check=True)
    return (time.perf_counter() - started) * 1000
right = [sign_in("bench@example.com", i) for i in range(attempts)]
unknown = [sign_in(f"nobody{i}@example.com", 1000 + i) for i in range(attempts)]
print(f"{statistics.median(right):.0f} {statistics.median(unknown):.0f}")
PY
    kill $pid
    wait $pid 2>/dev/null || true
}

echo "cost   sign-in, right password (ms, median)   unknown address (ms)"
for cost in $costs; do
    read -r right unknown < <(measure "$cost")
    printf "%-6s %-38s %s\n" "$cost" "$right" "$unknown"
done
