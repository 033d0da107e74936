# Sourced by the wrk benchmarks (from the repository's root): a release build of unilink
# (UNILINK_BENCH_BIN instead, when set), a temporary directory removed on exit with every
# server the script started, and the two User-Agent strings they send.
swift build -c release --product unilink >/dev/null
unilink="${UNILINK_BENCH_BIN:-$(swift build -c release --show-bin-path)/unilink}"
work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; sleep 0.5; rm -rf "$work"' EXIT
desktop='Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
iphone='Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
