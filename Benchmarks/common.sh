# Sourced by the wrk and callgrind benchmarks (from the repository's root): a release build
# of unilink (UNILINK_BENCH_BIN instead, when set), a temporary directory removed on exit
# with every server the script started, the two User-Agent strings they send, and helpers.
swift build -c release --product unilink >/dev/null
unilink="${UNILINK_BENCH_BIN:-$(swift build -c release --show-bin-path)/unilink}"
work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; sleep 0.5; rm -rf "$work"' EXIT
# Rate limits that check every request and refuse none (wrk is one address).
unrefused_limits="clicks=1000000000/1,api=1000000000/1,sdk=1000000000/1"
# The path of the demo link in a server's start-up banner (the file given).
demo_path() { grep 'demo link:' "$1" | sed -E 's#.*http://[^/]+##'; }
# The bare Hummingbird 302 (Benchmarks/BareRedirect), release build, into $bare.
build_bare() {
    (cd Benchmarks/BareRedirect && swift build -c release >/dev/null)
    bare="$(cd Benchmarks/BareRedirect && swift build -c release --show-bin-path)/BareRedirect"
}
desktop='Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
iphone='Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
# bench_app BASE ADMIN_TOKEN: an app "bench" on bench.example (iOS, Android, paths /p/*)
# with 200 links /p/0 ... /p/199; prints "APP_ID SECRET_KEY".
bench_app() {
    local created
    created=$(curl -sf -H "Authorization: Bearer $2" -d '{"name": "bench", "domains": [{"host": "bench.example", "role": "primary"}], "paths": ["/p/*"],
        "ios": {"team_id": "ABCDE12345", "bundle_id": "com.example.bench", "app_store_id": "123456789"}, "android": {"package": "com.example.bench"},
        "web": {"fallback_url": "https://www.example.com/", "allowed_hosts": ["www.example.com"]}}' "$1/v1/apps")
    read -r app key < <(echo "$created" | python3 -c "import json,sys; d=json.load(sys.stdin); print(d['id'], d['secret_key'])")
    curl -sf -H "Authorization: Bearer $key" -H 'Content-Type: application/json' \
        -d "$(python3 -c 'import json; print(json.dumps([{"path": "/p/%d" % i, "web_url": "https://www.example.com/%d" % i} for i in range(200)]))')" \
        "$1/v1/links/batch" >/dev/null
    echo "$app $key"
}
