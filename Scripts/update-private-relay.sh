#!/usr/bin/env bash
# Fetches Apple's iCloud Private Relay egress ranges for UNILINK_PRIVATE_RELAY_RANGES and
# replaces the file only once the new one is whole and looks like the list (a running
# server reads it again within a minute; no restart). Run it daily (cron or a timer).
# Usage: Scripts/update-private-relay.sh /var/lib/unilink/egress-ip-ranges.csv
#   RELAY_SOURCE overrides where it comes from (default: Apple's published URL).
set -euo pipefail
target="${1:?usage: update-private-relay.sh FILE}"
source="${RELAY_SOURCE:-https://mask-api.icloud.com/egress-ip-ranges.csv}"
partial="$(mktemp "$(dirname "$target")/.egress-ip-ranges.XXXXXX")"
trap 'rm -f "$partial"' EXIT
curl -fsS --max-time 300 -o "$partial" "$source"
# A range and a two-letter country on the first line, and more than a handful of lines:
# an error page or a truncated file never replaces a good list.
if ! head -1 "$partial" | grep -Eq '^[0-9a-fA-F.:]+/[0-9]+,[A-Z]{2},'; then
    echo "update-private-relay: $source does not look like Apple's egress-ip-ranges.csv; $target unchanged" >&2
    exit 1
fi
lines=$(wc -l < "$partial")
if [ "$lines" -lt 10 ]; then
    echo "update-private-relay: only $lines lines from $source; $target unchanged" >&2
    exit 1
fi
chmod 0644 "$partial"
# On disk before it takes the list's name: a power cut never leaves a renamed empty file.
sync "$partial"
mv -f "$partial" "$target"
trap - EXIT
echo "update-private-relay: $target: $lines ranges from $source ($(date -u +%F))"
