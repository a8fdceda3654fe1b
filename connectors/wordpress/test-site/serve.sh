#!/usr/bin/env bash
# Starts or stops the PHP server of a site start.sh made, leaving its database and files: the
# tests stop a site in the middle of a run and start it again.
#
#   serve.sh start|stop <ip> <port>
#
# `start` returns once the site answers; `stop` once the server has exited.
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 start|stop <ip> <port>" >&2
  exit 2
fi
action=$1 ip=$2 port=$3
[[ $ip =~ ^127\.[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "the address must be a loopback one (127.x.y.z): $ip" >&2; exit 2; }
[[ $port =~ ^[0-9]+$ ]] || { echo "not a port: $port" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
site=${WORDMARK_WP_SITES:-/tmp/wordmark-wp}/$ip

case $action in
  start)
    WORDMARK_WP_CONTENT_DIR="$site/wp-content" nohup php -S "$ip:$port" -t /usr/share/wordpress "$here/router.php" \
      >> "$site/server.log" 2>&1 < /dev/null &
    echo $! > "$site/server.pid"
    for _ in $(seq 1 100); do
      if curl -s -o /dev/null "http://$ip:$port/wp-json/"; then
        exit 0
      fi
      sleep 0.1
    done
    echo "the server on $ip:$port did not answer; its log: $site/server.log" >&2
    exit 1
    ;;
  stop)
    [ -f "$site/server.pid" ] || exit 0
    pid=$(cat "$site/server.pid")
    kill "$pid" 2>/dev/null || exit 0
    # Gone for good before the caller goes on: a test expects the site down.
    while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
    ;;
  *)
    echo "usage: $0 start|stop <ip> <port>" >&2
    exit 2
    ;;
esac
