#!/usr/bin/env bash
# Runs the deployment smoke test (Scripts/deploy-smoke.sh: Docs/Deploy.md word for word)
# on a new Debian 12 machine of its own: a Debian tree booted with systemd as PID 1 in a
# container (systemd-nspawn), with no network but its own loopback, every change it makes
# kept in memory (--volatile=overlay), so the tree stays new for the next run and nothing
# outside it is touched. Needs root, debootstrap and systemd-container.
#
# The tree is made once with debootstrap (a minute or two, from Debian's mirror) with the
# packages the guide installs already in it, since the container has no network; the
# guide's `apt-get install` lines then find them installed.
#
# Usage: Scripts/deploy-smoke-nspawn.sh [--root DIR] [--binary FILE] [--mirror URL] [--prepare]
#   --root    the Debian tree (made there when missing)   /var/tmp/unilink-deploy-root
#   --binary  the server to install                       release/unilink (Scripts/release.sh)
#   --prepare only make the tree (.ci/run does, before the tests)
# A binary that needs libraries the tree lacks (a debug build's Swift runtime) gets their
# folders mounted read-only at the same paths; a release file needs none.
set -euo pipefail
cd "$(dirname "$0")/.."
root=/var/tmp/unilink-deploy-root
binary=release/unilink
mirror=http://deb.debian.org/debian
prepare=false
while [ $# -gt 0 ]; do
    case "$1" in
        --prepare) prepare=true && shift && continue ;;
        --root) root="$2" ;;
        --binary) binary="$2" ;;
        --mirror) mirror="$2" ;;
        *) echo "usage: $0 [--root DIR] [--binary FILE] [--mirror URL] [--prepare]" >&2 && exit 2 ;;
    esac
    shift 2
done
[ "$(id -u)" = 0 ] || { echo "deploy-smoke-nspawn: needs root (systemd-nspawn)" >&2 && exit 2; }
$prepare || [ -x "$binary" ] || { echo "deploy-smoke-nspawn: no server at $binary (Scripts/release.sh makes release/unilink)" >&2 && exit 2; }

packages=systemd,systemd-sysv,dbus,ca-certificates,curl,procps,caddy,prometheus,libmaxminddb0
if [ ! -x "$root/lib/systemd/systemd" ]; then
    echo "deploy-smoke-nspawn: making a Debian 12 tree in $root"
    rm -rf "$root.partial"
    debootstrap --variant=minbase --include=$packages bookworm "$root.partial" "$mirror" >"$root.debootstrap.log" 2>&1 ||
        { tail -20 "$root.debootstrap.log" >&2 && exit 1; }
    # What Debian's installer writes and debootstrap does not (Caddy resolves localhost).
    echo smoke >"$root.partial/etc/hostname"
    printf '127.0.0.1\tlocalhost\n127.0.1.1\tsmoke\n::1\tlocalhost ip6-localhost ip6-loopback\n' >"$root.partial/etc/hosts"
    mv "$root.partial" "$root"
fi
$prepare && exit 0

stage=$(mktemp -d /var/tmp/unilink-smoke-stage.XXXXXX)
log="$stage.console"
nspawn=""
cleanup() {
    if [ -n "$nspawn" ] && kill -0 "$nspawn" 2>/dev/null; then
        [ -n "${leader:-}" ] && nsenter -t "$leader" -m -u -i -n -p -C -- systemctl poweroff 2>/dev/null || true
        for _ in $(seq 60); do kill -0 "$nspawn" 2>/dev/null || break; sleep 0.5; done
        kill -KILL "$nspawn" 2>/dev/null || true
        wait "$nspawn" 2>/dev/null || true
    fi
    rm -rf "$stage" "$log"
}
trap cleanup EXIT
mkdir -p "$stage/release" "$stage/Scripts"
cp "$binary" "$stage/release/unilink"
[ -f "$(dirname "$binary")/unilink.requires" ] && cp "$(dirname "$binary")/unilink.requires" "$stage/release/"
cp -r Deploy "$stage/Deploy"
# Step 8's database: a small one written by MaxMind's own writer, where it is installed.
if perl -MMaxMind::DB::Writer::Tree -e1 2>/dev/null; then
    perl Tests/GeoIPWriter/write-test-mmdb.pl "$stage/release/test-country.mmdb" >/dev/null
fi
cp Scripts/deploy-smoke.sh "$stage/Scripts/"

binds=(--bind-ro="$stage:/root/unilink")
for library in $(ldd "$binary" | sed -n 's/.*=> \(\/[^ ]*\).*/\1/p'); do
    folder=$(dirname "$library")
    [ -e "$root$library" ] || [[ " ${binds[*]} " == *" --bind-ro=$folder "* ]] || binds+=(--bind-ro="$folder")
done

systemd-nspawn -D "$root" --volatile=overlay --private-network --register=no --keep-unit \
    --machine=unilink-smoke "${binds[@]}" -b </dev/null >"$log" 2>&1 &
nspawn=$!
leader=""
for _ in $(seq 120); do
    for child in $(pgrep -P "$nspawn" || true); do
        [ "$(cat /proc/"$child"/comm 2>/dev/null)" = systemd ] && leader=$child
    done
    [ -n "$leader" ] && break
    kill -0 "$nspawn" 2>/dev/null || break
    sleep 0.5
done
[ -n "$leader" ] || { cat "$log" >&2 && echo "deploy-smoke-nspawn: the container did not boot" >&2 && exit 1; }
inside() { nsenter -t "$leader" -m -u -i -n -p -C -- env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"; }
# systemctl cannot wait for the boot before systemd has made its socket: on a busy machine
# the first call came too early and said "Failed to connect to bus".
for _ in $(seq 240); do
    inside test -S /run/systemd/private && break
    sleep 0.5
done
state=$(inside timeout 120 systemctl is-system-running --wait || true)
echo "deploy-smoke-nspawn: the container booted ($state)"
inside env UNILINK_SMOKE_SOURCE=/root/unilink bash /root/unilink/Scripts/deploy-smoke.sh
