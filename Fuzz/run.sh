#!/usr/bin/env bash
# libFuzzer targets for what parses untrusted input: the AASA parser and matcher, the
# User-Agent classifier, the destination URL parser and the long-link parameters. Each
# target is compiled with UnilinkCore's sources into one fuzzing binary (swiftc
# -sanitize=fuzzer,address) and runs for SECONDS (default 60). Not part of CI.
# Usage: Fuzz/run.sh [seconds] [target ...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("${@:-AASA UserAgent DestinationURL LinkParameters}")
out=.build/fuzz
mkdir -p "$out"
mapfile -t core < <(find Sources/UnilinkCore -name '*.swift' | sort)
for target in ${targets[@]}; do
    echo "== $target: building"
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name UnilinkCore "${core[@]}" "Fuzz/Targets/Fuzz$target.swift" \
        -o "$out/$target" 2> >(grep -v "ld.gold: warning" >&2)
    mkdir -p "$out/corpus-$target"
    [ -d "Fuzz/Seeds/$target" ] && cp -n Fuzz/Seeds/"$target"/* "$out/corpus-$target/" 2>/dev/null || true
    echo "== $target: fuzzing for ${seconds}s"
    "$out/$target" -max_total_time="$seconds" -max_len=4096 -timeout=10 -artifact_prefix="$out/$target-" "$out/corpus-$target" 2>&1 | tail -4
done
