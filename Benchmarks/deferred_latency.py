#!/usr/bin/env python3
"""/v1/sdk/deferred latency with 10,000 and 1,000,000 pending clicks in the store, on
SQLite and (with --postgres URL of a server you may create databases on) PostgreSQL.

For each size: a fresh database gets the server's schema, then that many pending clicks
of many networks are written straight into SQLite (a copy of a real click's row with
random network keys), and as many addresses' hourly crowds (`network_crowds`, schema 28 and
later) in the same prefixes, the server restarts on it, a handful of real clicks come from the
networks the installs will use (25 links, four languages: as varied as a crowded network's
clicks), and first launches are timed: a third of them from 111
clicked addresses, three launches each (the first found as a weak match, the others
finding the click taken), the rest from networks nobody clicked from; each describes its
device as the iOS SDK does (time zone, languages, screen), so its country's relayed clicks
are read too. /healthz on the same
server is the baseline measured in the same run. Matching reads only the clicks that
share the install's network, so the time should not grow with the total.

Usage: Benchmarks/deferred_latency.py [--binary PATH] [--sizes 10000,1000000] [--installs 300]
       [--postgres postgres://user@host:port/db]   (each size also on a fresh PostgreSQL database)
"""

import argparse
import os
import random
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

import requests

ADMIN = "bench-admin-token-0123456789"
LINKS = 25
LANGUAGES = ["en-US,en;q=0.9", "de-DE,de;q=0.9", "fr-FR,fr;q=0.9", "es-ES,es;q=0.9"]
ZONES = {"en-US": "America/New_York", "de-DE": "Europe/Berlin", "fr-FR": "Europe/Paris", "es-ES": "Europe/Madrid"}
UA = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
      "Version/18.1 Mobile/15E148 Safari/604.1")


def start(binary, database):
    url = database if database.startswith("postgres") else f"sqlite://{database}"
    process = subprocess.Popen(
        [binary, "serve", "--port", "0", "--database-url", url, "--admin-token", ADMIN,
         "--trusted-proxies", "127.0.0.1,::1", "--no-demo", "--log-level", "error"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = ""
    while "listening on" not in line:
        line = process.stdout.readline()
        if not line and process.poll() is not None:
            sys.exit("the server did not start")
    return process, re.search(r"http://[0-9.]+:\d+", line).group(0)


def stop(process):
    process.terminate()
    process.wait(timeout=30)


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))]


def psql(url, statement):
    subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", url, "-c", statement], check=True, stdout=subprocess.DEVNULL)


def fresh_postgres(server, size):
    name = f"unilink_latency_{size}_{os.getpid()}"
    psql(server, f"DROP DATABASE IF EXISTS {name}")
    psql(server, f"CREATE DATABASE {name}")
    return server.rsplit("/", 1)[0] + "/" + name


def seed_postgres(url, size):
    """`size` copies of the one real pending click, from 20,000 other networks, in one statement."""
    far = int((time.time() + 3600 * 24) * 1000)
    psql(url, f"""
        INSERT INTO pending_clicks (click_id, app_id, link_id, created_at, expires_at, network_key, prefix_key, document,
                                    screen_width, screen_height, screen_scale, time_zone, languages, signals_at, consumed_by, store_at)
        SELECT 'seed' || lpad(g::text, 18, '0'), t.app_id, t.link_id, t.created_at, {far}, md5(random()::text),
               'net' || lpad(floor(random() * 20000)::int::text, 6, '0'), t.document,
               t.screen_width, t.screen_height, t.screen_scale, t.time_zone, t.languages, t.signals_at, NULL, t.store_at
        FROM generate_series(1, {size}) AS g, (SELECT * FROM pending_clicks LIMIT 1) AS t;
        ANALYZE pending_clicks;""")
    # Schema 28 and later: each address's hourly crowd, as many rows in the same prefixes.
    psql(url, f"""
        DO $$ BEGIN IF to_regclass('network_crowds') IS NOT NULL THEN
        INSERT INTO network_crowds (app_id, network_key, os, prefix_key, hour, clicks, peak, peak_hour)
        SELECT t.app_id, md5(random()::text), 'ios', 'net' || lpad(floor(random() * 20000)::int::text, 6, '0'),
               {int(time.time() // 3600)}, 1, 1, {int(time.time() // 3600)}
        FROM generate_series(1, {size}) AS g, (SELECT app_id FROM pending_clicks LIMIT 1) AS t;
        ANALYZE network_crowds; END IF; END $$;""")


def seed_sqlite(database, size, rng):
    db = sqlite3.connect(database)
    template = db.execute("SELECT * FROM pending_clicks LIMIT 1").fetchone()
    columns = [d[0] for d in db.execute("SELECT * FROM pending_clicks LIMIT 1").description]
    far = int((time.time() + 3600 * 24) * 1000)
    at = {name: columns.index(name) for name in ("click_id", "network_key", "prefix_key", "expires_at")}

    def rows():
        for i in range(size):
            values = list(template)
            values[at["click_id"]] = f"seed{i:018d}"
            values[at["network_key"]] = f"{rng.getrandbits(64):016x}"
            values[at["prefix_key"]] = f"net{rng.randrange(20000):06d}"
            values[at["expires_at"]] = far
            yield values

    db.executemany(f"INSERT INTO pending_clicks ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})", rows())
    # Builds of schema 28 and later also keep each address's hourly crowd: as many rows, one
    # per seeded click's address, in the same prefixes.
    if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'network_crowds'").fetchone():
        hour = int(time.time() // 3600)
        app_id = template[columns.index("app_id")]
        db.executemany("INSERT INTO network_crowds (app_id, network_key, os, prefix_key, hour, clicks, peak, peak_hour) "
                       "VALUES (?, ?, 'ios', ?, ?, 1, 1, ?)",
                       ((app_id, f"{rng.getrandbits(64):016x}", f"net{rng.randrange(20000):06d}", hour, hour) for _ in range(size)))
    db.commit()
    db.close()


def measure(binary, size, installs, rng, postgres=None):
    """One size on one database, which is removed afterwards (each run's is 0.6 GB at 1M)."""
    directory = tempfile.mkdtemp(prefix="unilink-latency-")
    database = fresh_postgres(postgres, size) if postgres else os.path.join(directory, "bench.sqlite")
    try:
        return measure_on(binary, database, size, installs, rng, postgres)
    finally:
        shutil.rmtree(directory, ignore_errors=True)
        if postgres:
            psql(postgres, f"DROP DATABASE IF EXISTS {database.rsplit('/', 1)[1]}")


def measure_on(binary, database, size, installs, rng, postgres):
    http = requests.Session()

    # 1. Schema, an app, a link and one real pending click to copy.
    process, base = start(binary, database)
    app = http.post(base + "/v1/apps", headers={"Authorization": f"Bearer {ADMIN}"}, json={
        "name": "Bench", "ios": {"team_id": "ABCDE12345", "bundle_id": "com.example.bench", "app_store_id": "1"},
        "domains": [{"host": "s.bench.test", "role": "short"}, {"host": "link.bench.test", "role": "primary"}],
        "paths": ["/item/*"]}).json()
    links = [http.post(base + "/v1/links", headers={"Authorization": f"Bearer {app['secret_key']}"},
                       json={"path": f"/item/{n}", "deep_link_value": f"item{n}", "campaign": {"campaign": f"spring-{n}"}}).json()
             for n in range(LINKS)]
    link = links[0]
    http.get(base + f"/{link['short_url'].rsplit('/', 1)[1]}", headers={"Host": "s.bench.test", "User-Agent": UA, "X-Forwarded-For": "192.0.2.1"})
    time.sleep(0.5)
    stop(process)

    # 2. `size` pending clicks from 20,000 other networks, written in one transaction.
    started = time.time()
    if postgres:
        seed_postgres(database, size)
    else:
        seed_sqlite(database, size, rng)
    seeded = time.time() - started

    # 3. Restart on the big table; real clicks from the installs' networks; time first launches.
    process, base = start(binary, database)
    try:
        # The clickers of a network came from many links and speak several languages, so
        # its candidates' documents differ as a crowded network's do (decoded documents are
        # cached by their text: identical ones would flatter the reads).
        for i in range(installs // 3):
            code = links[i % LINKS]['short_url'].rsplit('/', 1)[1]
            http.get(base + f"/{code}", headers={"Host": "s.bench.test", "User-Agent": UA, "Accept-Language": LANGUAGES[(i // LINKS) % len(LANGUAGES)],
                                            "X-Forwarded-For": f"198.51.{i // 200}.{i % 200 + 1}"})
        time.sleep(0.5)
        for _ in range(50):  # warm-up
            http.get(base + "/healthz")
        health, deferred, matched, found = [], [], [], 0
        for i in range(installs):
            t = time.perf_counter()
            http.get(base + "/healthz")
            health.append(time.perf_counter() - t)
            # Weak matches asked for: the first install from a clicked address is found (a
            # household's click known by its iOS version alone), so those launches time a
            # match's writes too (the click consumed, the answer and the install stored).
            # The device as the iOS SDK describes it: with a time zone, the relayed clicks
            # of its country are a second pool to read.
            clicker = i % (installs // 3)
            language = LANGUAGES[(clicker // LINKS) % len(LANGUAGES)].split(",")[0]
            device = {"os": "ios", "os_version": "18.1", "time_zone": ZONES[language], "languages": [language],
                      "screen_width": 393, "screen_height": 852, "screen_scale": 3}
            body = {"install_id": f"install-{size}-{i:08d}", "device": device, "allow_weak_match": True}
            address = f"198.51.{clicker // 200}.{clicker % 200 + 1}" if i % 3 == 0 else f"203.0.{i // 250}.{i % 250 + 1}"
            t = time.perf_counter()
            answer = http.post(base + "/v1/sdk/deferred", json=body, headers={"X-Unilink-Key": app["publishable_key"], "X-Forwarded-For": address})
            deferred.append(time.perf_counter() - t)
            if answer.json()["status"] == "found":
                found += 1
                matched.append(deferred[-1])
    finally:
        stop(process)
    return {"size": size, "database": "postgres" if postgres else "sqlite", "seeded_s": seeded, "found": found, "installs": installs,
            "health_p50": statistics.median(health) * 1000, "deferred_p50": statistics.median(deferred) * 1000,
            "deferred_p99": percentile(deferred, 0.99) * 1000, "health_p99": percentile(health, 0.99) * 1000,
            "matched_p50": statistics.median(matched) * 1000 if matched else float("nan"),
            "matched_p99": percentile(matched, 0.99) * 1000 if matched else float("nan")}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(os.path.dirname(__file__), "..", ".build", "release", "unilink"))
    parser.add_argument("--sizes", default="10000,1000000")
    parser.add_argument("--installs", type=int, default=300)
    parser.add_argument("--postgres", help="a PostgreSQL server URL to create the benchmark databases on")
    args = parser.parse_args()
    rng = random.Random(3)
    print(f"{'database':>9} {'pending clicks':>15} {'seed s':>7} {'/healthz p50':>13} {'/healthz p99':>13} {'deferred p50':>13} "
          f"{'deferred p99':>13} {'found p50':>10} {'found p99':>10} {'p50 ratio':>10} {'found':>9}")
    for size in (int(s) for s in args.sizes.split(",")):
        for postgres in [None] + ([args.postgres] if args.postgres else []):
            r = measure(args.binary, size, args.installs, rng, postgres)
            print(f"{r['database']:>9} {r['size']:>15,} {r['seeded_s']:>7.1f} {r['health_p50']:>11.2f}ms {r['health_p99']:>11.2f}ms "
                  f"{r['deferred_p50']:>11.2f}ms {r['deferred_p99']:>11.2f}ms {r['matched_p50']:>8.2f}ms {r['matched_p99']:>8.2f}ms "
                  f"{r['deferred_p50'] / r['health_p50']:>10.2f} {r['found']:>4}/{r['installs']}")


if __name__ == "__main__":
    main()
