#!/usr/bin/env python3
"""Deferred-matching accuracy on a hard simulated population, over HTTP, against the real server.

Most installs are organic, and many organic installs share an address or a /24 with someone
who clicked and never installed: family members on one Wi-Fi, people behind a carrier NAT,
neighbours in the same /24. This population puts about half of its organic installs there.
It also has identical phones in offices, people whose address changed, browsers that run no
script, Safari 26 (whose page-reported screen is masked by Advanced Fingerprinting
Protection and whose User-Agent freezes the OS at 18.6), and Android installs that carry the
click in the Play referrer.

Every request goes to a real `unilink serve` on loopback that trusts loopback as a proxy, so
X-Forwarded-For plays each visitor's address, and whose wall clock is driven through
libfaketime (`apt-get install faketime`), so six hours of clicks play in seconds. Installs
that follow a click come minutes later, a quarter of them much later; half the organic
installs beside a clicker come inside that click's match window (in life far fewer do).
Each pass starts a fresh server whose app has one `min_match_confidence`; the same events
are scored by a naive matcher ("same IP and OS version, most recent click in the window")
as the baseline.

Usage: Benchmarks/deferred_accuracy.py [--binary PATH] [--seed N] [--scale K] [--thresholds 0.8,0.9,0.97]
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter

import requests

ADMIN = "bench-admin-token-0123456789"
SPAN = 6 * 3600  # simulated seconds over which the clicks happen
MATCH_WINDOW = 3600  # the server's default match window
EPOCH = 1_772_438_400  # 2026-03-02 08:00 UTC, simulated time zero
FAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1"
IOS_DEVICES = [  # model, points w, h, scale, share
    ("iPhone14,7", 390, 844, 3, 14), ("iPhone15,2", 393, 852, 3, 14), ("iPhone15,3", 430, 932, 3, 8),
    ("iPhone14,4", 375, 812, 3, 5), ("iPhone12,8", 375, 667, 2, 6), ("iPhone16,2", 430, 932, 3, 9),
    ("iPhone17,3", 402, 874, 3, 10), ("iPhone17,2", 440, 956, 3, 6), ("iPhone13,2", 390, 844, 3, 10),
    ("iPhone11,8", 414, 896, 2, 6), ("iPhone10,5", 414, 736, 3, 4), ("iPhone14,6", 375, 667, 2, 4),
]
IOS_VERSIONS = [("17.5", 10), ("17.6", 10), ("18.1", 15), ("18.3", 15), ("18.5", 20), ("18.6", 30)]
IOS26_VERSIONS = ["26.0", "26.1"]
ANDROID_MODELS = ["SM-S918B", "Pixel 8", "SM-A536B", "Pixel 7", "M2101K7BNY", "SM-A155F"]
LOCALES = [  # languages (the system list), time zone
    (["de-DE"], "Europe/Berlin"), (["de-DE", "en-US"], "Europe/Berlin"), (["en-GB"], "Europe/London"),
    (["fr-FR"], "Europe/Paris"), (["fr-FR", "en-GB"], "Europe/Paris"), (["en-US"], "America/New_York"),
    (["en-US", "es-US"], "America/New_York"), (["es-ES"], "Europe/Madrid"),
]
ORGANIC = {"organic_family", "organic_nat", "organic_shared_ip", "organic_neighbour", "organic_unseen_ip"}


def weighted(rng, items):
    return rng.choices([i[:-1] if len(i) > 2 else i[0] for i in items], weights=[i[-1] for i in items])[0]


def ios_ua(version, safari=None):
    v = version.replace(".", "_")
    return (f"Mozilla/5.0 (iPhone; CPU iPhone OS {v} like Mac OS X) AppleWebKit/605.1.15 "
            f"(KHTML, like Gecko) Version/{safari or version} Mobile/15E148 Safari/604.1")


def android_ua(version, model):
    return (f"Mozilla/5.0 (Linux; Android {version}; {model}) AppleWebKit/537.36 "
            f"(KHTML, like Gecko) Chrome/127.0.0.0 Mobile Safari/537.36")


class Population:
    """People with devices and networks; `segment` says what each one tests."""

    def __init__(self, rng, scale):
        self.rng = rng
        self.people = []
        self.next_net = 0
        n = lambda k: max(1, int(k * scale))
        for _ in range(n(250)):
            ip = self.fresh_ip()
            self.add("home", click_ip=ip, install_ip=ip)
        for _ in range(n(80)):  # families: one clicks and installs, the others install on their own
            ip = self.fresh_ip()
            clicker = self.add("family_clicker", click_ip=ip, install_ip=ip)
            for _ in range(rng.randint(1, 3)):
                self.add("organic_family", click_ip=None, install_ip=ip, beside=clicker, **self.household_device(clicker))
        for _ in range(n(6)):  # carrier NAT: strangers behind one address
            ip = self.fresh_ip()
            for _ in range(25):
                self.add("carrier_nat", click_ip=ip, install_ip=ip)
            for _ in range(20):
                self.add("clicked_no_install", click_ip=ip, install_ip=None)
            nat = self.people[-45:]
            for _ in range(7):
                self.add("organic_nat", click_ip=None, install_ip=ip, beside=rng.choice(nat))
        for _ in range(n(6)):  # offices: colleagues with the same company phone, version and locale
            ip = self.fresh_ip()
            device, version, locale = weighted(rng, IOS_DEVICES), weighted(rng, IOS_VERSIONS), rng.choice(LOCALES)
            for _ in range(12):
                self.add("office", click_ip=ip, install_ip=ip, device=device, version=version, locale=locale)
        for _ in range(n(80)):  # the router renewed its lease: a new address in the same /24
            ip = self.fresh_ip()
            self.add("ip_changed_same_net", click_ip=ip, install_ip=self.neighbour(ip))
        for _ in range(n(60)):  # mobile data at the click, home Wi-Fi at the install
            self.add("ip_changed_other_net", click_ip=self.fresh_ip(), install_ip=self.fresh_ip())
        for _ in range(n(80)):
            ip = self.fresh_ip()
            self.add("no_script", click_ip=ip, install_ip=ip, script=False)
        for _ in range(n(80)):
            ip = self.fresh_ip()
            self.add("safari26", click_ip=ip, install_ip=ip, version=rng.choice(IOS26_VERSIONS))
        for _ in range(n(120)):
            self.add("android", click_ip=self.fresh_ip(), install_ip=self.fresh_ip(), os="android")
        # Clickers who never install, and organic installs beside them: at the same address
        # (someone in their household) or in the same /24 (a neighbour, the same building).
        for _ in range(n(175)):
            ip = self.fresh_ip()
            clicker = self.add("clicked_no_install", click_ip=ip, install_ip=None)
            self.add("organic_shared_ip", click_ip=None, install_ip=ip, beside=clicker, **self.household_device(clicker))
        for _ in range(n(175)):
            ip = self.fresh_ip()
            clicker = self.add("clicked_no_install", click_ip=ip, install_ip=None)
            same_locale = rng.random() < 0.7
            self.add("organic_neighbour", click_ip=None, install_ip=self.neighbour(ip), beside=clicker,
                     locale=(clicker["languages"], clicker["zone"]) if same_locale else None)
        # Installs from nobody's network, so that about half the organic installs (those beside a
        # non-installing clicker) share an address or a /24 with one, as the population does.
        for _ in range(n(230)):
            self.add("organic_unseen_ip", click_ip=None, install_ip=self.fresh_ip())

        self.schedule()

    def schedule(self):
        """Clicks spread over SPAN seconds. Installs that follow a click come a few minutes later
        (download and first open), a quarter of them much later. An organic install beside a
        clicker comes within an hour either side of the click, so half of them fall inside its
        match window (in life, where the two are unrelated, far fewer do)."""
        rng = self.rng
        for person in self.people:
            if person["click_ip"]:
                person["click_at"] = rng.uniform(0, SPAN)
        for person in self.people:
            if not person["install_ip"]:
                continue
            if person["click_ip"]:
                prompt = rng.random() < 0.75
                delay = 30 + rng.expovariate(1 / 240) if prompt else rng.uniform(900, MATCH_WINDOW + 600)
                person["install_at"] = person["click_at"] + delay
            elif person["beside"]:
                person["install_at"] = person["beside"]["click_at"] + rng.uniform(-MATCH_WINDOW, MATCH_WINDOW)
            else:
                person["install_at"] = rng.uniform(0, SPAN + MATCH_WINDOW)

    def household_device(self, other):
        """Families share a language, a quarter of them the phone model, some the iOS version."""
        rng = self.rng
        device = None
        if other["os"] == "ios" and rng.random() < 0.25:
            device = (other["model"], other["w"], other["h"], other["scale"])
        version = other["version"] if other["os"] == "ios" and rng.random() < 0.3 else None
        return {"device": device, "version": version, "locale": (other["languages"], other["zone"])}

    def fresh_ip(self):
        self.next_net += 1
        return f"10.{self.next_net // 250}.{self.next_net % 250}.{self.rng.randint(2, 240)}"

    def neighbour(self, ip):
        parts = ip.split(".")
        parts[3] = str((int(parts[3]) + self.rng.randint(1, 9)) % 240 + 2)
        return ".".join(parts)

    def add(self, segment, click_ip, install_ip, os="ios", device=None, version=None, locale=None, script=True, beside=None):
        rng = self.rng
        person = {"segment": segment, "click_ip": click_ip, "install_ip": install_ip, "os": os, "script": script, "beside": beside,
                  "install_id": f"install-{len(self.people):06d}-{rng.randint(0, 1 << 30)}"}
        person["languages"], person["zone"] = locale or rng.choice(LOCALES)
        if os == "ios":
            person["model"], person["w"], person["h"], person["scale"] = device or weighted(rng, IOS_DEVICES)
            person["version"] = version or weighted(rng, IOS_VERSIONS)
            if person["version"].startswith("26"):
                # Safari 26 freezes the OS in the User-Agent; Version/ still tells Safari's.
                person["ua"] = ios_ua("18.6", safari=person["version"])
            else:
                person["ua"] = ios_ua(person["version"])
        else:
            person["model"] = rng.choice(ANDROID_MODELS)
            person["w"], person["h"], person["scale"] = 412, 915, 2.625
            person["version"] = str(rng.choice([12, 13, 14]))
            person["ua"] = android_ua(person["version"], person["model"])
        self.people.append(person)
        return person


class Clock:
    """The server's wall clock, through libfaketime: hours of clicks and installs in seconds."""

    def __init__(self, directory):
        self.path = os.path.join(directory, "faketime")
        self.set(0)

    def set(self, at):
        stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(EPOCH + int(at)))
        with open(self.path + ".new", "w") as file:
            file.write(stamp + "\n")
        os.replace(self.path + ".new", self.path)

    def environment(self):
        return {**os.environ, "LD_PRELOAD": FAKETIME, "FAKETIME_TIMESTAMP_FILE": self.path, "FAKETIME_NO_CACHE": "1",
                "DONT_FAKE_MONOTONIC": "1", "TZ": "UTC"}


class Server:
    def __init__(self, binary):
        self.dir = tempfile.mkdtemp(prefix="unilink-accuracy-")
        self.clock = Clock(self.dir)
        # Settings by environment: under LD_PRELOAD the Swift runtime does not see the arguments.
        settings = {"UNILINK_PORT": "0", "UNILINK_DATABASE_URL": f"sqlite://{self.dir}/bench.sqlite", "UNILINK_ADMIN_TOKEN": ADMIN,
                    "UNILINK_TRUSTED_PROXIES": "127.0.0.1,::1", "UNILINK_DEMO": "false", "UNILINK_LOG_LEVEL": "error"}
        self.process = subprocess.Popen([binary, "serve"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                        env={**self.clock.environment(), **settings})
        line = ""
        while "listening on" not in line:
            line = self.process.stdout.readline()
            if not line and self.process.poll() is not None:
                sys.exit("the server did not start")
        self.base = re.search(r"http://[0-9.]+:\d+", line).group(0)
        self.http = requests.Session()

    def call(self, method, path, host=None, ip=None, **kwargs):
        headers = kwargs.pop("headers", {})
        if host:
            headers["Host"] = host
        if ip:
            headers["X-Forwarded-For"] = ip
        return self.http.request(method, self.base + path, headers=headers, allow_redirects=False, **kwargs)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=20)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(os.path.dirname(__file__), "..", ".build", "debug", "unilink"))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--thresholds", default="0.8,0.9,0.97")
    args = parser.parse_args()
    if not os.path.exists(FAKETIME):
        sys.exit("needs libfaketime to play hours of clicks and installs: apt-get install faketime")
    passes = [(float(t), False) for t in args.thresholds.split(",")] + [(0.9, True)]
    for threshold, weak in passes:
        population = Population(random.Random(args.seed), args.scale)
        server = Server(args.binary)
        try:
            run(server, population, random.Random(args.seed + 1), threshold, weak)
        finally:
            server.stop()


def run(server, population, rng, threshold, weak):
    app = server.call("POST", "/v1/apps", headers={"Authorization": f"Bearer {ADMIN}"}, json={
        "name": "Bench", "ios": {"team_id": "ABCDE12345", "bundle_id": "com.example.bench", "app_store_id": "123456789"},
        "android": {"package": "com.example.bench"},
        "web": {"fallback_url": "https://www.example.com/"},
        "domains": [{"host": "link.bench.test", "role": "primary"}, {"host": "open.bench.test", "role": "alternate"},
                    {"host": "s.bench.test", "role": "short"}],
        "paths": ["/item/*"], "min_match_confidence": threshold}).json()
    secret, publishable = app["secret_key"], app["publishable_key"]
    links = server.call("POST", "/v1/links/batch", headers={"Authorization": f"Bearer {secret}"},
                        json=[{"path": f"/item/{i}", "deep_link_value": f"item{i}"} for i in range(40)]).json()["data"]

    started = time.time()
    clicks = []
    naive_matches = {}
    events = [(p["click_at"], 0, i, p) for i, p in enumerate(population.people) if p["click_ip"]]
    events += [(p["install_at"], 1, i, p) for i, p in enumerate(population.people) if p["install_ip"]]
    for at, kind, _, person in sorted(events, key=lambda e: e[:3]):
        server.clock.set(at)
        if kind == 0:
            click(server, person, rng.choice(links), rng, clicks, at)
        else:
            install(server, person, publishable, weak, clicks, naive_matches, at)
    installs = [p for p in population.people if p["install_ip"]]
    elapsed = time.time() - started
    report(installs, naive_matches, len(clicks), elapsed, threshold, weak)


def click(server, person, link, rng, clicks, at):
    headers = {"User-Agent": person["ua"], "Accept-Language": ",".join(person["languages"])}
    page = server.call("GET", f"/{link['code']}", host="s.bench.test", ip=person["click_ip"], headers=headers).text
    click_id = re.search(r'name="unilink:click-id" content="([A-Za-z0-9]{22})"', page).group(1)
    person["click_id"] = click_id
    if person["script"]:
        height = person["h"]
        if person["version"].startswith("26"):
            height -= rng.randint(110, 190)  # fixed window metrics, not the screen
        server.call("POST", f"/v1/clicks/{click_id}/signals", host="s.bench.test", json={
            "screen_width": person["w"], "screen_height": height, "screen_scale": person["scale"],
            "time_zone": person["zone"], "languages": person["languages"]})
    # Most who install tap "Get the app"; most who only look do not (some open the store themselves).
    taps = rng.random() < (0.9 if person["install_ip"] else 0.3)
    person["referrer"] = None
    if taps:
        tap = server.call("GET", f"/item/x?ul_code={link['code']}&ul_click={click_id}", host="open.bench.test",
                          ip=person["click_ip"], headers=headers)
        found = re.search(r"referrer%3D([A-Za-z0-9]{22})|referrer=([A-Za-z0-9]{22})", tap.headers.get("Location", ""))
        person["referrer"] = next(g for g in found.groups() if g) if found else None
    clicks.append({"click_id": click_id, "ip": person["click_ip"], "os": person["os"], "version": person["version"],
                   "at": at, "consumed": False})


def install(server, person, publishable, weak, clicks, naive_matches, at):
    body = {"install_id": person["install_id"], "app_version": "1.0",
            "device": {"os": person["os"], "os_version": person["version"], "model": person["model"],
                       "screen_width": person["w"], "screen_height": person["h"], "screen_scale": person["scale"],
                       "languages": person["languages"], "time_zone": person["zone"]}}
    if weak:
        body["allow_weak_match"] = True
    if person["os"] == "android" and person.get("referrer"):
        body["install_referrer"] = f"utm_source=unilink&ul_click={person['referrer']}"
    answer = server.call("POST", "/v1/sdk/deferred", ip=person["install_ip"], headers={"X-Unilink-Key": publishable}, json=body).json()
    deep_link = answer.get("deep_link") if answer["status"] == "found" else None
    person["answer"] = deep_link["click_id"] if deep_link else None
    person["match_type"] = deep_link["match_type"] if deep_link else None
    person["confidence"] = deep_link["confidence"] if deep_link else None
    naive = [c for c in clicks if not c["consumed"] and c["ip"] == person["install_ip"] and c["os"] == person["os"]
             and c["version"] == person["version"] and at - c["at"] <= MATCH_WINDOW]
    if naive:
        naive[-1]["consumed"] = True
        naive_matches[person["install_id"]] = naive[-1]["click_id"]


def report(people, naive_matches, click_count, elapsed, threshold, weak):
    unilink = lambda p: p["answer"]
    naive = lambda p: naive_matches.get(p["install_id"])
    organic = [p for p in people if p["segment"] in ORGANIC]
    shared = [p for p in organic if p["segment"] != "organic_unseen_ip"]
    mode = "weak matches requested" if weak else "confident matches only"
    print(f"\n== min_match_confidence {threshold} ({mode}): {len(people)} installs ({len(organic)} organic, "
          f"{len(shared)} of them beside a clicker), {click_count} clicks, {elapsed:.0f} s over HTTP")
    print(f"{'segment':22} {'n':>5}  {'unilink found/right/wrong':>25}  {'naive found/right/wrong':>24}")
    for segment in dict.fromkeys(p["segment"] for p in people):
        group = [p for p in people if p["segment"] == segment]
        row = []
        for answer in (unilink, naive):
            found = sum(1 for p in group if answer(p))
            right = sum(1 for p in group if answer(p) and answer(p) == p.get("click_id"))
            row.append(f"{found:>6}/{right:>5}/{found - right:>5}")
        print(f"{segment:22} {len(group):>5}  {row[0]:>25}  {row[1]:>24}")
    for name, answer in (("unilink", unilink), ("naive same IP + OS version", naive)):
        clicked = [p for p in people if p.get("click_id")]
        right = sum(1 for p in clicked if answer(p) == p["click_id"])
        wrong = sum(1 for p in people if answer(p) and answer(p) != p.get("click_id"))
        precision = right / (right + wrong) if right + wrong else 1.0
        ios = [p for p in clicked if p["os"] == "ios"]
        ios_recall = sum(1 for p in ios if answer(p) == p["click_id"]) / len(ios)
        organic_wrong = sum(1 for p in organic if answer(p))
        print(f"{name}: precision {precision:.3f}, recall {right / len(clicked):.3f} (iOS {ios_recall:.3f}), "
              f"false matches {wrong}, organic installs handed a link {organic_wrong}/{len(organic)}")
    if os.environ.get("DEFERRED_ACCURACY_DEBUG"):
        by_click = {p.get("click_id"): p for p in people if p.get("click_id")}
        for p in people:
            if p["answer"] and p["answer"] != p.get("click_id"):
                other = p["beside"] or {}
                print("  wrong", p["segment"], p["confidence"], "model", p["model"] == other.get("model"),
                      "version", p["version"] == other.get("version"), "after", int(p["install_at"] - other.get("click_at", 0)),
                      "store", other.get("referrer") is not None)
    print("unilink match types:", dict(Counter(p["match_type"] for p in people if p["answer"])))
    buckets = [(0.5, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 0.95), (0.95, 0.99), (0.99, 1.01)]
    rows = []
    for low, high in buckets:
        group = [p for p in people if p["answer"] and p["match_type"] != "deterministic" and low <= p["confidence"] < high]
        if group:
            right = sum(1 for p in group if p["answer"] == p.get("click_id"))
            rows.append(f"[{low:.2f},{min(high, 1):.2f}) {right}/{len(group)}={right / len(group):.2f}")
    print("calibration (probabilistic and weak answers: right/answered per confidence bucket):", "  ".join(rows))


if __name__ == "__main__":
    main()
