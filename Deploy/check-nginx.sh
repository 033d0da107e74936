#!/usr/bin/env bash
# Runs Deploy/nginx.conf as written (only the ports, certificate and include paths
# changed, with a self-signed certificate) in front of two instances on one throw-away
# PostgreSQL, and checks: both instances take requests, AASA answers on plain HTTP, other
# paths move to HTTPS, the API works through the proxy, and every click through either
# instance is stored.
# Needs nginx, openssl and PostgreSQL's binaries. Usage: Deploy/check-nginx.sh [path/to/unilink]
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-$(swift build --show-bin-path)/unilink}"
work="$(mktemp -d)"
chmod 755 "$work"
eval "$(.ci/postgres-start UNILINK_CHECK)"
trap 'kill $(jobs -p) 2>/dev/null || true; [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null; .ci/postgres-stop UNILINK_CHECK; rm -rf "$work"' EXIT
url="$UNILINK_CHECK_POSTGRES_URL"
admin=check-admin-token-0123456789

openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=link.example.com" -keyout "$work/privkey.pem" -out "$work/fullchain.pem" >/dev/null 2>&1
sed -e "s#127.0.0.1:8081#127.0.0.1:18181#; s#127.0.0.1:8082#127.0.0.1:18182#; s#listen 80;#listen 127.0.0.1:18180;#; s#listen 443 ssl http2;#listen 127.0.0.1:18443 ssl http2;#" \
    -e "s#/etc/ssl/unilink/#$work/#; s#/etc/nginx/unilink_proxy.conf#$PWD/Deploy/unilink_proxy.conf#" \
    -e 's#return 301 https://$host$request_uri;#return 301 https://$host:18443$request_uri;#' Deploy/nginx.conf >"$work/site.conf"
cat >"$work/nginx.conf" <<CONF
pid $work/nginx.pid;
error_log $work/error.log;
events {}
http {
    log_format upstream '\$upstream_addr';
    access_log $work/access.log upstream;
    client_body_temp_path $work; proxy_temp_path $work; fastcgi_temp_path $work; uwsgi_temp_path $work; scgi_temp_path $work;
    include $work/site.conf;
}
CONF

"$bin" migrate --database-url "$url" >/dev/null
for port in 18181 18182; do
    UNILINK_DATABASE_URL="$url" UNILINK_TRUSTED_PROXIES=127.0.0.1 UNILINK_ADMIN_TOKEN=$admin UNILINK_LOG_LEVEL=error \
        "$bin" serve --no-migrate --no-demo --port $port >"$work/out-$port" 2>&1 &
done
for port in 18181 18182; do for _ in $(seq 100); do grep -q "listening on" "$work/out-$port" 2>/dev/null && break; sleep 0.1; done; done
nginx -c "$work/nginx.conf"
sleep 0.5

fail() { echo "FAIL: $*" >&2; exit 1; }
proxy=(--resolve link.example.com:18443:127.0.0.1 --resolve exm.pl:18443:127.0.0.1 -k)
app=$(curl -s "${proxy[@]}" https://link.example.com:18443/v1/apps -H "Authorization: Bearer $admin" -H 'Content-Type: application/json' -d '{
  "name": "Shop", "ios": {"team_id": "ABCDE12345", "bundle_id": "com.example.shop", "app_store_id": "123456789"},
  "web": {"fallback_url": "https://www.example.com/", "allowed_hosts": ["www.example.com"]},
  "domains": [{"host": "link.example.com", "role": "primary"}, {"host": "exm.pl", "role": "short"}], "paths": ["/u/*"]}')
secret=$(echo "$app" | sed -nE 's/.*"secret_key":"([^"]+)".*/\1/p')
[ -n "$secret" ] || fail "creating an app through the proxy: $app"
for _ in 1 2 3 4; do
    code=$(curl -s -o /dev/null -w '%{http_code}' -H 'Host: link.example.com' http://127.0.0.1:18180/.well-known/apple-app-site-association)
    [ "$code" = 200 ] || fail "AASA over plain HTTP answered $code"
done
[ "$(curl -s -o /dev/null -w '%{http_code}' -H 'Host: exm.pl' http://127.0.0.1:18180/abc)" = 301 ] || fail "plain HTTP links should move to HTTPS"
link=$(curl -s "${proxy[@]}" https://link.example.com:18443/v1/links -H "Authorization: Bearer $secret" -H 'Content-Type: application/json' -d '{"path": "/u/1", "alias": "hello", "web_url": "https://www.example.com/hello"}')
echo "$link" | grep -q '"alias":"hello"' || fail "creating a link: $link"
for _ in $(seq 10); do
    location=$(curl -s -o /dev/null -w '%{redirect_url}' "${proxy[@]}" -H 'X-Forwarded-For: 203.0.113.66' -A 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' https://exm.pl:18443/hello)
    [ "$location" = "https://www.example.com/hello" ] || fail "the click redirected to '$location'"
done
# Both instances answered (nginx spreads requests round-robin).
instances=$(sort -u "$work/access.log" | grep -c '127.0.0.1:1818[12]')
[ "$instances" = 2 ] || fail "requests reached $instances instance(s): $(sort -u "$work/access.log" | tr '\n' ' ')"
sleep 1
psql -qtA "$url" -c "SELECT COUNT(*) FROM clicks" | grep -qx 10 || fail "10 clicks through two instances were not all stored"
echo "ok: Deploy/nginx.conf in front of two instances on PostgreSQL: AASA on plain HTTP, HTTPS redirect, API and 10 clicks through the proxy"
