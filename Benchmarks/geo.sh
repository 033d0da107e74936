#!/usr/bin/env bash
# The average cost of one country lookup (GeoLocator.place(of:)) against a database that
# Tests/GeoIPWriter/write-test-mmdb.pl writes (the test networks plus 100,000 random IPv4
# /24s), beside an empty loop over the same addresses in the same run. Release build; needs
# libmaxminddb-dev and libmaxmind-db-writer-perl; not run by CI. Issue 40's bar: under 1 µs.
set -euo pipefail
cd "$(dirname "$0")/GeoBenchmark"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
perl ../../Tests/GeoIPWriter/write-test-mmdb.pl "$work/bench.mmdb" first "${2:-100000}"
swift build -c release --product GeoBenchmark
"$(swift build -c release --show-bin-path)/GeoBenchmark" "$work/bench.mmdb" "${1:-5000000}"
