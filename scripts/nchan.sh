#!/usr/bin/env bash
# Starts (or stops) nginx with the nchan module in front of facedown-feed, on
# loopback, unprivileged, everything under a temporary prefix.
#   scripts/nchan.sh start [--listen 127.0.0.1:8090] [--feed 127.0.0.1:8088] [--prefix DIR] [--workers N]
#       prints the prefix; the feed then runs with
#       --publish http://127.0.0.1:8090/pub/on-air
#   scripts/nchan.sh stop --prefix DIR
# Needs Debian's nginx and libnginx-mod-nchan (scripts/install-deps.sh).
# Exit 77 when they are missing (tests skip on it).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cmd="${1:-}"
shift || true
listen=127.0.0.1:8090 feed=127.0.0.1:8088 prefix="" workers=1
while [ $# -gt 0 ]; do
  case "$1" in
    --listen) listen="$2"; shift 2 ;;
    --feed) feed="$2"; shift 2 ;;
    --prefix) prefix="$2"; shift 2 ;;
    --workers) workers="$2"; shift 2 ;;
    *) echo "nchan.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
nginx_bin="$(command -v nginx || true)"
[ -n "$nginx_bin" ] || nginx_bin=/usr/sbin/nginx
module=/usr/lib/nginx/modules/ngx_nchan_module.so
case "$cmd" in
  start)
    if [ ! -x "$nginx_bin" ] || [ ! -f "$module" ]; then
      echo "nchan.sh: nginx or its nchan module is not installed (apt-get install nginx libnginx-mod-nchan; scripts/install-deps.sh)" >&2
      exit 77
    fi
    [ -n "$prefix" ] || prefix="$(mktemp -d /tmp/facedown-nchan.XXXXXX)"
    mkdir -p "$prefix/tmp" "$prefix/cache"
    # Run as root (CI), nginx's workers drop to an unprivileged user that must reach the prefix.
    chmod 755 "$prefix"
    # As many connections as the descriptor limit allows (two per proxied request).
    nofile="$(ulimit -Hn)"
    [ "$nofile" = unlimited ] && nofile=65536
    [ "$nofile" -gt 65536 ] && nofile=65536
    connections=$((nofile / 2))
    sed -e "s|@NOFILE@|$nofile|g" -e "s|@CONNECTIONS@|$connections|g" -e "s|@PREFIX@|$prefix|g" -e "s|@LISTEN@|$listen|g" -e "s|@FEED@|$feed|g" -e "s|@WORKERS@|$workers|g" \
      "$here/nchan/nginx.conf.in" > "$prefix/nginx.conf"
    "$nginx_bin" -p "$prefix" -e "$prefix/error.log" -c "$prefix/nginx.conf" -t -q
    "$nginx_bin" -p "$prefix" -e "$prefix/error.log" -c "$prefix/nginx.conf"
    for _ in $(seq 50); do
      [ -s "$prefix/nginx.pid" ] && break
      sleep 0.1
    done
    echo "$prefix"
    ;;
  stop)
    [ -n "$prefix" ] || { echo "nchan.sh stop: --prefix DIR" >&2; exit 2; }
    if [ -s "$prefix/nginx.pid" ]; then
      pid="$(cat "$prefix/nginx.pid")"
      kill -QUIT "$pid" 2>/dev/null || true
      for _ in $(seq 50); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
      done
      kill -KILL "$pid" 2>/dev/null || true
    fi
    ;;
  *)
    sed -n '2,10p' "$0" >&2
    exit 2
    ;;
esac
