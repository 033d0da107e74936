#!/usr/bin/env bash
# Per-call cost of the click-path decisions in UnilinkCore (ns and allocations),
# each beside a baseline measured in the same run. Release build; not run by CI.
set -euo pipefail
cd "$(dirname "$0")/CoreBenchmarks"
swift build -c release --product CoreBenchmarks
bin="$(swift build -c release --show-bin-path)"
LD_PRELOAD="$bin/libMallocInterposerSwift.so" "$bin/CoreBenchmarks" ../../Tests/UnilinkCoreTests/Fixtures/user-agents.jsonl "${1:-1000000}"
