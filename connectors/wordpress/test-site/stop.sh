#!/usr/bin/env bash
# Stops a site start.sh started and removes its database, its config and its files.
#   stop.sh <ip> <port> <db>
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 <ip> <port> <db>" >&2
  exit 2
fi
ip=$1 port=$2 db=$3
[[ $ip =~ ^127\.[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "not a loopback address: $ip" >&2; exit 2; }
[[ $db =~ ^[A-Za-z0-9_]+$ ]] || { echo "not a database name: $db" >&2; exit 2; }
site=${WORDMARK_WP_SITES:-/tmp/wordmark-wp}/$ip
db_host=${WORDMARK_WP_DB_HOST:-127.0.0.1:3306}
"$(dirname "$0")/serve.sh" stop "$ip" "$port" || true
mysql -h "${db_host%:*}" -P "${db_host##*:}" -u "${WORDMARK_WP_DB_USER:-root}" -e "DROP DATABASE IF EXISTS \`$db\`"
rm -f "/etc/wordpress/config-$ip.php"
rm -rf "$site"
