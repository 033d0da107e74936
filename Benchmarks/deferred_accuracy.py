#!/usr/bin/env python3
"""Deferred-matching accuracy on a hard simulated population, over HTTP, against the real server.

Most installs are organic, and many organic installs share a network with someone who
clicked and never installed. The population is a set of network segments, each with the
clickers it holds and the organic installs that share it:

- IPv4 homes and families (a housemate installs on their own, sometimes right after hearing
  of the app from the clicker), renewed leases, mobile data then Wi-Fi, browsers without
  script, Safari 26 (masked screen, User-Agent frozen at 18.6), Android with the Play referrer;
- offices (colleagues with the same company phone) and cafés (one address, strangers all day);
- carrier-grade NAT: a few /24s, each a pool of a handful of addresses, each address shared by
  dozens of strangers an hour;
- IPv6 households (a delegated /56; phones on its /64 with privacy addresses that change
  between Safari and the app) and mobile IPv6 (each phone its own /64 in the carrier's /48);
- iCloud Private Relay: the click comes from a relay egress address of the user's region,
  the install (the app is not relayed) from the real address; organic installs from the
  same countries compete;
- organic installs in a clicker's /24, and from networks nobody clicked from.

Every clicker first decides whether to tap "Get the app"; whether and when they install
follows from it (soon after a tap, 10 to 50 minutes later from App Store search without one).
Organic installs come at any time over the hours, and those of a clicker's housemate or
neighbour sometimes within the hour after the click.

Every request goes to a real `unilink serve` on loopback that trusts loopback as a proxy, so
X-Forwarded-For plays each visitor's address, and whose wall clock is driven through
libfaketime (`apt-get install faketime`), so six hours of clicks play in a minute. The server
reads the relay ranges the population uses from a file in Apple's format
(UNILINK_PRIVATE_RELAY_RANGES). Each pass starts a fresh server whose app has one
`min_match_confidence`; the same events are scored by a naive matcher ("same IP and OS
version, most recent click in the window") as the baseline.

With --evidence FILE, the first pass also writes, for every first launch the model weighed,
each candidate's evidence terms (UNILINK_DEFERRED_EVIDENCE_LOG) with the click the install
really came from, for Benchmarks/deferred_fit.py.

Usage: Benchmarks/deferred_accuracy.py [--binary PATH] [--seed N] [--scale K]
       [--thresholds 0.8,0.9,0.97] [--segments carrier_nat,private_relay] [--evidence FILE]
"""

import argparse
import ipaddress
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zlib
from collections import Counter, defaultdict

import requests

ADMIN = "bench-admin-token-0123456789"
SPAN = 6 * 3600  # simulated seconds over which the clicks happen
MATCH_WINDOW = 3600  # the server's default match window
EPOCH = 1_772_438_400  # 2026-03-02 08:00 UTC, simulated time zero
FAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1"
TARGET_PRECISION = 0.99  # in every segment (issue 38), with recall >= 0.9 and <= 0.5% organic installs given a link

# The journey. Tapping "Get the app" is decided first; installing follows from it.
TAP_SHARE = 0.4  # clickers who tap "Get the app" on the preview
INSTALL_AFTER_TAP = 0.75  # tappers who install
INSTALL_WITHOUT_TAP = 0.07  # the others who install anyway, later, from App Store search
PROMPT_SHARE = 0.85  # tappers who open the app minutes after the tap; the rest later (on Wi-Fi, at home)
# Organic installs by a clicker's housemate or neighbour that follow the click within the hour
# (they heard of the app); the others come at any time, unrelated to any click.
NEAR_CLICK_SHARE = 0.3
ANDROID_SHARE = 0.25  # of strangers (NAT, cafés, mobile IPv6, organic installs)

IOS_DEVICES = [  # model, points w, h, scale, share
    ("iPhone14,7", 390, 844, 3, 14), ("iPhone15,2", 393, 852, 3, 14), ("iPhone15,3", 430, 932, 3, 8),
    ("iPhone14,4", 375, 812, 3, 5), ("iPhone12,8", 375, 667, 2, 6), ("iPhone16,2", 430, 932, 3, 9),
    ("iPhone17,3", 402, 874, 3, 10), ("iPhone17,2", 440, 956, 3, 6), ("iPhone13,2", 390, 844, 3, 10),
    ("iPhone11,8", 414, 896, 2, 6), ("iPhone10,5", 414, 736, 3, 4), ("iPhone14,6", 375, 667, 2, 4),
]
IOS_VERSIONS = [("17.5", 10), ("17.6", 10), ("18.1", 15), ("18.3", 15), ("18.5", 20), ("18.6", 30)]
IOS26_VERSIONS = ["26.0", "26.1"]
ANDROID_MODELS = ["SM-S918B", "Pixel 8", "SM-A536B", "Pixel 7", "M2101K7BNY", "SM-A155F"]
# Where people live: the time zone, the system language lists found there (share), and the
# area's share of the population. Everyone on one network lives in one area, except a café's
# tourists; a relayed user's area is their relay region's.
AREAS = {
    "berlin": ("Europe/Berlin", [(["de-DE"], 6), (["de-DE", "en-US"], 3), (["en-GB"], 1)], 3),
    "london": ("Europe/London", [(["en-GB"], 8), (["en-GB", "pl-PL"], 1), (["en-US"], 1)], 2),
    "paris": ("Europe/Paris", [(["fr-FR"], 7), (["fr-FR", "en-GB"], 3)], 2),
    "madrid": ("Europe/Madrid", [(["es-ES"], 8), (["es-ES", "en-GB"], 2)], 1),
    "new_york": ("America/New_York", [(["en-US"], 8), (["en-US", "es-US"], 2)], 2),
    "los_angeles": ("America/Los_Angeles", [(["en-US"], 6), (["en-US", "es-US"], 2), (["es-US", "en-US"], 2)], 2),
}
# Apple's relay region for each area, as egress-ip-ranges.csv names it: country, region, city.
RELAY_REGIONS = {
    "berlin": ("DE", "DE-BE", "Berlin"), "london": ("GB", "GB-ENG", "London"), "paris": ("FR", "FR-IDF", "Paris"),
    "madrid": ("ES", "ES-MD", "Madrid"), "new_york": ("US", "US-NY", "New York"),
    "los_angeles": ("US", "US-CA", "Los Angeles"),
}
# The report's rows, in order: a network situation each, its clickers and the organic installs
# that share its network.
SEGMENTS = {
    "home": "a household's IPv4 Wi-Fi; a housemate sometimes installs on their own",
    "family": "a family's Wi-Fi: alike phones and languages; the others install on their own",
    "ip_changed_same_net": "the router renewed its lease: the install from another address in the /24",
    "ip_changed_other_net": "clicked on mobile data, installed on the home Wi-Fi",
    "no_script": "a browser that runs no script: no page signals",
    "safari26": "Safari 26: masked screen, User-Agent frozen at iOS 18.6",
    "android": "Android, click and install on different networks: the Play referrer",
    "office": "an office's address: colleagues with the same phone, iOS and languages",
    "cafe_wifi": "a café's address: strangers all day, a few tourists",
    "carrier_nat": "carrier-grade NAT: 4-6 addresses in a /24, 40-60 strangers an hour each",
    "ipv6_household": "a delegated /56: phones on its /64, privacy addresses change at the install",
    "ipv6_mobile": "mobile IPv6: each phone its own /64 in the carrier's /48",
    "private_relay": "relayed click, install from the real address; organics from the same countries",
    "organic_neighbour": "organic installs from a clicker's /24, not from their address",
    "organic_unseen_ip": "organic installs from networks nobody clicked from",
}
# Rows across segments: clicked installs by what the clicker did on the preview.
JOURNEYS = {"store_tap": True, "no_store_tap": False}


def weighted(rng, items):
    return rng.choices([i[:-1] if len(i) > 2 else i[0] for i in items], weights=[i[-1] for i in items])[0]


def ios_ua(version, safari=None):
    v = version.replace(".", "_")
    return (f"Mozilla/5.0 (iPhone; CPU iPhone OS {v} like Mac OS X) AppleWebKit/605.1.15 "
            f"(KHTML, like Gecko) Version/{safari or version} Mobile/15E148 Safari/604.1")


def android_ua(version, model):
    return (f"Mozilla/5.0 (Linux; Android {version}; {model}) AppleWebKit/537.36 "
            f"(KHTML, like Gecko) Chrome/127.0.0.0 Mobile Safari/537.36")


def ipv6(network, subnet, rng):
    """An address in the /64 numbered `subnet` of `network` (an IPv6Network), with a random
    interface id (a privacy address), written plain as a proxy's X-Forwarded-For has it."""
    return ipaddress.IPv6Address(int(network.network_address) + (subnet << 64) + rng.getrandbits(64)).compressed


class PrivateRelay:
    """iCloud Private Relay's egress ranges for the areas, as Apple publishes them
    (egress-ip-ranges.csv: `PREFIX,COUNTRY,REGION,CITY,`): a few IPv4 /27s and IPv6 /64s per
    region, from the operators Apple's list names. A relayed request comes from any address of
    its region's ranges, shared with every other relay user there, so the address says
    nothing about the person, only about the region."""

    def __init__(self, rng):
        self.ranges = {}
        for index, area in enumerate(RELAY_REGIONS):
            v4 = [ipaddress.ip_network(f"172.224.{224 + index}.{32 * j}/27") for j in sorted(rng.sample(range(8), 2))]
            v4.append(ipaddress.ip_network(f"146.75.{128 + index}.{32 * rng.randrange(8)}/27"))
            v6 = [ipaddress.ip_network(f"2a02:26f7:{0xb3c0 + index:x}:{rng.randrange(0x4000, 0x8000):x}::/64"),
                  ipaddress.ip_network(f"2a04:4e41:{0x0040 + index:x}:{rng.randrange(0x1000, 0x2000):x}::/64")]
            self.ranges[area] = (v4, v6)

    def csv(self):
        lines = []
        for area, (v4, v6) in self.ranges.items():
            country, region, city = RELAY_REGIONS[area]
            lines += [f"{network},{country},{region},{city}," for network in v4 + v6]
        return "\n".join(lines) + "\n"

    def count(self):
        return sum(len(v4) for v4, _ in self.ranges.values()), sum(len(v6) for _, v6 in self.ranges.values())

    def address(self, rng, area):
        """A relayed request's address: IPv6 when the user's own network has it (about half)."""
        v4, v6 = self.ranges[area]
        if rng.random() < 0.5:
            return ipv6(rng.choice(v6), 0, rng)
        network = rng.choice(v4)
        return str(network.network_address + rng.randrange(1, network.num_addresses - 1))


class Population:
    """People with devices and networks; `segment` says which network situation each one tests.
    A clicker has `click_ip` (and `install_ip` if they install); an organic install only
    `install_ip`."""

    def __init__(self, rng, scale, segments):
        self.rng = rng
        self.scale = scale
        self.people = []
        self.networks = Counter()  # segment -> networks (homes, NAT pools, cafés, regions...) built
        self.next_net = 0
        self.taken = set()  # IPv6 prefixes handed out: a household's /56, a phone's /64
        self.relay = PrivateRelay(rng)
        # An ISP per area delegates households a /56 out of a regional /44 (16 /48s), so a few
        # households share a /48 as neighbours share an IPv4 /24. Documentation space throughout.
        self.isps = {area: ipaddress.ip_network(f"2001:db8:{0x10 + index:x}00::/40") for index, area in enumerate(AREAS)}
        for name in SEGMENTS:
            if name in segments:
                getattr(self, name)()

    def n(self, k):
        return max(1, round(k * self.scale))

    # IPv4 homes: one address each (its own /24: clickers of one app rarely share an ISP's /24).

    def home(self):
        for _ in range(self.n(400)):
            ip = self.fresh_ip()
            self.networks["home"] += 1
            clicker = self.clicker("home", ip, ip)
            self.housemates("home", clicker, ip, members=1, installs=0.1)

    def family(self):
        for _ in range(self.n(150)):
            ip = self.fresh_ip()
            self.networks["family"] += 1
            clicker = self.clicker("family", ip, ip)
            self.housemates("family", clicker, ip, members=self.rng.randint(1, 3), installs=0.5)

    def ip_changed_same_net(self):
        for _ in range(self.n(120)):
            ip = self.fresh_ip()
            new = self.neighbour(ip)
            self.networks["ip_changed_same_net"] += 1
            clicker = self.clicker("ip_changed_same_net", ip, new)
            self.housemates("ip_changed_same_net", clicker, new, members=1, installs=0.1)

    def ip_changed_other_net(self):
        for _ in range(self.n(100)):
            home = self.fresh_ip()
            self.networks["ip_changed_other_net"] += 1
            clicker = self.clicker("ip_changed_other_net", self.fresh_ip(), home)
            self.housemates("ip_changed_other_net", clicker, home, members=1, installs=0.1)

    def no_script(self):
        for _ in range(self.n(120)):
            ip = self.fresh_ip()
            self.networks["no_script"] += 1
            clicker = self.clicker("no_script", ip, ip, script=False)
            self.housemates("no_script", clicker, ip, members=1, installs=0.1)

    def safari26(self):
        for _ in range(self.n(120)):
            ip = self.fresh_ip()
            self.networks["safari26"] += 1
            clicker = self.clicker("safari26", ip, ip, version=self.rng.choice(IOS26_VERSIONS))
            self.housemates("safari26", clicker, ip, members=1, installs=0.1)

    def android(self):
        for _ in range(self.n(200)):
            home = self.fresh_ip()
            self.networks["android"] += 1
            clicker = self.clicker("android", self.fresh_ip(), home, os="android")
            self.housemates("android", clicker, home, members=1, installs=0.1)

    # Shared IPv4 addresses: one address, many people who are not a household.

    def office(self):
        """Colleagues with the same company phone, iOS version and languages; some install on
        their own, at any time (the app is on the company's list)."""
        rng = self.rng
        for _ in range(self.n(6)):
            ip, area = self.fresh_ip(), self.area()
            self.networks["office"] += 1
            same = {"device": weighted(rng, IOS_DEVICES), "version": weighted(rng, IOS_VERSIONS), "locale": self.locale(area)}
            for _ in range(rng.randint(15, 30)):
                self.clicker("office", ip, ip, area=area, **same)
            for _ in range(rng.randint(2, 4)):
                self.organic("office", ip, area=area, **same)

    def cafe_wifi(self):
        """A café's one address: 6 to 14 strangers an hour click (a tenth tourists), random
        devices; one or two an hour install the app on their own."""
        rng = self.rng
        for _ in range(self.n(10)):
            ip, area = self.fresh_ip(), self.area()
            self.networks["cafe_wifi"] += 1
            visitor = lambda: {"os": self.stranger_os(), "area": area if rng.random() < 0.9 else self.area()}
            for _ in range(round(rng.uniform(6, 14) * SPAN / 3600)):
                self.clicker("cafe_wifi", ip, ip, **visitor())
            for _ in range(round(rng.uniform(1, 2) * (SPAN + MATCH_WINDOW) / 3600)):
                self.organic("cafe_wifi", ip, **visitor())

    def carrier_nat(self):
        """A carrier's NAT pool: 4 to 6 public addresses in one /24, each shared by 40 to 60
        clickers an hour (over a thousand per /24 over the hours), people of the carrier's
        country with any phone. A subscriber keeps their address for a while: the install
        comes from the click's address, or (a fifth) from another of the pool. Strangers
        install organically from the same addresses, 5 to 10 an hour each."""
        rng = self.rng
        for _ in range(self.n(3)):
            net, area = self.fresh_net(), self.area()
            self.networks["carrier_nat"] += 1
            pool = [f"{net}.{host}" for host in sorted(rng.sample(range(2, 250), rng.randint(4, 6)))]
            stranger = lambda: {"os": self.stranger_os(), "area": area if rng.random() < 0.9 else self.area()}
            for address in pool:
                for _ in range(round(rng.uniform(40, 60) * SPAN / 3600)):
                    install_ip = address if rng.random() < 0.8 else rng.choice(pool)
                    self.clicker("carrier_nat", address, install_ip, **stranger())
                for _ in range(round(rng.uniform(5, 10) * (SPAN + MATCH_WINDOW) / 3600)):
                    self.organic("carrier_nat", address, **stranger())

    # IPv6: the address has a network part and an interface id; privacy (temporary) addresses
    # give each phone new interface ids over time, so Safari's address and the app's differ.

    def ipv6_household(self):
        """A household's /56: its Wi-Fi is one /64 (phones there pick random interface ids), a
        guest or mesh network another. The clicker installs from the same address (a quarter),
        the same /64 with a new privacy address (most), or the other /64 (a tenth). Others of
        the household install on their own from either /64."""
        rng = self.rng
        for _ in range(self.n(250)):
            area = self.area()
            prefix = self.household_prefix(area)
            self.networks["ipv6_household"] += 1
            lan = 0 if rng.random() < 0.6 else rng.randrange(1, 256)
            guest = (lan + rng.randint(1, 15)) % 256
            click_ip = ipv6(prefix, lan, rng)
            draw = rng.random()
            install_ip = click_ip if draw < 0.25 else ipv6(prefix, lan if draw < 0.9 else guest, rng)
            clicker = self.clicker("ipv6_household", click_ip, install_ip, area=area)
            self.housemates("ipv6_household", clicker, lambda: ipv6(prefix, lan if rng.random() < 0.7 else guest, rng),
                            members=rng.randint(0, 3), installs=0.5)

    def ipv6_mobile(self):
        """Three carriers, each handing its phones a /64 out of a /48 (one gateway's pool): two
        phones differ at the /64 and usually at the /56. The install comes from the click's /64
        (a new privacy address more often than not), or from a new /64 when the phone has
        re-attached (a tenth). Other phones of the carrier install organically."""
        rng = self.rng
        for index in range(3):
            area = self.area()
            carrier = ipaddress.ip_network(f"2001:db8:{0xa0 + index:x}00::/48")
            self.networks["ipv6_mobile"] += 1
            for _ in range(self.n(130)):
                phone = self.phone_subnet(carrier)
                click_ip = ipv6(carrier, phone, rng)
                draw = rng.random()
                install_ip = (click_ip if draw < 0.35 else ipv6(carrier, phone if draw < 0.9 else self.phone_subnet(carrier), rng))
                self.clicker("ipv6_mobile", click_ip, install_ip, os=self.stranger_os(), area=area)
            for _ in range(self.n(50)):
                self.organic("ipv6_mobile", ipv6(carrier, self.phone_subnet(carrier), rng), os=self.stranger_os(), area=area)

    def private_relay(self):
        """iCloud+ Safari users in each relay region, 15 to 25 clicks an hour: the preview, its
        signals and the store tap come from the region's relay addresses, the app's first
        launch (never relayed) from the home network, IPv4 or IPv6. People of the same area,
        not relayed, install on their own at 10 to 20 an hour."""
        rng = self.rng
        for area in RELAY_REGIONS:
            self.networks["private_relay"] += 1
            for _ in range(round(rng.uniform(15, 25) * self.scale * SPAN / 3600)):
                self.clicker("private_relay", self.relay.address(rng, area), self.home_address(area), area=area)
            for _ in range(round(rng.uniform(10, 20) * self.scale * (SPAN + MATCH_WINDOW) / 3600)):
                self.organic("private_relay", self.home_address(area), os=self.stranger_os(), area=area)

    # Organic installs beside clickers' networks, and from nobody's.

    def organic_neighbour(self):
        """A neighbour in the same /24 (the same building, the same street's ISP block), in the
        clicker's city; some heard of the app from them."""
        rng = self.rng
        homes = [p for p in self.people if p["click_ip"] and p["segment"] in ("home", "family", "no_script", "safari26")]
        for clicker in rng.sample(homes, min(len(homes), self.n(200))):
            self.organic("organic_neighbour", self.neighbour(clicker["click_ip"]), near=clicker, area=clicker["area"])

    def organic_unseen_ip(self):
        for _ in range(self.n(300)):
            area = self.area()
            self.organic("organic_unseen_ip", self.home_address(area), os=self.stranger_os(), area=area)

    # People.

    def clicker(self, segment, click_ip, install_ip, **device):
        """Someone who clicks. They tap "Get the app" or not, and that decides whether they
        install: tappers mostly do, minutes later (some only when home, later in the hour);
        the others rarely, 10 to 50 minutes later, from App Store search."""
        rng = self.rng
        person = self.add(segment, **device)
        person["click_ip"], person["click_at"] = click_ip, rng.uniform(0, SPAN)
        person["tap"] = rng.random() < TAP_SHARE
        if rng.random() < (INSTALL_AFTER_TAP if person["tap"] else INSTALL_WITHOUT_TAP):
            if not person["tap"]:
                delay = rng.uniform(600, 3000)
            elif rng.random() < PROMPT_SHARE:
                delay = 30 + rng.expovariate(1 / 240)
            else:
                delay = rng.uniform(600, MATCH_WINDOW + 300)
            person["install_ip"], person["install_at"] = install_ip, person["click_at"] + delay
        return person

    def organic(self, segment, install_ip, near=None, **device):
        """An install no click led to. At any time over the hours; for a clicker's housemate or
        neighbour (`near`), within the hour after their click NEAR_CLICK_SHARE of the time."""
        rng = self.rng
        person = self.add(segment, **device)
        person["install_ip"] = install_ip
        if near and rng.random() < NEAR_CLICK_SHARE:
            person["install_at"] = near["click_at"] + rng.uniform(60, MATCH_WINDOW)
        else:
            person["install_at"] = rng.uniform(0, SPAN + MATCH_WINDOW)
        return person

    def housemates(self, segment, clicker, address, members, installs):
        """Others of the clicker's household, each installing on their own with probability
        `installs`, from `address` (or what it returns: a household's /64s)."""
        for _ in range(members):
            if self.rng.random() < installs:
                self.organic(segment, address() if callable(address) else address, near=clicker, **self.household_device(clicker))

    def household_device(self, other):
        """Families share a language, a quarter of them the phone model, some the iOS version."""
        rng = self.rng
        device = None
        if other["os"] == "ios" and rng.random() < 0.25:
            device = (other["model"], other["w"], other["h"], other["scale"])
        version = other["version"] if other["os"] == "ios" and rng.random() < 0.3 else None
        return {"device": device, "version": version, "locale": (other["languages"], other["zone"]), "area": other["area"]}

    def add(self, segment, os="ios", area=None, device=None, version=None, locale=None, script=True):
        rng = self.rng
        person = {"segment": segment, "click_ip": None, "install_ip": None, "tap": None, "os": os, "script": script,
                  "install_id": f"install-{len(self.people):06d}-{rng.randint(0, 1 << 30)}"}
        person["area"] = area or self.area()
        person["languages"], person["zone"] = locale or self.locale(person["area"])
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

    def area(self):
        return self.rng.choices(list(AREAS), weights=[share for _, _, share in AREAS.values()])[0]

    def locale(self, area):
        zone, languages, _ = AREAS[area]
        return weighted(self.rng, languages), zone

    def stranger_os(self):
        return "android" if self.rng.random() < ANDROID_SHARE else "ios"

    # Addresses. IPv4 is 10.0.0.0/8, each new network its own /24; IPv6 is 2001:db8::/32.

    def fresh_net(self):
        self.next_net += 1
        return f"10.{self.next_net // 250}.{self.next_net % 250}"

    def fresh_ip(self):
        return f"{self.fresh_net()}.{self.rng.randint(2, 240)}"

    def neighbour(self, ip):
        parts = ip.split(".")
        parts[3] = str((int(parts[3]) + self.rng.randint(1, 9)) % 240 + 2)
        return ".".join(parts)

    def household_prefix(self, area):
        """A /56 of the area's ISP out of its regional /44, one no other household has."""
        isp = self.isps[area]
        while True:
            start = int(isp.network_address) + (self.rng.randrange(16) << 80) + (self.rng.randrange(256) << 72)
            if start not in self.taken:
                self.taken.add(start)
                return ipaddress.ip_network((start, 56))

    def phone_subnet(self, carrier):
        """A mobile phone's /64 in the carrier's /48 (its index there), one no other phone has."""
        while True:
            subnet = self.rng.randrange(1 << 16)
            if (carrier, subnet) not in self.taken:
                self.taken.add((carrier, subnet))
                return subnet

    def home_address(self, area):
        """Someone's own home network: IPv4 (six in ten) or the household's IPv6 /64."""
        if self.rng.random() < 0.6:
            return self.fresh_ip()
        return ipv6(self.household_prefix(area), 0 if self.rng.random() < 0.6 else self.rng.randrange(256), self.rng)


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
    def __init__(self, binary, relay_ranges, evidence=False):
        self.dir = tempfile.mkdtemp(prefix="unilink-accuracy-")
        self.evidence = os.path.join(self.dir, "evidence.jsonl") if evidence else None
        self.clock = Clock(self.dir)
        ranges = os.path.join(self.dir, "egress-ip-ranges.csv")
        with open(ranges, "w") as file:
            file.write(relay_ranges)
        # Settings by environment: under LD_PRELOAD the Swift runtime does not see the arguments.
        # Rate limits off: hours of a NAT pool's or a relay region's traffic play in seconds from
        # one address, which the per-address limits (counted in real time) would refuse.
        # Binaries without Private Relay support ignore UNILINK_PRIVATE_RELAY_RANGES.
        settings = {"UNILINK_PORT": "0", "UNILINK_DATABASE_URL": f"sqlite://{self.dir}/bench.sqlite", "UNILINK_ADMIN_TOKEN": ADMIN,
                    "UNILINK_TRUSTED_PROXIES": "127.0.0.1,::1", "UNILINK_DEMO": "false", "UNILINK_LOG_LEVEL": "error",
                    "UNILINK_RATE_LIMITS": "off", "UNILINK_PRIVATE_RELAY_RANGES": ranges}
        if self.evidence:
            settings["UNILINK_DEFERRED_EVIDENCE_LOG"] = self.evidence
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
        response = self.http.request(method, self.base + path, headers=headers, allow_redirects=False, **kwargs)
        if response.status_code >= 400:
            sys.exit(f"{method} {path} answered {response.status_code}: {response.text[:200]}")
        return response

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=20)
        if os.environ.get("DEFERRED_ACCURACY_DEBUG"):
            print("  kept the server's folder:", self.dir)
        else:
            shutil.rmtree(self.dir, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(os.path.dirname(__file__), "..", ".build", "debug", "unilink"))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--thresholds", default="0.8,0.9,0.97")
    parser.add_argument("--no-weak", action="store_true", help="leave out the pass that asks for weak matches")
    parser.add_argument("--segments", default=",".join(SEGMENTS), help="comma-separated segments to build (default: all)")
    parser.add_argument("--evidence", help="write the first pass's evidence per candidate, with the truth, to this file")
    args = parser.parse_args()
    if not os.path.exists(FAKETIME):
        sys.exit("needs libfaketime to play hours of clicks and installs: apt-get install faketime")
    segments = [s for s in args.segments.split(",") if s]
    unknown = [s for s in segments if s not in SEGMENTS]
    if unknown:
        sys.exit(f"unknown segments {', '.join(unknown)}; there are {', '.join(SEGMENTS)}")
    passes = [(float(t), False) for t in args.thresholds.split(",")] + ([] if args.no_weak else [(0.9, True)])
    for index, (threshold, weak) in enumerate(passes):
        population = Population(random.Random(args.seed), args.scale, segments)
        if index == 0:
            describe(population, args)
        server = Server(args.binary, population.relay.csv(), evidence=bool(args.evidence) and index == 0)
        try:
            run(server, population, random.Random(args.seed + 1), threshold, weak)
            if server.evidence:
                write_evidence(server.evidence, population, args.evidence)
        finally:
            server.stop()


def write_evidence(log, population, path):
    """The server's evidence lines, each with the click its install really came from (None for
    an organic install) and its segment."""
    by_install = {p["install_id"]: p for p in population.people if p["install_ip"]}
    count = 0
    with open(log) as lines, open(path, "w") as out:
        for line in lines:
            entry = json.loads(line)
            person = by_install[entry["install_id"]]
            entry["truth"] = person.get("click_id") if person["click_ip"] else None
            entry["segment"] = person["segment"]
            entry["tap"] = person["tap"] if person["click_ip"] else None
            out.write(json.dumps(entry) + "\n")
            count += 1
    print(f"  evidence for {count} first launches written to {path}")


def describe(population, args):
    people = population.people
    v4, v6 = population.relay.count()
    print(f"population (seed {args.seed}, scale {args.scale}): clicks over {SPAN // 3600} simulated hours, "
          f"match window {MATCH_WINDOW // 60} min; Private Relay: {v4 + v6} egress ranges ({v4} IPv4, {v6} IPv6) "
          f"in {len(RELAY_REGIONS)} regions, in UNILINK_PRIVATE_RELAY_RANGES")
    print(f"journey: {TAP_SHARE:.0%} tap \"Get the app\"; {INSTALL_AFTER_TAP:.0%} of them install "
          f"({PROMPT_SHARE:.0%} within minutes), {INSTALL_WITHOUT_TAP:.0%} of the others (10-50 min later); "
          f"{NEAR_CLICK_SHARE:.0%} of a housemate's or neighbour's organic installs follow the click within the hour")
    twins = twin_installs(people)
    lookalikes = organic_twins(people)
    findable = recall_bound(people)
    print(f"{'segment':21} {'networks':>8} {'clickers':>8} {'clicked installs':>16} {'no tap':>6} {'late':>5} {'twins':>5} "
          f"{'bound':>5} {'organic':>7} {'twins':>5}  what it models")
    for segment in dict.fromkeys(p["segment"] for p in people):
        group = [p for p in people if p["segment"] == segment]
        installed = [p for p in group if p["click_ip"] and p["install_ip"]]
        late = sum(1 for p in installed if p["install_at"] - p["click_at"] >= MATCH_WINDOW)
        print(f"{segment:21} {population.networks[segment] or '-':>8} {sum(1 for p in group if p['click_ip']):>8} "
              f"{len(installed):>16} {sum(1 for p in installed if not p['tap']):>6} {late:>5} "
              f"{sum(1 for p in installed if id(p) in twins):>5} {sum(1 for p in installed if id(p) in findable):>5} "
              f"{sum(1 for p in group if not p['click_ip']):>7} "
              f"{sum(1 for p in group if id(p) in lookalikes):>5}  {SEGMENTS[segment]}")
    clickers = [p for p in people if p["click_ip"]]
    installs = [p for p in people if p["install_ip"]]
    print(f"{'all':21} {sum(population.networks.values()):>8} {len(clickers):>8} "
          f"{sum(1 for p in installs if p['click_ip']):>16} {sum(1 for p in installs if p['click_ip'] and not p['tap']):>6} "
          f"{sum(1 for p in installs if p['click_ip'] and p['install_at'] - p['click_at'] >= MATCH_WINDOW):>5} "
          f"{len(twins):>5} {len(findable):>5} {sum(1 for p in installs if not p['click_ip']):>7} {len(lookalikes):>5}  "
          "(late: installed after the match window, no matcher can find them)")
    print("twins (an upper bound): clicked installs with another clicker of the same system in the pool the install is\n"
          "compared with, in the hour before it, whose phone reads the same to the server (screen, OS version, Safari 26's\n"
          "own; languages, the page's list on Android; time zone; Android: the model): only the timing and the store tap can\n"
          "tell the two apart. Counted before matching: a twin whose click an earlier install took is counted all the same.\n"
          "bound: the clicked installs a matcher that is never wrong could find, seeing what the server sees: those with\n"
          "a click-id handoff (Android after a store tap: the Play referrer), and the others installed within the match\n"
          "window, in the pool of their click (a relayed click's: its country), with no twin. Its share of the clicked\n"
          "installs is about the most recall such a matcher reaches here (twins are counted before matching, so one\n"
          "whose look-alike's click an earlier install took can still be found: the true ceiling is a little higher).\n"
          "organic twins: organic installs from the pool of a clicker who clicked in the hour before, has not installed\n"
          "before it, and whose phone reads the same: to the server the install is that clicker's, whatever the model.")


def pool(person):
    """The pool a click joins, as the server keys it: the /24, the /56, or the relay country and clock."""
    if person["segment"] == "private_relay":
        country, region, _ = RELAY_REGIONS[person["area"]]
        return ("relay", country, AREAS[person["area"]][0])
    address = ipaddress.ip_address(person["click_ip"])
    prefix = 24 if address.version == 4 else 56
    return (str(ipaddress.ip_network(f"{address}/{prefix}", strict=False)),)


def looks(person):
    """What the server compares of a phone, as the page and the User-Agent show it: the OS
    major.minor (Safari 26+'s own version, which is the system's, where the User-Agent's is
    frozen), the screen (not Safari 26's, whose metrics are fixed), Android's model, the
    languages (the page's whole list on Android where its script ran; WebKit's page and
    Accept-Language's first tag otherwise), the time zone where the script ran."""
    shown = ".".join(person["version"].split(".")[:2])
    masked = person["os"] == "ios" and person["version"].startswith("26")
    screen = (person["w"], person["h"], person["scale"]) if person["script"] and not masked else None
    languages = tuple(page_languages(person)) if person["script"] and person["os"] == "android" else person["languages"][0]
    return (person["os"], shown, screen, person["model"] if person["os"] == "android" else None,
            languages, person["zone"] if person["script"] else None)


def twin_installs(people):
    """The clicked installs (by id()) with a twin: another clicker in the same pool, in the hour before
    the install, whose phone reads the same. An upper bound: a twin whose click an earlier
    install already took is no longer in the way, and the server's answers are not known here."""
    by_pool = defaultdict(list)
    for p in people:
        if p["click_ip"]:
            by_pool[pool(p)].append(p)
    twins = set()
    for p in people:
        if p["click_ip"] and p["install_ip"] and p["install_at"] - p["click_at"] < MATCH_WINDOW:
            mine = looks(p)
            if any(q is not p and 0 <= p["install_at"] - q["click_at"] < MATCH_WINDOW and looks(q) == mine for q in by_pool[pool(p)]):
                twins.add(id(p))
    return twins


def recall_bound(people):
    """The clicked installs (by id()) that a matcher never wrong could find (see `describe`)."""
    twins = twin_installs(people)
    found = set()
    for p in people:
        if not (p["click_ip"] and p["install_ip"]):
            continue
        if p["os"] == "android" and p["tap"]:
            found.add(id(p))
            continue
        if p["install_at"] - p["click_at"] >= MATCH_WINDOW or id(p) in twins:
            continue
        if p["segment"] != "private_relay":
            address = ipaddress.ip_address(p["install_ip"])
            if (str(ipaddress.ip_network(f"{address}/{24 if address.version == 4 else 56}", strict=False)),) != pool(p):
                continue
        found.add(id(p))
    return found


def organic_twins(people):
    """The organic installs (by id()) that read as a clicker's: from the pool of someone who
    clicked in the hour before and had not installed by then, with a phone that reads the
    same as that clicker's did (seen as the clicker's page saw it). A housemate with the same
    phone installing from App Store search soon after a click is one; only a matcher told
    the truth could refuse it, so each is a false match no model can be sure to avoid.
    Relay clicks are left out (they pool by country, not by the install's network)."""
    by_pool = defaultdict(list)
    for q in people:
        if q["click_ip"] and q["segment"] != "private_relay":
            by_pool[pool(q)].append(q)
    found = set()
    for p in people:
        if p["click_ip"] or not p["install_ip"] or p["segment"] == "private_relay":
            continue
        address = ipaddress.ip_address(p["install_ip"])
        key = (str(ipaddress.ip_network(f"{address}/{24 if address.version == 4 else 56}", strict=False)),)
        for q in by_pool[key]:
            installed_before = q["install_ip"] and q["install_at"] <= p["install_at"]
            if (0 <= p["install_at"] - q["click_at"] < MATCH_WINDOW and not installed_before
                    and looks(dict(p, script=q["script"])) == looks(q)):
                found.add(id(p))
                break
    return found


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
    naive = NaiveMatcher()
    events = [(p["click_at"], 0, i, p) for i, p in enumerate(population.people) if p["click_ip"]]
    events += [(p["install_at"], 1, i, p) for i, p in enumerate(population.people) if p["install_ip"]]
    for at, kind, _, person in sorted(events, key=lambda e: e[:3]):
        server.clock.set(at)
        if kind == 0:
            # Everyone behind one address clicks the same link (one campaign reaches them). The
            # server takes four different links from one address within two seconds for a mail
            # scanner's burst and leaves no pending click, and here hours of a NAT pool's
            # clicks pass in seconds of real time. The matcher never reads the link.
            click(server, person, links[zlib.crc32(person["click_ip"].encode()) % len(links)], rng)
            naive.click(person, at)
        else:
            install(server, person, publishable, weak)
            person["naive"] = naive.install(person, at)
    installs = [p for p in population.people if p["install_ip"]]
    clicks = sum(1 for p in population.people if p["click_ip"])
    report(installs, clicks, time.time() - started, threshold, weak, population.people)


def click(server, person, link, rng):
    """The preview page, its signals (when the browser runs script), and the store tap if the
    person taps, all from the click's address (a relayed one for Private Relay users)."""
    headers = {"User-Agent": person["ua"], "Accept-Language": accept_language(person)}
    page = server.call("GET", f"/{link['code']}", host="s.bench.test", ip=person["click_ip"], headers=headers).text
    click_id = re.search(r'name="unilink:click-id" content="([A-Za-z0-9]{22})"', page).group(1)
    person["click_id"] = click_id
    if person["script"]:
        height = person["h"]
        if person["version"].startswith("26"):
            height -= rng.randint(110, 190)  # fixed window metrics, not the screen
        server.call("POST", f"/v1/clicks/{click_id}/signals", host="s.bench.test", ip=person["click_ip"], json={
            "screen_width": person["w"], "screen_height": height, "screen_scale": person["scale"],
            "time_zone": person["zone"], "languages": page_languages(person)})
    person["referrer"] = None
    if person["tap"]:
        tap = server.call("GET", f"/item/x?ul_code={link['code']}&ul_click={click_id}", host="open.bench.test",
                          ip=person["click_ip"], headers=headers)
        found = re.search(r"referrer%3D([A-Za-z0-9]{22})|referrer=([A-Za-z0-9]{22})", tap.headers.get("Location", ""))
        person["referrer"] = next(g for g in found.groups() if g) if found else None


def page_languages(person):
    """WebKit, which every iOS browser is, gives `navigator.languages` one entry: the first of
    the system's list (WebKit bug 163220). Android's Chrome gives the list."""
    return person["languages"][:1] if person["os"] == "ios" else person["languages"]


def accept_language(person):
    """iOS Safari asks for its first language and that language's base; Chrome the list."""
    if person["os"] == "ios":
        first = person["languages"][0]
        return f"{first},{first.split('-')[0]};q=0.9"
    return ",".join(person["languages"])


def install(server, person, publishable, weak):
    body = {"install_id": person["install_id"], "app_version": "1.0",
            "device": {"os": person["os"], "os_version": person["version"], "model": person["model"],
                       "screen_width": person["w"], "screen_height": person["h"], "screen_scale": person["scale"],
                       "languages": person["languages"], "time_zone": person["zone"]}}
    if weak:
        body["allow_weak_match"] = True
    if person["os"] == "android":
        # What Play's referrer service gives: the click id our store link passed, or Play's own
        # words for an install that came another way.
        body["install_referrer"] = (f"utm_source=unilink&ul_click={person['referrer']}" if person.get("referrer")
                                    else "utm_source=google-play&utm_medium=organic")
    answer = server.call("POST", "/v1/sdk/deferred", ip=person["install_ip"], headers={"X-Unilink-Key": publishable}, json=body).json()
    deep_link = answer.get("deep_link") if answer["status"] == "found" else None
    person["answer"] = deep_link["click_id"] if deep_link else None
    person["match_type"] = deep_link["match_type"] if deep_link else None
    person["confidence"] = deep_link["confidence"] if deep_link else None


class NaiveMatcher:
    """The baseline: the most recent click in the window from the install's exact address with
    the same OS and version, each click given once."""

    def __init__(self):
        self.clicks = defaultdict(list)  # address -> clicks

    def click(self, person, at):
        self.clicks[person["click_ip"]].append({"click_id": person["click_id"], "os": person["os"],
                                                "version": person["version"], "at": at, "consumed": False})

    def install(self, person, at):
        for click in reversed(self.clicks.get(person["install_ip"], [])):
            if (not click["consumed"] and click["os"] == person["os"] and click["version"] == person["version"]
                    and 0 <= at - click["at"] <= MATCH_WINDOW):
                click["consumed"] = True
                return click["click_id"]
        return None


def scores(group, answer):
    """(precision, recall, organic installs given a link, organic installs) of `answer` over
    `group`: precision over the answers given (a link handed to an organic install is wrong),
    recall over the installs that came from a click. None where there is nothing to divide."""
    answered = [p for p in group if answer(p)]
    right = sum(1 for p in answered if answer(p) == p.get("click_id"))
    clicked = sum(1 for p in group if p["click_ip"])
    organic = [p for p in group if not p["click_ip"]]
    return (right / len(answered) if answered else None, right / clicked if clicked else None,
            sum(1 for p in organic if answer(p)), len(organic))


def cells(result):
    precision, recall, linked, organic = result
    mark = "!" if precision is not None and precision < TARGET_PRECISION else " "
    text = lambda value: "-" if value is None else f"{value:.3f}"
    return f"{text(precision):>6}{mark} {text(recall):>6} {f'{linked}/{organic}' if organic else '-':>8}"


def report(people, click_count, elapsed, threshold, weak, everyone):
    """The scores of the installs `people`; `everyone` (clickers who never installed too) for
    the organic twins and for naming a wrong match's click."""
    unilink = lambda p: p["answer"]
    naive = lambda p: p["naive"]
    organic = [p for p in people if not p["click_ip"]]
    lookalikes = organic_twins(everyone)
    mode = "weak matches requested" if weak else "confident matches only"
    print(f"\n== min_match_confidence {threshold} ({mode}): {len(people)} installs ({len(organic)} organic), "
          f"{click_count} clicks, {elapsed:.0f} s over HTTP")
    print(f"{'':21} {'':>8} {'':>7} {'':>7}   {'unilink':^23}   {'naive same IP + OS version':^23}")
    columns = f"{'precision':>7} {'recall':>6} {'organic':>8}"
    print(f"{'segment':21} {'installs':>8} {'clicked':>7} {'organic':>7}   {columns}   {columns}")
    below = []
    rows = [(s, [p for p in people if p["segment"] == s]) for s in dict.fromkeys(p["segment"] for p in people)]
    rows += [(name, [p for p in people if p["click_ip"] and p["tap"] == tapped]) for name, tapped in JOURNEYS.items()]
    for index, (segment, group) in enumerate(rows):
        if index == len(rows) - len(JOURNEYS):
            print("clicked installs by what the clicker did on the preview, across segments:")
        mine = scores(group, unilink)
        if mine[0] is not None and mine[0] < TARGET_PRECISION:
            below.append(segment)
        clicked = sum(1 for p in group if p["click_ip"])
        print(f"{segment:21} {len(group):>8} {clicked:>7} {len(group) - clicked:>7}   {cells(mine)}   {cells(scores(group, naive))}"
              + ("   <- unilink below 0.99" if segment in below else ""))
    print("! precision below 0.99, the target in every segment; organic: organic installs handed a link")
    clicked = [p for p in people if p["click_ip"]]
    for name, answer in (("unilink", unilink), ("naive same IP + OS version", naive)):
        right = sum(1 for p in clicked if answer(p) == p["click_id"])
        wrong = sum(1 for p in people if answer(p) and answer(p) != p.get("click_id"))
        precision = right / (right + wrong) if right + wrong else 1.0
        ios = [p for p in clicked if p["os"] == "ios"]
        ios_recall = sum(1 for p in ios if answer(p) == p["click_id"]) / len(ios) if ios else 0
        organic_linked = sum(1 for p in organic if answer(p))
        share = organic_linked / len(organic) if organic else 0
        lookalike = sum(1 for p in organic if answer(p) and id(p) in lookalikes)
        print(f"{name}: precision {precision:.3f}, recall {right / len(clicked) if clicked else 0:.3f} (iOS {ios_recall:.3f}), "
              f"false matches {wrong}, organic installs handed a link {organic_linked}/{len(organic)} ({share:.2%}; "
              f"{lookalike} of them organic twins)")
        if name == "unilink":
            recall = right / len(clicked) if clicked else 0
            bound = sum(1 for p in recall_bound(everyone)) / len(clicked) if clicked else 0
            print(f"  targets: precision >= {TARGET_PRECISION} in every segment: "
                  f"{'yes' if not below else 'no, ' + ', '.join(below)}; recall >= 0.9: {'yes' if recall >= 0.9 else 'no'} "
                  f"(about the most a matcher never wrong finds: {bound:.3f}); "
                  f"organic installs given a link <= 0.5%: {'yes' if share <= 0.005 else 'no'}")
    if os.environ.get("DEFERRED_ACCURACY_DEBUG"):
        by_click = {p["click_id"]: p for p in everyone if p.get("click_id")}
        for p in people:
            if p["answer"] and p["answer"] != p.get("click_id"):
                other = by_click.get(p["answer"], {})
                print("  wrong", p["answer"], p["segment"], p["os"], p["match_type"], "organic" if not p["click_ip"] else "clicked", p["confidence"],
                      "model", p["model"] == other.get("model"), "version", p["version"] == other.get("version"),
                      "languages", p["languages"] == other.get("languages"),
                      "after", int(p["install_at"] - other.get("click_at", 0)), "store", other.get("tap"),
                      "organic twin", id(p) in lookalikes)
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
