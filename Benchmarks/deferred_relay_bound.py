#!/usr/bin/env python3
"""What any matcher could reach on the Private Relay segment of Benchmarks/deferred_accuracy.py's
population: the bound the segment's figures are to be read against.

An ideal matcher that knows the simulator's own generative model (the install shares and
timing after a tap or without one, the organic installs per time zone, how often each OS
version, screen and first language occur) and sees only what the server sees of a relayed
click: the relay's country (and, in the US, its region's clock), the page's screen, time zone
and one language (WebKit), the User-Agent's OS version, the store tap and the click's time.
The install comes from the home network, which no click shares. For every iOS install in a
relay country, it weighs each relayed click of the pool that looks the same (the density that
the clicker installs then) against the organic installs that look the same (their rate times
how common the look is), and answers at or above the threshold. This is the population's
truth, used to bound the matcher, never by it.

Two backgrounds: `organic` counts only organic installs as competitors (optimistic: a clicked
install of another segment would be matched to its own click); `all` counts every install in
the zone that no relayed click led to (pessimistic).

Usage: Benchmarks/deferred_relay_bound.py [--seeds 7,3] [--thresholds 0.9,0.97,0.99]
"""

import argparse
import math
import os
import random
import sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(__file__))
import deferred_accuracy as B  # noqa: E402


def looks(person):
    """A relayed click as the server sees it: iOS, the script ran, WebKit's one language."""
    return (person["os"], ".".join(person["version"].split(".")[:2]), (person["w"], person["h"], person["scale"]),
            person["languages"][0], person["zone"])


def install_density(delta, tap):
    """Per second: that the clicker installs `delta` s after the click (the simulator's journey)."""
    if delta < 0 or delta >= B.MATCH_WINDOW:
        return 0.0
    if tap:
        density = B.PROMPT_SHARE * math.exp(-(delta - 30) / 240) / 240 if delta >= 30 else 0.0
        if 600 <= delta <= B.MATCH_WINDOW + 300:
            density += (1 - B.PROMPT_SHARE) / (B.MATCH_WINDOW - 300)
        return B.INSTALL_AFTER_TAP * density
    return B.INSTALL_WITHOUT_TAP / 2400 if 600 <= delta <= 3000 else 0.0


def bound(seed, thresholds):
    people = B.Population(random.Random(seed), 1.0, list(B.SEGMENTS)).people
    relayed = [p for p in people if p["segment"] == "private_relay" and p["click_ip"]]
    installed = [p for p in relayed if p["install_ip"]]
    zones = {B.AREAS[area][0]: B.RELAY_REGIONS[area][0] for area in B.RELAY_REGIONS}
    twins = B.twin_installs(people)
    late = sum(1 for p in installed if p["install_at"] - p["click_at"] >= B.MATCH_WINDOW)
    print(f"seed {seed}: {len(installed)} relayed clicks led to an install ({late} after the window; "
          f"{sum(1 for p in installed if id(p) in twins)} with a twin in the pool)")
    ios = [p for p in people if p["os"] == "ios" and not p["version"].startswith("26")]
    shares = {}
    for name, read in (("version", lambda p: looks(p)[1]), ("screen", lambda p: looks(p)[2])):
        counts = Counter(read(p) for p in ios)
        shares[name] = {value: n / len(ios) for value, n in counts.items()}
    first = defaultdict(Counter)
    for p in ios:
        first[p["zone"]][p["languages"][0]] += 1
    by_pool = defaultdict(list)
    for click in relayed:
        by_pool[click["zone"]].append(click)  # the country, and in the US the clock: one zone each here
    span = B.SPAN + B.MATCH_WINDOW
    for background in ("organic", "all"):
        competing = Counter(p["zone"] for p in people if p["install_ip"] and p["os"] == "ios"
                            and not (p["click_ip"] and (background == "organic" or p["segment"] == "private_relay")))

        def organic_density(look):
            _, version, screen, language, zone = look
            return (competing[zone] / span * shares["version"].get(version, 0.01) * shares["screen"].get(screen, 0.01)
                    * first[zone][language] / sum(first[zone].values()))

        results = {t: [0, 0] for t in thresholds}
        for person in people:
            if not person["install_ip"] or person["os"] != "ios" or person["zone"] not in zones:
                continue
            look = looks(person)
            weighed = [(c, install_density(person["install_at"] - c["click_at"], c["tap"])) for c in by_pool[person["zone"]]
                       if looks(c) == look]
            weighed = [(c, d) for c, d in weighed if d > 0]
            if not weighed:
                continue
            best, density = max(weighed, key=lambda w: w[1])
            posterior = density / (organic_density(look) + sum(d for _, d in weighed))
            for t in thresholds:
                if posterior >= t:
                    results[t][0 if best is person else 1] += 1
        for t, (right, wrong) in results.items():
            precision = f"{right / (right + wrong):.3f}" if right + wrong else "-"
            print(f"  background {background:7} threshold {t}: right {right:3}, wrong {wrong:2}: "
                  f"recall {right / len(installed):.3f}, precision {precision}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", default="7,3")
    parser.add_argument("--thresholds", default="0.9,0.97,0.99")
    args = parser.parse_args()
    for seed in (int(s) for s in args.seeds.split(",")):
        bound(seed, [float(t) for t in args.thresholds.split(",")])


if __name__ == "__main__":
    main()
