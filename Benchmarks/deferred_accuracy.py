#!/usr/bin/env python3
"""Deferred-matching accuracy on a simulated population, over HTTP, against the real server.

A seeded population clicks links (preview page, page signals unless the browser runs no
script, a tap to the alternate host) and later launches the app for the first time;
organic installs launch without any click. Every request goes to a real `unilink serve`
on loopback that trusts loopback as a proxy, so X-Forwarded-For plays each visitor's
address. The same events are scored by a naive matcher ("same IP and OS version, most
recent click") as the baseline.

Usage: Benchmarks/deferred_accuracy.py [--binary PATH] [--seed N] [--scale K]
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict

import requests

ADMIN = "bench-admin-token-0123456789"
IOS_DEVICES = [  # model, points w, h, scale
    ("iPhone14,7", 390, 844, 3), ("iPhone15,2", 393, 852, 3), ("iPhone15,3", 430, 932, 3),
    ("iPhone14,4", 375, 812, 3), ("iPhone12,8", 375, 667, 2), ("iPhone16,2", 430, 932, 3),
]
IOS_VERSIONS = ["17.5", "17.6", "18.0", "18.1", "18.2"]
ANDROID_MODELS = ["SM-S918B", "Pixel 8", "SM-A536B", "Pixel 7", "M2101K7BNY"]
LOCALES = [("de-DE", "Europe/Berlin"), ("en-GB", "Europe/London"), ("fr-FR", "Europe/Paris"),
           ("en-US", "America/New_York"), ("es-ES", "Europe/Madrid")]


def ios_ua(version):
    v = version.replace(".", "_")
    return (f"Mozilla/5.0 (iPhone; CPU iPhone OS {v} like Mac OS X) AppleWebKit/605.1.15 "
            f"(KHTML, like Gecko) Version/{version} Mobile/15E148 Safari/604.1")


def android_ua(version, model):
    return (f"Mozilla/5.0 (Linux; Android {version}; {model}) AppleWebKit/537.36 "
            f"(KHTML, like Gecko) Chrome/127.0.0.0 Mobile Safari/537.36")


class Population:
    """People with devices and networks; each has a `segment` naming what they test."""

    def __init__(self, rng, scale):
        self.rng = rng
        self.people = []
        self.next_net = 0
        n = lambda k: max(1, int(k * scale))
        for _ in range(n(300)):
            ip = self.fresh_ip()
            self.add("home", click_ip=ip, install_ip=ip)
        for _ in range(n(8)):  # carrier NAT: 25 strangers behind one address
            ip = self.fresh_ip()
            for _ in range(25):
                self.add("carrier_nat", click_ip=ip, install_ip=ip)
        for _ in range(n(6)):  # offices: 15 colleagues, the same company phone and locale
            ip = self.fresh_ip()
            device, version, locale = self.rng.choice(IOS_DEVICES), self.rng.choice(IOS_VERSIONS), self.rng.choice(LOCALES)
            for _ in range(15):
                self.add("office", click_ip=ip, install_ip=ip, device=device, version=version, locale=locale)
        for _ in range(n(80)):  # new address in the same /24 (router renewed its lease)
            ip = self.fresh_ip()
            self.add("ip_changed_same_net", click_ip=ip, install_ip=self.neighbour(ip))
        for _ in range(n(80)):  # mobile data at the click, home Wi-Fi at the install
            self.add("ip_changed_other_net", click_ip=self.fresh_ip(), install_ip=self.fresh_ip())
        for _ in range(n(80)):
            ip = self.fresh_ip()
            self.add("no_script", click_ip=ip, install_ip=ip, script=False)
        for _ in range(n(150)):
            self.add("android", click_ip=self.fresh_ip(), install_ip=self.fresh_ip(), os="android")
        for _ in range(n(200)):  # organic installs from addresses no click came from
            self.add("organic_unseen_ip", click_ip=None, install_ip=self.fresh_ip())
        shared = [p["click_ip"] for p in self.people if p["segment"] in ("carrier_nat", "office", "home")]
        for _ in range(n(100)):  # organic installs on an address where others clicked
            self.add("organic_shared_ip", click_ip=None, install_ip=self.rng.choice(shared))

    def fresh_ip(self):
        self.next_net += 1
        return f"10.{self.next_net // 250}.{self.next_net % 250}.{self.rng.randint(2, 250)}"

    def neighbour(self, ip):
        parts = ip.split(".")
        parts[3] = str((int(parts[3]) + self.rng.randint(1, 3)) % 250 + 2)
        return ".".join(parts)

    def add(self, segment, click_ip, install_ip, os="ios", device=None, version=None, locale=None, script=True):
        rng = self.rng
        person = {"segment": segment, "click_ip": click_ip, "install_ip": install_ip, "os": os, "script": script,
                  "install_id": f"install-{len(self.people):06d}-{rng.randint(0, 1 << 30)}"}
        person["locale"], person["zone"] = locale or rng.choice(LOCALES)
        if os == "ios":
            person["model"], person["w"], person["h"], person["scale"] = device or rng.choice(IOS_DEVICES)
            person["version"] = version or rng.choice(IOS_VERSIONS)
            person["ua"] = ios_ua(person["version"])
        else:
            person["model"] = rng.choice(ANDROID_MODELS)
            person["w"], person["h"], person["scale"] = 412, 915, 2.625
            person["version"] = str(rng.choice([12, 13, 14]))
            person["ua"] = android_ua(person["version"], person["model"])
        self.people.append(person)


class Server:
    def __init__(self, binary):
        self.dir = tempfile.mkdtemp(prefix="unilink-accuracy-")
        self.process = subprocess.Popen(
            [binary, "serve", "--port", "0", "--database-url", f"sqlite://{self.dir}/bench.sqlite", "--admin-token", ADMIN,
             "--trusted-proxies", "127.0.0.1,::1", "--no-demo", "--log-level", "error"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
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
    args = parser.parse_args()
    rng = random.Random(args.seed)
    population = Population(rng, args.scale)
    server = Server(args.binary)
    try:
        run(server, population, rng)
    finally:
        server.stop()


def run(server, population, rng):
    app = server.call("POST", "/v1/apps", headers={"Authorization": f"Bearer {ADMIN}"}, json={
        "name": "Bench", "ios": {"team_id": "ABCDE12345", "bundle_id": "com.example.bench", "app_store_id": "123456789"},
        "android": {"package": "com.example.bench"},
        "web": {"fallback_url": "https://www.example.com/"},
        "domains": [{"host": "link.bench.test", "role": "primary"}, {"host": "open.bench.test", "role": "alternate"},
                    {"host": "s.bench.test", "role": "short"}],
        "paths": ["/item/*"]}).json()
    secret, publishable = app["secret_key"], app["publishable_key"]
    links = server.call("POST", "/v1/links/batch", headers={"Authorization": f"Bearer {secret}"},
                        json=[{"path": f"/item/{i}", "deep_link_value": f"item{i}"} for i in range(40)]).json()["data"]

    started = time.time()
    clicks = []  # (person, click id, ip, os, version, time)
    for person in [p for p in population.people if p["click_ip"]]:
        link = rng.choice(links)
        headers = {"User-Agent": person["ua"], "Accept-Language": person["locale"]}
        page = server.call("GET", f"/{link['code']}", host="s.bench.test", ip=person["click_ip"], headers=headers).text
        click_id = re.search(r'name="unilink:click-id" content="([A-Za-z0-9]{22})"', page).group(1)
        person["click_id"] = click_id
        if person["script"]:
            server.call("POST", f"/v1/clicks/{click_id}/signals", host="s.bench.test", json={
                "screen_width": person["w"], "screen_height": person["h"], "screen_scale": person["scale"],
                "time_zone": person["zone"], "languages": [person["locale"]]})
        tap = server.call("GET", f"/item/x?ul_code={link['code']}&ul_click={click_id}", host="open.bench.test",
                          ip=person["click_ip"], headers=headers)
        location = tap.headers.get("Location", "")
        found = re.search(r"referrer%3D([A-Za-z0-9]{22})|referrer=([A-Za-z0-9]{22})", location)
        person["referrer"] = next(g for g in found.groups() if g) if found else None
        clicks.append({"person": person, "click_id": click_id, "ip": person["click_ip"], "os": person["os"],
                       "version": person["version"], "consumed": False})

    installs = list(population.people)
    rng.shuffle(installs)
    naive_matches = {}
    for person in installs:
        body = {"install_id": person["install_id"], "app_version": "1.0",
                "device": {"os": person["os"], "os_version": person["version"], "model": person["model"],
                           "screen_width": round(person["w"] * person["scale"]), "screen_height": round(person["h"] * person["scale"]),
                           "screen_scale": person["scale"], "languages": [person["locale"]], "time_zone": person["zone"]}}
        if person["os"] == "android" and person.get("referrer"):
            body["install_referrer"] = f"utm_source=unilink&ul_click={person['referrer']}"
        answer = server.call("POST", "/v1/sdk/deferred", ip=person["install_ip"], headers={"X-Unilink-Key": publishable}, json=body).json()
        person["answer"] = answer["deep_link"]["click_id"] if answer["status"] == "found" else None
        person["match_type"] = answer["deep_link"]["match_type"] if answer["status"] == "found" else None
        naive = [c for c in clicks if not c["consumed"] and c["ip"] == person["install_ip"] and c["os"] == person["os"]
                 and c["version"] == person["version"]]
        if naive:
            naive[-1]["consumed"] = True
            naive_matches[person["install_id"]] = naive[-1]["click_id"]
    elapsed = time.time() - started
    report(population.people, naive_matches, len(clicks), elapsed)


def score(people, answer_of):
    clicked = [p for p in people if p.get("click_id")]
    correct = sum(1 for p in clicked if answer_of(p) == p["click_id"])
    wrong = sum(1 for p in people if answer_of(p) and answer_of(p) != p.get("click_id"))
    found = correct + wrong
    return {"precision": correct / found if found else 1.0, "recall": correct / len(clicked) if clicked else 0.0,
            "correct": correct, "wrong": wrong, "clicked": len(clicked)}


def report(people, naive_matches, click_count, elapsed):
    unilink = lambda p: p["answer"]
    naive = lambda p: naive_matches.get(p["install_id"])
    print(f"population: {len(people)} installs, {click_count} clicks, {elapsed:.1f} s over HTTP")
    print(f"{'segment':24} {'n':>5}  {'unilink found/right/wrong':>26}  {'naive found/right/wrong':>24}")
    for segment in dict.fromkeys(p["segment"] for p in people):
        group = [p for p in people if p["segment"] == segment]
        row = []
        for answer in (unilink, naive):
            found = sum(1 for p in group if answer(p))
            right = sum(1 for p in group if answer(p) and answer(p) == p.get("click_id"))
            row.append(f"{found:>6}/{right:>5}/{found - right:>5}")
        print(f"{segment:24} {len(group):>5}  {row[0]:>26}  {row[1]:>24}")
    for name, answer in (("unilink", unilink), ("naive same IP + OS version", naive)):
        s = score(people, answer)
        organic_unseen = sum(1 for p in people if p["segment"] == "organic_unseen_ip" and answer(p))
        organic_shared = sum(1 for p in people if p["segment"] == "organic_shared_ip" and answer(p))
        ios = [p for p in people if p.get("click_id") and p["os"] == "ios"]
        ios_recall = sum(1 for p in ios if answer(p) == p["click_id"]) / len(ios)
        android = [p for p in people if p["segment"] == "android"]
        android_right = sum(1 for p in android if answer(p) == p["click_id"])
        print(f"{name}: precision {s['precision']:.3f}, recall {s['recall']:.3f} (iOS {ios_recall:.3f}), "
              f"false matches {s['wrong']}, organic matched: unseen IP {organic_unseen}, shared IP {organic_shared}, "
              f"Android {android_right}/{len(android)}")
    kinds = Counter(p["match_type"] for p in people if p["answer"])
    print("unilink match types:", dict(kinds))


if __name__ == "__main__":
    main()
