#!/usr/bin/env python3
"""Reads the callgrind dumps Benchmarks/callgrind.sh wrote (WORK/NAME.out.1) and prints
instructions per request for each server, how the click's gap to nginx splits, and where
one click's instructions go: self cost by component, inclusive cost by function.

Usage: callgrind_report.py WORK REQUESTS

callgrind_annotate 3.19 counts the calls that were still running at the dump (the event
loops, the thread pool) as their callers' own cost, so its self costs add up to several
times the total; this reads the dump's format itself (self cost = a function's cost
lines, inclusive = those plus the costs of the calls it made)."""
import re
import subprocess
import sys
from collections import defaultdict

work, requests = sys.argv[1], int(sys.argv[2])
servers = [
    ("nginx", "nginx fixed 302"),
    ("bare", "bare Hummingbird fixed 302 (floor)"),
    ("channel", "Hummingbird channel handler fixed 302"),
    ("click", "short-link click, 302 (cache hit)"),
    ("preview", "preview page, iPhone, 200"),
    ("aasa", "AASA"),
]


class Profile:
    def __init__(self, path):
        self.self_cost = defaultdict(int)
        self.inclusive = defaultdict(int)
        self.objects = {}
        self.summary = 0
        names = {"fn": {}, "ob": {}}
        function = obj = None
        pending_call = False
        for line in open(path, errors="replace"):
            line = line.rstrip("\n")
            if not line:
                continue
            key, _, value = line.partition("=")
            if key in ("fn", "cfn", "ob", "cob"):
                kind = key[-2:]
                match = re.match(r"\((\d+)\)(?: (.*))?$", value)
                name = value
                if match:
                    if match.group(2) is not None:
                        names[kind][match.group(1)] = match.group(2)
                    name = names[kind].get(match.group(1), value)
                if key == "fn":
                    function = name
                    self.objects.setdefault(function, obj)
                elif key == "ob":
                    obj = name
                continue
            if key == "calls":
                pending_call = True
                continue
            if line.startswith("summary:"):
                self.summary = int(line.split()[1])
                continue
            if line[0].isdigit() or line[0] in "+-*":
                fields = line.split()
                cost = int(fields[1]) if len(fields) > 1 else 0
                if pending_call:
                    self.inclusive[function] += cost
                    pending_call = False
                else:
                    self.self_cost[function] += cost
                    self.inclusive[function] += cost


def demangle(symbols):
    plain = [re.sub(r"'\d+$", "", s) for s in symbols]
    try:
        out = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(plain),
                             capture_output=True, text=True, check=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        return dict(zip(symbols, symbols))
    return {symbol: text + (symbol[len(p):] if symbol != p else "") for symbol, p, text in zip(symbols, plain, out)}


def module(symbol):
    match = re.match(r"\$s(\d+)([A-Za-z_][A-Za-z0-9_]*)", symbol)
    return match.group(2)[: int(match.group(1))] if match else ""


allocation = {"malloc", "free", "cfree", "realloc", "calloc", "_int_malloc", "_int_free", "malloc_consolidate",
              "posix_memalign", "aligned_alloc", "_int_memalign", "tcache_init", "unlink_chunk", "_int_free_merge_chunk",
              "_int_free_create_chunk", "_int_free_maybe_consolidate", "_int_realloc", "malloc_usable_size"}


def component(symbol, obj):
    base = re.sub(r"'\d+$", "", symbol)
    owner = module(base)
    obj = obj or ""
    if owner.startswith("Unilink"):
        return "Unilink"
    if owner.startswith("Hummingbird"):
        return "Hummingbird"
    if owner in ("HTTPTypes", "NIOHTTPTypes", "NIOHTTPTypesHTTP1"):
        return "HTTPTypes and its NIO conversion"
    if owner.startswith("NIO") or base.startswith(("c_nio_", "CNIO")) or owner in ("_NIODataStructures", "_NIOBase64"):
        return "swift-nio (event loop, sockets, HTTP/1 codec)"
    if owner.startswith(("SQLite", "SQLKit")) or base.startswith("sqlite3"):
        return "SQLite (sqlite3, SQLiteNIO, SQLKit)"
    if "libc.so" in obj or "ld-linux" in obj:
        return "glibc malloc/free" if base in allocation else "glibc (memcpy, thread-locals, syscall wrappers, ...)"
    if "libswift" in obj or base.startswith(("$s", "swift_")) and not owner or owner in ("Swift", "_Concurrency", "Synchronization"):
        return "Swift runtime and standard library"
    if not base.startswith("$s") and obj.endswith(("/unilink", "/BareRedirect")):
        return "SQLite (sqlite3, SQLiteNIO, SQLKit)"   # the only C compiled in besides NIO's c_nio_ and CNIO shims
    if "Foundation" in obj or owner.startswith("Foundation"):
        return "Foundation"
    return "other packages (logging, metrics, service lifecycle, ...)"


profiles = {}
for name, _ in servers:
    profiles[name] = Profile(f"{work}/{name}.out.1")
    total = sum(profiles[name].self_cost.values())
    if abs(total - profiles[name].summary) > 0.01 * profiles[name].summary:
        print(f"warning: {name}: self costs add up to {total}, the dump says {profiles[name].summary}", file=sys.stderr)
per = {name: profiles[name].summary / requests for name, _ in servers}

print(f"{'path':<40} {'instructions/request':>21} {'x floor':>8} {'x nginx':>8}")
for name, label in servers:
    print(f"{label:<40} {per[name]:>21,.0f} {per[name] / per['bare']:>8.2f} {per[name] / per['nginx']:>8.2f}")
gap = per["click"] - per["nginx"]
print(f"of the click's {gap:,.0f} instructions above nginx's: NIO and Hummingbird's channel {per['channel'] - per['nginx']:,.0f} "
      f"({(per['channel'] - per['nginx']) / gap:.0%}), Unilink above that floor {per['click'] - per['channel']:,.0f} "
      f"({(per['click'] - per['channel']) / gap:.0%}); Hummingbird's request layer (router, request, response), which a "
      f"cached click does not pass, costs the floor {per['bare'] - per['channel']:,.0f} more than the channel handler")

click = profiles["click"]
shares = defaultdict(int)
for symbol, cost in click.self_cost.items():
    shares[component(symbol, click.objects.get(symbol))] += cost
print("\none click's instructions by component (self cost; recording and the event loops' own work included):")
for part, cost in sorted(shares.items(), key=lambda item: -item[1]):
    print(f"  {cost / requests:>9,.0f}  {cost / click.summary:>6.1%}  {part}")

ours = [s for s in click.inclusive if component(s, click.objects.get(s)) == "Unilink" and click.inclusive[s] >= 0.01 * click.summary]
framework = [s for s in click.inclusive if re.search(r"LinkHost|ClickRecorder|SQLiteNIO.*ConnectionC5query|sqlite3_step$|HTTPResponseEncoder|"
                                                     r"HTTP1ToHTTPServerCodec.*channelRead|c_nio_llhttp_execute$|"
                                                     r"BaseSocketChannel.*flush|swift_task_switch$", s)]
chosen = sorted(set(ours) | set(framework), key=lambda s: -click.inclusive[s])
readable = demangle(chosen)
print("\none click's instructions by function (inclusive: the function and all it calls; Unilink's at 1 % and more, and the framework's landmarks):")
seen = set()
for symbol in chosen:
    text = readable[symbol]
    if text in seen or click.inclusive[symbol] < 0.005 * click.summary:
        continue
    seen.add(text)
    print(f"  {click.inclusive[symbol] / requests:>9,.0f}  {click.inclusive[symbol] / click.summary:>6.1%}  {text[:150]}")


def landmark(pattern):
    return max((cost for symbol, cost in click.inclusive.items() if re.search(pattern, symbol)), default=0) / requests


answered = landmark(r"LinkHostShortcut.*answerFromMemory")
written = landmark(r"LinkHostFastPath.*write.*closes")
statement = landmark(r"SQLiteNIO.*ConnectionC5query.*cfU_$")
print(f"\none click, in short: answered from memory (resolution, classification, decision, queueing, the answer's "
      f"fields) {answered:,.0f}; the answer written (NIO's HTTP/1 encoder, the socket) {written:,.0f}; its share of "
      f"SQLite's insert statements on NIO's thread pool {statement:,.0f} (the recorder's own batch building, in its "
      f"async parts, is SQLStore.insert above); the rest ({per['click'] - answered - written - statement:,.0f}) is the "
      f"event loop, the HTTP/1 parser, the channel's handlers and the recorder, beside the channel handler's 302 at "
      f"{per['channel']:,.0f} in all")
