#!/usr/bin/env python3
"""Peak memory of `unilink serve` under a hostile request mix, beside a baseline binary.

Each binary gets a fresh SQLite server on loopback with one app and one link, then
20,000 requests whose query values (`deep_link_sub1`, `ref`) are unique, 6 KB long: iPhone previews
(each a pending click and a click record), HEAD requests and crawler fetches (pages,
not clicks), Android clicks on the alternate host. The figure is the process's peak
resident set (VmHWM from /proc) after the mix, beside its resident set after start-up.

Usage: Benchmarks/hostile_memory.py BINARY [BINARY ...] [--requests 20000] [--value-bytes 6000]
"""

import argparse
import concurrent.futures
import os
import random
import re
import shutil
import string
import subprocess
import sys
import tempfile

import requests

ADMIN = "bench-admin-token-0123456789"
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
          "Version/18.1 Mobile/15E148 Safari/604.1")
ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.0.0 Mobile Safari/537.36"
CRAWLER = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"


def rss(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field):
                return int(line.split()[1]) // 1024
    return 0


def run(binary, count, value_bytes):
    directory = tempfile.mkdtemp(prefix="unilink-memory-")
    process = subprocess.Popen(
        [binary, "serve", "--port", "0", "--database-url", f"sqlite://{directory}/bench.sqlite", "--admin-token", ADMIN,
         "--no-demo", "--log-level", "error"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = ""
    while "listening on" not in line:
        line = process.stdout.readline()
        if not line and process.poll() is not None:
            sys.exit(f"{binary} did not start")
    base = re.search(r"http://[0-9.]+:\d+", line).group(0)
    try:
        app = requests.post(base + "/v1/apps", headers={"Authorization": f"Bearer {ADMIN}"}, json={
            "name": "Bench", "ios": {"team_id": "ABCDE12345", "bundle_id": "com.example.bench", "app_store_id": "1"},
            "android": {"package": "com.example.bench"}, "web": {"fallback_url": "https://www.example.com/"},
            "domains": [{"host": "link.bench.test", "role": "primary"}, {"host": "open.bench.test", "role": "alternate"}],
            "paths": ["/item/*"]}).json()
        requests.post(base + "/v1/links", headers={"Authorization": f"Bearer {app['secret_key']}"},
                      json={"path": "/item/1", "deep_link_value": "item1"})
        started = rss(process.pid, "VmRSS")
        rng = random.Random(1)

        def hit(index):
            value = "".join(rng.choices(string.ascii_letters, k=value_bytes))
            kind = index % 4
            session = requests.Session()
            path = f"/item/1?deep_link_sub1={value}&ref=r{index}"
            if kind == 0:
                session.get(base + path, headers={"Host": "link.bench.test", "User-Agent": IPHONE})
            elif kind == 1:
                session.head(base + path, headers={"Host": "link.bench.test", "User-Agent": IPHONE})
            elif kind == 2:
                session.get(base + path, headers={"Host": "link.bench.test", "User-Agent": CRAWLER})
            else:
                session.get(base + path, headers={"Host": "open.bench.test", "User-Agent": ANDROID}, allow_redirects=False)

        with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
            list(pool.map(hit, range(count)))
        return started, rss(process.pid, "VmHWM"), rss(process.pid, "VmRSS")
    finally:
        process.terminate()
        process.wait(timeout=30)
        shutil.rmtree(directory, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--requests", type=int, default=20_000)
    parser.add_argument("--value-bytes", type=int, default=6000)
    args = parser.parse_args()
    for binary in args.binaries:
        started, peak, now = run(binary, args.requests, args.value_bytes)
        print(f"{binary}: {args.requests} hostile requests ({args.value_bytes}-byte unique values): "
              f"RSS at start {started} MB, peak {peak} MB, after {now} MB")


if __name__ == "__main__":
    main()
