#!/usr/bin/env bash
# Instructions per request, counted by valgrind's callgrind (these machines have no
# hardware counters for perf): nginx answering a fixed 302, the bare Hummingbird 302 (our
# stack's floor), the same 302 from a handler in Hummingbird's channel, and Unilink's
# short-link click (desktop 302, cache hit, recording included), iPhone preview page and
# AASA. Each server runs alone under callgrind (release builds; not run by CI); a client
# sends warm-up requests on one keep-alive connection, the counters are zeroed, the
# measured requests follow, and the counters are dumped once the click recorder has
# written their clicks. Then where one click's instructions go: self cost by component,
# and inclusive cost by function (callgrind's inclusive costs).
# Usage: Benchmarks/callgrind.sh [requests=2000] [warm-up=300]   (KEEP=DIR keeps the dumps, for
# callgrind_annotate or KCachegrind)
set -euo pipefail
cd "$(dirname "$0")/.."
requests="${1:-2000}"
warmup="${2:-300}"
for tool in valgrind callgrind_control callgrind_annotate nginx objcopy clang python3; do
    command -v "$tool" >/dev/null || { echo "needs $tool (Debian: valgrind nginx binutils python3; clang comes with Swift)" >&2; exit 1; }
done

source Benchmarks/common.sh
build_bare

# Two valgrind 3.19 (Debian 12) limits, worked around:
# - it gives up reading the DWARF 5 debug information Swift 6 writes ("unhandled dwarf2
#   abbrev form", then "possibly corrupted debuginfo file"), so the servers run as copies
#   without debug sections; the symbol table stays, and with it every function's name.
# - its rt_sigsuspend wrapper edits the caller's signal mask in place, and libdispatch's
#   main thread (parked by Swift's async main) passes a mask in read-only memory: valgrind
#   dies of SIGSEGV at the first Swift program that starts a thread. A preloaded
#   sigsuspend hands the kernel a copy of the mask instead.
objcopy --strip-debug "$unilink" "$work/unilink"
objcopy --strip-debug "$bare" "$work/BareRedirect"
cat >"$work/sigsuspend.c" <<'EOF'
#include <signal.h>
#include <unistd.h>
#include <sys/syscall.h>
int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    return (int)syscall(SYS_rt_sigsuspend, &copy, _NSIG / 8);
}
EOF
clang -shared -fPIC -O2 "$work/sigsuspend.c" -o "$work/sigsuspend.so"

cat >"$work/nginx.conf" <<EOF
daemon off; master_process off; worker_processes 1; pid $work/nginx.pid; error_log $work/nginx.log; events {}
http { access_log off; server { listen 127.0.0.1:18180; location / { return 302 https://www.example.com/welcome; } } }
EOF

# Sends COUNT requests on one keep-alive connection; fails on any other status than the one expected.
cat >"$work/client.py" <<'EOF'
import http.client, sys
port, host, path, agent, count, expected = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), int(sys.argv[6])
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
for _ in range(count):
    connection.request("GET", path, headers={"Host": host, "User-Agent": agent})
    response = connection.getresponse()
    response.read()
    if response.status != expected:
        sys.exit(f"{host}{path}: {response.status}, expected {expected}")
EOF

start() { # name port command...
    local name=$1 port=$2
    shift 2
    LD_PRELOAD="$work/sigsuspend.so" valgrind --tool=callgrind --callgrind-out-file="$work/$name.out" "$@" >"$work/$name.log" 2>&1 &
    echo $! >"$work/$name.pid"
    for _ in $(seq 600); do
        python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null && return
        sleep 0.2
    done
    echo "$name did not start under valgrind:" >&2
    tail -20 "$work/$name.log" >&2
    exit 1
}
measure() { # name port host path agent status
    python3 "$work/client.py" "$2" "$3" "$4" "$5" "$warmup" "$6"
    sleep 2   # the warm-up's clicks are written
    callgrind_control -z "$(cat "$work/$1.pid")" >/dev/null 2>&1
    python3 "$work/client.py" "$2" "$3" "$4" "$5" "$requests" "$6"
    sleep 3   # the recorder writes the measured clicks (valgrind runs it 20-50 times slower)
    callgrind_control -d "$(cat "$work/$1.pid")" >/dev/null 2>&1
    kill -9 "$(cat "$work/$1.pid")" 2>/dev/null || true
    wait "$(cat "$work/$1.pid")" 2>/dev/null || true
}

start nginx 18180 nginx -c "$work/nginx.conf"
measure nginx 18180 localhost /x "$desktop" 302
start bare 18190 "$work/BareRedirect" 18190
measure bare 18190 localhost /x "$desktop" 302
start channel 18189 "$work/BareRedirect" 18189 channel
measure channel 18189 localhost /x "$desktop" 302

serve() { # name: Unilink under callgrind on one database, a fresh process for each path
    UNILINK_RATE_LIMITS="$unrefused_limits" UNILINK_ADMIN_TOKEN=callgrind-admin-token-0123456789 \
        start "$1" 18191 "$work/unilink" serve --port 18191 --database-url "sqlite://$work/links.sqlite" --log-level error
}
serve click
path=$(demo_path "$work/click.log")
measure click 18191 go.localhost "$path" "$desktop" 302
serve preview
measure preview 18191 go.localhost "$path" "$iphone" 200
serve aasa
measure aasa 18191 link.localhost /.well-known/apple-app-site-association "$desktop" 200

for name in nginx bare channel click preview aasa; do
    callgrind_annotate --threshold=100 "$work/$name.out.1" >"$work/$name.self" 2>/dev/null
done
callgrind_annotate --inclusive=yes --threshold=100 "$work/click.out.1" >"$work/click.inclusive" 2>/dev/null
python3 Benchmarks/callgrind_report.py "$work" "$requests"
[ -n "${KEEP:-}" ] && mkdir -p "$KEEP" && cp "$work"/*.out.1 "$KEEP"/
echo "callgrind, $requests requests after $warmup warm-up requests, one keep-alive connection, all threads counted (user space only: the kernel's work is not in these counts)"
