#!/usr/bin/env bash
# The release: one file. Builds `unilink` in release mode with the Swift standard library
# and Foundation linked in (--static-swift-stdlib), checks that it needs no Swift runtime
# library and nothing but the Debian packages it names (Scripts/runtime-requirements.sh:
# libc, libstdc++, zlib, and libmaxminddb0 when libmaxminddb-dev was installed for the
# build; the command line reaches hosts through AsyncHTTPClient, so no libcurl), strips
# it, runs its own smoke test (serve on a temporary SQLite database, the AASA, one click
# through a link made with the API, and /readyz saying whether countries are built in as
# the file's libraries say), and writes the binary, its SHA-256 and the packages it needs
# (unilink.requires) to OUT (default: release/). Not run by CI (a release build takes minutes).
# Usage: Scripts/release.sh [OUT]
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-release}"
swift build -c release --static-swift-stdlib --product unilink
built="$(swift build -c release --static-swift-stdlib --show-bin-path)/unilink"
work="$(mktemp -d)"
trap 'kill "${server:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
# Without its debug symbols (a tenth of the size); the file tested below is the file shipped.
bin="$work/unilink"
strip -o "$bin" "$built"

# Nothing may be needed beyond the Debian packages the release names: no Swift runtime
# library (the file runs on a machine without the toolchain), nothing unresolved here.
requires="$work/unilink.requires"
Scripts/runtime-requirements.sh "$bin" >"$requires"
echo "release: ldd lists no Swift library:"
ldd "$bin" | sed 's/^/  /'
echo "release: the server needs the Debian packages $(tr '\n' ' ' <"$requires")"
if grep -qx libmaxminddb0 "$requires"; then geoip_built_in=true; else geoip_built_in=false; fi

# Smoke test: the file alone, on a temporary database.
admin=release-smoke-admin-token-0123456789
port=18495
UNILINK_ADMIN_TOKEN=$admin "$bin" serve --port $port --database-url "sqlite://$work/smoke.sqlite" --no-demo --log-level error >"$work/banner" 2>&1 &
server=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.1; done
created=$(curl -sf -H "Authorization: Bearer $admin" -d '{"name": "Smoke", "ios": {"team_id": "ABCDE12345", "bundle_id": "com.example.smoke"},
    "web": {"fallback_url": "https://www.example.com/"}, "domains": [{"host": "smoke.example", "role": "short"}], "paths": ["/p/*"]}' \
    "http://127.0.0.1:$port/v1/apps")
key=$(echo "$created" | python3 -c "import json,sys; print(json.load(sys.stdin)['secret_key'])")
curl -sf -H "Authorization: Bearer $key" -d '{"path": "/p/1", "alias": "smoke"}' "http://127.0.0.1:$port/v1/links" >/dev/null
curl -sf -H 'Host: smoke.example' "http://127.0.0.1:$port/.well-known/apple-app-site-association" | grep -q 'ABCDE12345.com.example.smoke'
status=$(curl -s -o /dev/null -w '%{http_code}' -H 'Host: smoke.example' -A 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0' \
    "http://127.0.0.1:$port/smoke")
[ "$status" = 302 ] || { echo "release: the smoke click answered $status, not 302" >&2; exit 1; }
# Countries (Docs/Deploy.md, step 8) are there exactly when the file links libmaxminddb.
readiness=$(curl -sf "http://127.0.0.1:$port/readyz")
if [ "$geoip_built_in" = true ] && echo "$readiness" | grep -q 'this build has no libmaxminddb'; then
    echo "release: the file links libmaxminddb but says it has none: $readiness" >&2; exit 1
fi
if [ "$geoip_built_in" = false ] && ! echo "$readiness" | grep -q 'this build has no libmaxminddb'; then
    echo "release: the file does not link libmaxminddb but does not say so: $readiness" >&2; exit 1
fi
kill "$server"; wait "$server" 2>/dev/null || true
echo "release: smoke test passed (AASA, a link made through the API, its click, /readyz)"
if [ "$geoip_built_in" = false ]; then
    echo "release: WARNING: built without libmaxminddb (libmaxminddb-dev was not installed): this release knows no visitor's country" >&2
fi

mkdir -p "$out"
cp "$bin" "$out/unilink"
cp "$requires" "$out/unilink.requires"
(cd "$out" && sha256sum unilink > unilink.sha256)
echo "release: $out/unilink ($(stat -c %s "$out/unilink") bytes), $(cat "$out/unilink.sha256")"
echo "release: $out/unilink.requires: apt-get install $(tr '\n' ' ' <"$out/unilink.requires")on the server"
