#!/usr/bin/env bash
# Webhooks under load, beside baselines measured in the same run (release builds; not run
# by CI). Usage: Benchmarks/webhooks.sh [seconds] [connections]
#
# 1. Delivery throughput: a receiver (nginx on loopback answering 204) and one server
#    whose demo app subscribes to clicks; wrk fills the outbox with clicks, then the
#    deliveries per second are read off unilink_webhook_attempts_total while the backlog
#    drains. Baseline: wrk POSTing a delivery-sized JSON body to the same receiver.
# 2. The click path with a click subscription beside the same server without one, A B B A
#    (each server keeps writing after wrk stops, which slows whatever runs next).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
connections="${2:-32}"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
command -v nginx >/dev/null || { apt-get update -qq && apt-get install -y -qq nginx; }
source Benchmarks/common.sh
admin=webhooks-admin-token-0123456789

mkdir -p "$work/nginx"
cat >"$work/nginx/nginx.conf" <<EOF
worker_processes 1;
pid $work/nginx/pid;
error_log $work/nginx/error.log;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work/nginx;
    server { listen 127.0.0.1:18095; location / { return 204; } }
}
EOF
nginx -c "$work/nginx/nginx.conf" -p "$work/nginx" -g 'daemon off;' &

start() { # port database banner [env...]
    env UNILINK_RATE_LIMITS=off UNILINK_ADMIN_TOKEN=$admin UNILINK_WEBHOOK_ALLOW_LOOPBACK_HTTP=true "${@:4}" \
        "$unilink" serve --port "$1" --database-url "sqlite://$work/$2" --log-level error >"$work/$3" 2>&1 &
}
start 18093 hooked.sqlite hooked
start 18094 plain.sqlite plain
for _ in $(seq 200); do grep -q "demo link:" "$work/hooked" 2>/dev/null && grep -q "demo link:" "$work/plain" 2>/dev/null && break; sleep 0.1; done
hooked_path=$(demo_path "$work/hooked")
plain_path=$(demo_path "$work/plain")
app=$(grep "Demo app" "$work/hooked" | awk '{print $3}')
curl -sf -o /dev/null -H "Authorization: Bearer $admin" -H 'Content-Type: application/json' \
    -d '{"url": "http://127.0.0.1:18095/hook", "events": ["click"]}' "http://127.0.0.1:18093/v1/apps/$app/webhooks"

run() { # name url host ua [wrk args...]
    wrk -t1 -c"$connections" -d"${seconds}s" -H "Host: $3" -H "User-Agent: $4" "${@:5}" "$2" >"$work/$1" 2>&1
    awk '/Requests\/sec/ {print $2}' "$work/$1"
}
delivered() {
    curl -s http://127.0.0.1:18093/metrics | awk '/^unilink_webhook_attempts_total\{result="delivered"\}/ {print $2}' | head -1
}
failed() {
    curl -s http://127.0.0.1:18093/metrics | awk '/^unilink_webhook_attempts_total\{result="failed"\}/ {print $2}' | head -1
}

# The receiver's own rate for a POST the size of a click delivery (the baseline).
body='{"type":"click","timestamp":"2026-11-26T02:00:00.000Z","data":{"campaign":null,"click_id":"0Vc2ahXlGt1KMrsmveAnDj","continues":false,"host":"go.localhost","link_id":"lnk_01a2159878f4bOi0HcPNxN","outcome":"web","path":"/welcome","platform":"desktop","source":null,"traffic":"person"}}'
printf 'wrk.method = "POST"\nwrk.body = %s\nwrk.headers["Content-Type"] = "application/json"\n' "$(python3 -c "import json,sys; print(json.dumps(sys.argv[1]))" "$body")" >"$work/post.lua"
receiver_rps=$(run receiver "http://127.0.0.1:18095/hook" localhost "$desktop" -s "$work/post.lua")

# 1. Fill the outbox, then read the delivery rate while it drains.
run fill "http://127.0.0.1:18093$hooked_path" go.localhost "$desktop" >/dev/null
sleep 1
d0=$(delivered); t0=$(date +%s.%N)
sleep "$seconds"
d1=$(delivered); t1=$(date +%s.%N)
delivery_rps=$(awk -v a="$d0" -v b="$d1" -v s="$t0" -v e="$t1" 'BEGIN { printf "%.0f", (b - a) / (e - s) }')
clicks_made=$(grep -E "^ +[0-9]+ requests" "$work/fill" | awk '{print $1}')
for _ in $(seq 600); do
    total=$(awk -v d="$(delivered)" -v f="$(failed)" 'BEGIN { print d + f }')
    [ "${total%.*}" -ge "$clicks_made" ] && break
    sleep 1
done

# 2. The click path, subscribed and not, A B B A.
hooked_a=$(run hooked "http://127.0.0.1:18093$hooked_path" go.localhost "$desktop")
plain_a=$(run plain "http://127.0.0.1:18094$plain_path" go.localhost "$desktop")
sleep 5
plain_b=$(run plain "http://127.0.0.1:18094$plain_path" go.localhost "$desktop")
hooked_b=$(run hooked "http://127.0.0.1:18093$hooked_path" go.localhost "$desktop")
hooked_rps=$(awk -v a="$hooked_a" -v b="$hooked_b" 'BEGIN { printf "%.0f", (a + b) / 2 }')
plain_rps=$(awk -v a="$plain_a" -v b="$plain_b" 'BEGIN { printf "%.0f", (a + b) / 2 }')

echo "wrk -t1 -c$connections -d${seconds}s, 2 cores shared by wrk, nginx and the servers"
printf "%-58s %10s /s\n" "receiver alone: wrk POSTs a click's body (baseline)" "$receiver_rps"
printf "%-58s %10s /s   (%s clicks queued, %s delivered, %s failed)\n" "webhook deliveries while the outbox drains" "$delivery_rps" \
    "$clicks_made" "$(delivered)" "$(failed)"
printf "%-58s %10s req/s\n" "click, app without webhooks (baseline)" "$plain_rps"
printf "%-58s %10s req/s\n" "click, app with a click webhook" "$hooked_rps"
awk -v r="$receiver_rps" -v d="$delivery_rps" -v p="$plain_rps" -v h="$hooked_rps" \
    'BEGIN { printf "deliveries / receiver alone = %.2f   click with webhook / without = %.2f\n", d / r, h / p }'
