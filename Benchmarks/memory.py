#!/usr/bin/env python3
"""Memory as work grows (release build; not run by CI), each figure beside its baseline
from the same run:

- start-up time with 1,000,000 links stored, beside an empty store's (the link cache
  fills lazily; the host directory loads apps and hosts only);
- resident memory after start-up with 1,000,000 links, then after 100,000 distinct links
  were clicked (each click a cache miss, then cached): bytes per cached link, measured
  (resident growth / 100,000) beside the cache's own estimate;
- bytes per queued click: clicks made while another process holds SQLite's write lock
  stay queued; resident growth / queued clicks, beside the queue's estimate.

Usage: Benchmarks/memory.py [--links 1000000] [--clicked 100000] [--queued 50000]
"""
import argparse
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import http.client

sys.path.insert(0, os.path.dirname(__file__))
from seed_links import code, seed  # noqa: E402

ADMIN = "bench-admin-token-0123456789"
DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"


def serve(binary, database, port):
    env = dict(os.environ, UNILINK_ADMIN_TOKEN=ADMIN, UNILINK_RATE_LIMITS="off")
    started = time.monotonic()
    process = subprocess.Popen([binary, "serve", "--port", str(port), "--database-url", f"sqlite://{database}", "--log-level", "error"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)
    banner = ""
    for line in process.stdout:
        banner += line
        if "listening on" in line:
            break
    elapsed = time.monotonic() - started
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
    return process, elapsed, banner


def resident(process):
    status = open(f"/proc/{process.pid}/status").read()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) * 1024


def metric(port, name):
    connection = http.client.HTTPConnection("127.0.0.1", port)
    connection.request("GET", "/metrics")
    text = connection.getresponse().read().decode()
    found = re.search(rf"^{name}(?:{{[^}}]*}})? ([0-9.e+]+)$", text, re.M)
    return float(found.group(1)) if found else None


def click_codes(port, codes, workers=8):
    def run(part):
        connection = http.client.HTTPConnection("127.0.0.1", port)
        for c in part:
            connection.request("GET", "/" + c, headers={"Host": "go.localhost", "User-Agent": DESKTOP})
            response = connection.getresponse()
            response.read()
            assert response.status == 302, response.status
    threads = [threading.Thread(target=run, args=(codes[i::workers],)) for i in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def settle(process, seconds=2.0):
    time.sleep(seconds)
    return resident(process)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--links", type=int, default=1_000_000)
    parser.add_argument("--clicked", type=int, default=100_000)
    parser.add_argument("--queued", type=int, default=50_000)
    parser.add_argument("--binary", default=None)
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = args.binary or os.path.join(subprocess.check_output(["swift", "build", "-c", "release", "--show-bin-path"], cwd=root, text=True).strip(), "unilink")
    work = tempfile.mkdtemp()
    try:
        measure(binary, work, args)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def measure(binary, work, args):
    empty, large = os.path.join(work, "empty.sqlite"), os.path.join(work, "large.sqlite")

    # The empty store (the demo app and its one link), then the same with the links added.
    process, empty_start, _ = serve(binary, empty, 18291)
    empty_resident = settle(process)
    process.terminate(); process.wait()
    process, _, _ = serve(binary, large, 18292)
    process.terminate(); process.wait()
    seed(large, args.links)
    process, large_start, _ = serve(binary, large, 18292)
    start_resident = settle(process)
    print(f"start-up to listening: {args.links:,} links {large_start * 1000:.0f} ms, empty store {empty_start * 1000:.0f} ms "
          f"(ratio {large_start / empty_start:.2f})")
    print(f"resident after start-up: {args.links:,} links {start_resident / 2**20:.1f} MiB, empty store {empty_resident / 2**20:.1f} MiB")

    click_codes(18292, [code(i) for i in range(args.clicked)])
    clicked_resident = settle(process, 3)
    per_link = (clicked_resident - start_resident) / args.clicked
    print(f"after {args.clicked:,} distinct links clicked: resident {clicked_resident / 2**20:.1f} MiB "
          f"(+{(clicked_resident - start_resident) / 2**20:.1f} MiB), {per_link:.0f} bytes per cached link measured; "
          f"the cache's estimate {metric(18292, 'unilink_link_cache_bytes') or float('nan'):.0f} bytes for {metric(18292, 'unilink_link_cache_entries') or 0:.0f} links")

    # Hold SQLite's write lock: the recorder's writes fail and its clicks stay queued.
    blocker = sqlite3.connect(large, timeout=30, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    before = settle(process, 1)
    click_codes(18292, [code(i) for i in range(args.queued)])
    queued = metric(18292, "unilink_click_queue_depth") or 0
    during = settle(process, 1)
    print(f"{int(queued):,} clicks queued behind a locked database: resident +{(during - before) / 2**20:.1f} MiB, "
          f"{(during - before) / max(queued, 1):.0f} bytes per queued click measured; "
          f"the queue's estimate {metric(18292, 'unilink_click_queue_bytes') or float('nan'):.0f} bytes in all")
    blocker.execute("ROLLBACK")
    blocker.close()
    time.sleep(8)
    print(f"after the lock: {int(metric(18292, 'unilink_click_queue_depth') or 0):,} clicks still queued")
    process.terminate(); process.wait()


if __name__ == "__main__":
    main()
