#!/usr/bin/env bash
# Starts a WordPress test site: Debian's `wordpress` package served by PHP's built-in server
# on MariaDB, installed, with the Wordmark Connector activated from this checkout and seeded
# with real block-editor content. Prints the site's URL and credentials as one JSON line.
#
#   start.sh <ip> <port> <db> [none|wpml|polylang]
#
# Debian's WordPress picks /etc/wordpress/config-<host>.php by the request's host, so each site
# needs its own loopback address (127.x.y.z); the port is free to choose. The last argument
# loads a stand-in of WPML's or Polylang's documented API (stand-ins/), not the real plugin.
# MariaDB: WORDMARK_WP_DB_HOST (127.0.0.1:3306) as WORDMARK_WP_DB_USER (root), no password.
# The site's files live in WORDMARK_WP_SITES (/tmp/wordmark-wp)/<ip>; stop.sh removes them.
set -euo pipefail

if [ $# -lt 3 ] || [ $# -gt 4 ]; then
  echo "usage: $0 <ip> <port> <db> [none|wpml|polylang]" >&2
  exit 2
fi
ip=$1 port=$2 db=$3 multilingual=${4:-none}
[[ $ip =~ ^127\.[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "the address must be a loopback one (127.x.y.z): $ip" >&2; exit 2; }
[[ $port =~ ^[0-9]+$ ]] || { echo "not a port: $port" >&2; exit 2; }
[[ $db =~ ^[A-Za-z0-9_]+$ ]] || { echo "database names are letters, digits and _ here: $db" >&2; exit 2; }
case $multilingual in none|wpml|polylang) ;; *) echo "unknown multilingual plugin: $multilingual" >&2; exit 2 ;; esac

here=$(cd "$(dirname "$0")" && pwd)
plugin=$(cd "$here/../wordmark-connector" && pwd)
sites=${WORDMARK_WP_SITES:-/tmp/wordmark-wp}
site=$sites/$ip
db_host=${WORDMARK_WP_DB_HOST:-127.0.0.1:3306}
db_user=${WORDMARK_WP_DB_USER:-root}
config=/etc/wordpress/config-$ip.php
mysql_cmd=(mysql -h "${db_host%:*}" -P "${db_host##*:}" -u "$db_user")

if [ -f "$site/server.pid" ] && kill -0 "$(cat "$site/server.pid")" 2>/dev/null; then
  echo "a site already runs on $ip (stop it with stop.sh $ip $port $db)" >&2
  exit 1
fi
rm -rf "$site"
mkdir -p "$site/wp-content/plugins" "$site/wp-content/mu-plugins" "$site/wp-content/uploads" "$site/wp-content/themes"
ln -s "$plugin" "$site/wp-content/plugins/wordmark-connector"
cp "$here/mu-plugins/"*.php "$site/wp-content/mu-plugins/"
cp -r "$here/theme" "$site/wp-content/themes/wordmark-test"
if [ "$multilingual" != none ]; then
  cp "$here/stand-ins/$multilingual.php" "$site/wp-content/mu-plugins/$multilingual-stand-in.php"
fi

# Salts differ per site; they only sign cookies here, so /dev/urandom through od is enough.
salt() { od -An -N32 -tx1 /dev/urandom | tr -d ' \n'; }
mkdir -p /etc/wordpress
cat > "$config" <<PHP
<?php
// Written by connectors/wordpress/test-site/start.sh; stop.sh removes it.
define( 'DB_NAME', '$db' );
define( 'DB_USER', '$db_user' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', '$db_host' );
define( 'WP_HOME', 'http://$ip:$port' );
define( 'WP_SITEURL', 'http://$ip:$port' );
define( 'WP_CONTENT_DIR', '$site/wp-content' );
define( 'WP_CONTENT_URL', 'http://$ip:$port/wp-content' );
define( 'WP_ENVIRONMENT_TYPE', '${WORDMARK_WP_ENVIRONMENT:-local}' );
define( 'DISABLE_WP_CRON', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_DEBUG', false );
define( 'AUTH_KEY', '$(salt)' );
define( 'SECURE_AUTH_KEY', '$(salt)' );
define( 'LOGGED_IN_KEY', '$(salt)' );
define( 'NONCE_KEY', '$(salt)' );
define( 'AUTH_SALT', '$(salt)' );
define( 'SECURE_AUTH_SALT', '$(salt)' );
define( 'LOGGED_IN_SALT', '$(salt)' );
define( 'NONCE_SALT', '$(salt)' );
PHP

"${mysql_cmd[@]}" -e "DROP DATABASE IF EXISTS \`$db\`; CREATE DATABASE \`$db\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"
php "$here/install.php" "$ip:$port" > "$site/credentials.json"
php "$here/seed.php" "$ip:$port" > "$site/seed.json"

"$here/serve.sh" start "$ip" "$port"
jq -c --arg url "http://$ip:$port" --arg db "$db" --arg ml "$multilingual" --slurpfile seed "$site/seed.json" \
  '. + {url: $url, db: $db, multilingual: $ml, content: $seed[0]}' "$site/credentials.json"
