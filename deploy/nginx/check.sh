#!/bin/sh
# Checks deploy/nginx/khela.conf with the nginx on this machine, in a scratch prefix:
#   deploy/nginx/check.sh [releases-folder] [api-address] [port]   → nginx -t
#   deploy/nginx/check.sh … --serve                               → also starts it (stop: nginx -s stop -p <prefix> -c <prefix>/nginx.conf)
# Defaults: .releases of this repository, 127.0.0.1:8080, port 8090 (plain HTTP: redirects) and the next
# port, 8091, for HTTPS with a self-signed certificate made for the check.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
releases=${1:-$here/../../.releases}
if [ ! -d "$releases" ]; then
  echo "no releases folder at $releases: run npm start once (it publishes into .releases) or pass a folder" >&2
  exit 2
fi
releases=$(cd "$releases" && pwd)
command -v nginx >/dev/null || { echo "nginx is not installed (apt-get install -y nginx)" >&2; exit 2; }
api=${2:-127.0.0.1:8080}
port=${3:-8090}
prefix=$(mktemp -d "${TMPDIR:-/tmp}/khela-nginx-XXXXXX")
tlsport=$((port + 1))
mkdir -p "$prefix/logs" "$prefix/temp" "$prefix/tls" "$prefix/acme"
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=127.0.0.1 \
  -keyout "$prefix/tls/privkey.pem" -out "$prefix/tls/fullchain.pem" 2>/dev/null
sed -e "s#/srv/khela/releases#$releases#" -e "s#/srv/khela/acme#$prefix/acme#" -e "s#/etc/khela/tls/#$prefix/tls/#" \
  -e "s#server 127.0.0.1:8080;#server $api;#" -e "s#listen 80;#listen 127.0.0.1:$port;#" \
  -e "s#listen 443 ssl;#listen 127.0.0.1:$tlsport ssl;#" "$here/khela.conf" > "$prefix/khela.conf"
modules=''
brotli=$(ls /usr/lib/nginx/modules/ngx_http_brotli_static_module.so /usr/lib64/nginx/modules/ngx_http_brotli_static_module.so 2>/dev/null | head -1 || true)
if [ -n "$brotli" ]; then
  modules="load_module $brotli;"
else
  echo "note: the brotli_static module is not installed: checking without brotli_static"
  sed -i '/brotli_static/d' "$prefix/khela.conf"
fi
cat > "$prefix/nginx.conf" <<CONF
$modules
worker_processes 1;
pid $prefix/nginx.pid;
error_log $prefix/logs/error.log;
events {}
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log $prefix/logs/access.log;
  client_body_temp_path $prefix/temp/body;
  proxy_temp_path $prefix/temp/proxy;
  fastcgi_temp_path $prefix/temp/fastcgi;
  uwsgi_temp_path $prefix/temp/uwsgi;
  scgi_temp_path $prefix/temp/scgi;
  include $prefix/khela.conf;
}
CONF
nginx -t -p "$prefix" -c "$prefix/nginx.conf"
if [ "${4:-}" = "--serve" ]; then
  nginx -p "$prefix" -c "$prefix/nginx.conf"
  echo "serving $releases on https://127.0.0.1:$tlsport (http://127.0.0.1:$port redirects; API: $api); stop: nginx -s stop -p $prefix -c $prefix/nginx.conf"
fi
