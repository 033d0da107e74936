#!/usr/bin/env bash
# The Debian packages a release file needs on the server, from the shared libraries its ELF
# header names (readelf's NEEDED entries), one package a line, sorted. A library outside
# the release's known requirements (a Swift runtime library, libcurl, anything new) is an
# error naming it, and so is one this machine cannot resolve (ldd's "not found"): the
# release must not need what its notes do not say. Used by Scripts/release.sh, which
# writes the list beside the file (unilink.requires).
# Usage: Scripts/runtime-requirements.sh BINARY
set -euo pipefail
bin="${1:?usage: $0 BINARY}"
[ -f "$bin" ] || { echo "runtime-requirements: no file $bin" >&2; exit 2; }
needed=$(readelf -d "$bin" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' || true)
[ -n "$needed" ] || { echo "runtime-requirements: $bin names no shared library (not a dynamic ELF file?)" >&2; exit 2; }
packages=()
unknown=()
for library in $needed; do
    case "$library" in
        libc.so.* | libm.so.* | libpthread.so.* | libdl.so.* | librt.so.* | libutil.so.* | ld-linux*) packages+=(libc6) ;;
        libgcc_s.so.*) packages+=(libgcc-s1) ;;
        libstdc++.so.*) packages+=(libstdc++6) ;;
        libz.so.*) packages+=(zlib1g) ;;
        # Country routing (Docs/Deploy.md, step 8): linked only where libmaxminddb-dev was installed.
        libmaxminddb.so.0) packages+=(libmaxminddb0) ;;
        *) unknown+=("$library") ;;
    esac
done
if [ ${#unknown[@]} -gt 0 ]; then
    echo "runtime-requirements: $bin needs ${unknown[*]}, which no release requirement names" >&2
    exit 1
fi
missing=$(ldd "$bin" | awk '/not found/ {print $1}' || true)
if [ -n "$missing" ]; then
    echo "runtime-requirements: $bin needs $(echo $missing), not found on this machine" >&2
    exit 1
fi
printf '%s\n' "${packages[@]}" | sort -u
