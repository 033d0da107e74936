#!/usr/bin/env bash
# The deployment smoke test: Docs/Deploy.md followed word for word on a new Debian 12
# machine, as root, from a folder holding `release/unilink` (Scripts/release.sh's output)
# and the repository's `Deploy/`. Each guide command runs as written (the lines marked
# "guide:"); the other lines stand in for what the guide leaves to you (DNS, the values
# of secrets, the CA) or check that the step worked. It ends with links answering over
# HTTPS through Caddy on two hosts, both association checks passing, Prometheus scraping,
# a backup taken and restored, and the server restarted as an upgrade would.
#
# Stand-ins, because the machine it runs on has no public name and no outside network:
# the example hosts point at 127.0.0.1 in /etc/hosts, and Caddy issues from its own CA
# (UNILINK_TLS_ISSUER=internal, in Caddy's environment), whose root the system trusts.
# Step 8 (countries): `geoipupdate` needs your MaxMind account, so a test database written
# by MaxMind's own writer (release/test-country.mmdb, when it is there) stands in for it.
#
# Usage (root, on a machine you can throw away): Scripts/deploy-smoke.sh
# Scripts/deploy-smoke-nspawn.sh runs it in a throw-away Debian container.
set -Eeuo pipefail
# (No `grep -q` after a pipe: it stops reading, and pipefail would count the writer's SIGPIPE as a failure.)
cd "${UNILINK_SMOKE_SOURCE:-.}"
step() { echo "deploy-smoke: $*"; }
# A command that fails ends the test: what the service said is the first thing to read.
trap 'status=$?; echo "deploy-smoke: FAILED at line $LINENO (status $status); the service:" >&2
      systemctl status unilink --no-pager -n 0 >&2 || true; journalctl -u unilink --no-pager -n 40 >&2 || true' ERR
fail() {
    echo "deploy-smoke: FAILED: $*" >&2
    exit 1
}
# Up to 60 s for a command to succeed (units start, Caddy gets a certificate, Prometheus
# scrapes every 15 s).
eventually() {
    for _ in $(seq 120); do
        "$@" >/dev/null 2>&1 && return 0
        sleep 0.5
    done
    "$@"
}
[ "$(id -u)" = 0 ] || fail "run as root on a machine of its own"
[ -x release/unilink ] && [ -f Deploy/unilink.service ] || fail "run from a folder with release/unilink and Deploy/"
[ "$(cat /proc/1/comm)" = systemd ] || fail "systemd is not this machine's PID 1"

step "0. the packages the release file needs"
if [ -f release/unilink.requires ]; then
    apt-get install $(cat release/unilink.requires) # guide:
fi

step "1. the server as a service"
install -m 0755 release/unilink /usr/local/bin/unilink                 # guide:
install -m 0644 Deploy/unilink.service /etc/systemd/system/            # guide:
install -d -m 0750 /etc/unilink                                        # guide:
install -m 0600 /dev/null /etc/unilink/unilink.env                     # guide:
admin_token="adm_$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
metrics_token="$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
cat >>/etc/unilink/unilink.env <<EOF
UNILINK_ADMIN_TOKEN=$admin_token
UNILINK_DASHBOARD_HOST=admin.example.com
UNILINK_METRICS_TOKEN=$metrics_token
EOF
systemctl daemon-reload && systemctl enable --now unilink              # guide:
journalctl -u unilink | grep setup                                     # guide:
systemctl is-active unilink || fail "unilink is not running"
# DynamicUser=: a user systemd makes for the unit, from its range 61184-65519.
uid=$(ps -o uid= -p "$(systemctl show -p MainPID --value unilink)" | tr -d ' ')
[ "$uid" -ge 61184 ] && [ "$uid" -le 65519 ] || fail "the server runs as uid $uid, not as a user systemd made for it"
[ -f /var/lib/unilink/unilink.sqlite ] || fail "no database in the state directory"
systemd-analyze security --no-pager unilink | tail -1

step "2. the app and its two hosts"
# DNS: the hosts point at this machine.
echo "127.0.0.1 go.example.com link.example.com admin.example.com" >>/etc/hosts
set -a && . /etc/unilink/unilink.env && set +a
created=$(
    curl -s http://127.0.0.1:8080/v1/apps -H "Authorization: Bearer $UNILINK_ADMIN_TOKEN" -H 'Content-Type: application/json' -d '{
  "name": "Shop",
  "ios": {"team_id": "ABCDE12345", "bundle_id": "com.example.shop"},
  "android": {"package": "com.example.shop", "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
  "domains": [{"host": "go.example.com", "role": "short"}, {"host": "link.example.com", "role": "primary"}],
  "paths": ["/p/*"]}'
)                                                                      # guide: (the call above)
secret_key=$(echo "$created" | grep -o '"secret_key" *: *"[^"]*"' | sed 's/.*"\([^"]*\)"$/\1/')
[ -n "$secret_key" ] || fail "the app was not created: $created"
curl -sf http://127.0.0.1:8080/v1/links -H "Authorization: Bearer $secret_key" -H 'Content-Type: application/json' \
    -d '{"path": "/p/1", "alias": "spring"}' >/dev/null || fail "the link was not created"

step "3. HTTPS on every link host: Caddy"
apt-get install caddy                                                  # guide:
install -m 0644 Deploy/Caddyfile /etc/caddy/Caddyfile                  # guide:
# Caddy's environment (the guide's drop-in): its own CA stands in for Let's Encrypt here.
install -d /etc/systemd/system/caddy.service.d                         # guide:
printf '[Service]\nEnvironment=UNILINK_TLS_ISSUER=internal\n' >/etc/systemd/system/caddy.service.d/unilink.conf
systemctl daemon-reload && systemctl restart caddy                     # guide:
# Trust Caddy's root as devices trust Let's Encrypt's (Caddy writes it at its first start).
root=/var/lib/caddy/.local/share/caddy/pki/authorities/local/root.crt
eventually test -s $root
cp $root /usr/local/share/ca-certificates/caddy-local-root.crt && update-ca-certificates >/dev/null
eventually curl -sf https://go.example.com/.well-known/apple-app-site-association
curl -sf https://go.example.com/.well-known/apple-app-site-association | grep ABCDE12345.com.example.shop >/dev/null ||
    fail "no AASA over HTTPS on go.example.com"
status=$(curl -s -o /dev/null -w '%{http_code}' -A 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0' https://go.example.com/spring)
# No web fallback in this app: a desktop visitor gets the link's page.
[ "$status" = 200 ] || fail "a click on https://go.example.com/spring answered $status, not its page"
curl -sf https://admin.example.com/readyz >/dev/null || fail "no dashboard host over HTTPS"
if curl -s -o /dev/null --resolve unknown.example.org:443:127.0.0.1 https://unknown.example.org/; then
    fail "Caddy served a host no app lists"
fi
# A host added through the API is served at once, without a restart.
app_id=$(echo "$created" | grep -o '"id" *: *"[^"]*"' | head -1 | sed 's/.*"\([^"]*\)"$/\1/')
echo "127.0.0.1 shop.example.net" >>/etc/hosts
curl -sf -X PATCH "http://127.0.0.1:8080/v1/apps/$app_id" -H "Authorization: Bearer $UNILINK_ADMIN_TOKEN" \
    -H 'Content-Type: application/json' -d '{"domains": [{"host": "go.example.com", "role": "short"},
    {"host": "link.example.com", "role": "primary"}, {"host": "shop.example.net", "role": "alternate"}]}' >/dev/null ||
    fail "the host was not added"
eventually curl -sf https://shop.example.net/.well-known/apple-app-site-association

step "4. check both hosts as Apple and Android do"
unilink aasa check https://go.example.com                              # guide:
unilink aasa check https://link.example.com                            # guide:
unilink aasa check https://link.example.com https://link.example.com/p/1 # guide:
unilink assetlinks check https://go.example.com --package com.example.shop --fingerprint 14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5 # guide:
unilink assetlinks check https://link.example.com --package com.example.shop --fingerprint 14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5 # guide:
unilink aasa check https://link.example.com https://link.example.com/elsewhere | grep '=> opens in the browser' >/dev/null ||
    fail "the check opened a path the app does not claim in the app"

step "5. Prometheus"
apt-get install prometheus                                             # guide:
install -m 0644 Deploy/prometheus.yml /etc/prometheus/prometheus.yml   # guide:
install -m 0600 -o prometheus /dev/null /etc/prometheus/unilink-metrics-token # guide:
printf '%s' "$UNILINK_METRICS_TOKEN" >/etc/prometheus/unilink-metrics-token
systemctl restart prometheus                                           # guide:
scraped() { curl -sf 'http://127.0.0.1:9090/api/v1/query?query=up%7Bjob%3D%22unilink%22%7D' | grep '"value":\[[0-9.]*,"1"\]' >/dev/null; }
eventually scraped || fail "Prometheus does not see the unilink target up"
curl -sf 'http://127.0.0.1:9090/api/v1/query?query=unilink_click_queue_depth' | grep unilink_click_queue_depth >/dev/null ||
    fail "no unilink_click_queue_depth in Prometheus"

step "6. backups every night"
install -m 0644 Deploy/unilink-backup.service Deploy/unilink-backup.timer /etc/systemd/system/ # guide:
systemctl daemon-reload && systemctl enable --now unilink-backup.timer # guide:
systemctl start unilink-backup                                         # guide:
journalctl -u unilink-backup | grep 'integrity ok' || fail "the backup's journal says nothing about its check"
timers=$(systemctl list-timers --all --no-pager unilink-backup.timer)
echo "$timers" | grep unilink-backup.service >/dev/null || fail "the timer is not scheduled: $timers"
backup=$(ls /var/lib/unilink-backups/unilink-*.sqlite)
[ "$(echo "$backup" | wc -l)" = 1 ] || fail "expected one backup, found: $backup"
[ "$(stat -c %a "$backup")" = 600 ] || fail "the backup is readable by others: $(stat -c %a "$backup")"

step "7. upgrades, and a restore"
systemctl start unilink-backup                                         # guide: (back up first)
install -m 0755 release/unilink /usr/local/bin/unilink
# Visitors during the restart: Caddy holds each request until the server is back.
(
    while [ ! -e /tmp/restarted ]; do
        curl -s -o /dev/null -w '%{http_code} %{time_total}\n' https://go.example.com/spring
    done >/tmp/during-restart
) &
visitors=$!
systemctl restart unilink                                              # guide:
touch /tmp/restarted && wait $visitors
answers=$(sort /tmp/during-restart | cut -d' ' -f1 | uniq -c | tr '\n' ' ')
longest=$(sort -k2 -n /tmp/during-restart | tail -1 | cut -d' ' -f2)
echo "requests during the restart: $answers(status count), the longest held ${longest}s"
[ "$(cut -d' ' -f1 /tmp/during-restart | sort -u)" = 200 ] || fail "requests during the restart failed: $answers"
status=$(curl -s -o /dev/null -w '%{http_code}' https://go.example.com/spring)
[ "$status" = 200 ] || fail "the link answered $status through Caddy after the restart"
# A link made after the first backup is gone once that backup is restored.
curl -sf http://127.0.0.1:8080/v1/links -H "Authorization: Bearer $secret_key" -H 'Content-Type: application/json' \
    -d '{"path": "/p/2", "alias": "summer"}' >/dev/null || fail "the second link was not created"
if unilink restore "$backup" --database-url sqlite:///var/lib/unilink/unilink.sqlite; then
    fail "restore went ahead beside a running server"
fi
systemctl stop unilink
unilink restore "$backup" --database-url sqlite:///var/lib/unilink/unilink.sqlite # guide: (FILE)
systemctl start unilink || { journalctl -u unilink -n 20 --no-pager && fail "the server did not start on the restored database"; }
status=$(curl -s -o /dev/null -w '%{http_code}' https://go.example.com/spring)
[ "$status" = 200 ] || fail "the restored database's link answered $status through Caddy"
status=$(curl -s -o /dev/null -w '%{http_code}' https://go.example.com/summer)
[ "$status" = 404 ] || fail "a link made after the backup answered $status after the restore, not 404"

step "8. visitors' countries"
if [ -f release/test-country.mmdb ]; then
    apt-get install libmaxminddb0                                      # guide:
    install -d -m 0755 /var/lib/GeoIP                                  # guide:
    install -m 0644 release/test-country.mmdb /var/lib/GeoIP/GeoLite2-Country.mmdb # in place of geoipupdate
    echo UNILINK_GEOIP_DATABASE=/var/lib/GeoIP/GeoLite2-Country.mmdb >> /etc/unilink/unilink.env # guide:
    systemctl restart unilink                                          # guide:
    curl -s http://127.0.0.1:8080/readyz                               # guide:
    echo
    curl -s http://127.0.0.1:8080/readyz | grep '"geoip_available":true' >/dev/null || fail "the server reads no countries"
    step "countries: the server reads /var/lib/GeoIP/GeoLite2-Country.mmdb"
else
    step "8. skipped: no release/test-country.mmdb"
fi

step "passed: two hosts over HTTPS, both checks, Prometheus, a backup, an upgrade, a restore and countries"
