#!/bin/bash
# The client scope benchmark of docs/benchmarks.md ("A customer's lists"): a server on a fresh
# SQLite file, 500 clients and 10,000 translation projects (20 a client) inserted with sqlite3,
# a customer of one client created through the API; wrk with 32 connections for 10 s per
# request, as that customer: GET /api/build-info first (the baseline: the session check, with
# the customer's one query for their clients, and a small answer), then the customer's project
# list and dashboard, then the same list and dashboard as the administrator (unscoped).
# Needs wrk, curl, sqlite3.
# Usage: benches/customer-scope-wrk.sh BINARY PORT
set -e
BIN=$1; PORT=$2; DIR=$(mktemp -d); DB=$DIR/wordmark.db; URL=http://127.0.0.1:$PORT
WORDMARK_ADDR=127.0.0.1:$PORT WORDMARK_DATABASE_URL="sqlite://$DB?mode=rwc" WORDMARK_ADMIN_PASSWORD=bench-password-123 WORDMARK_LOG=warn $BIN serve > $DIR/log 2>&1 &
PID=$!
trap "kill $PID; rm -rf $DIR" EXIT
until curl -sf $URL/healthz >/dev/null; do sleep 0.2; done
token() { curl -s -X POST -H 'Content-Type: application/json' -d "{\"username\":\"$1\",\"password\":\"$2\"}" $URL/auth/login | python3 -c 'import sys,json;print(json.load(sys.stdin)["token"])'; }
ADMIN=$(token admin bench-password-123)
sqlite3 $DB "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < 500) INSERT INTO clients (name_key, client_name, date_created) SELECT 'client ' || i, 'Client ' || i, '2026-11-01T00:00:00Z' FROM n;"
sqlite3 $DB "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < 10000) INSERT INTO translation_projects (name, status, client_id, target_lang, date_created) SELECT printf('Seeded %05d', i), CASE i % 5 WHEN 0 THEN 'Completed' ELSE 'Created' END, (SELECT MIN(id) FROM clients) + i % 500, 'de', strftime('%Y-%m-%dT%H:%M:%SZ', '2026-11-01', '+' || i || ' minutes') FROM n; ANALYZE;"
CLIENT=$(sqlite3 $DB "SELECT MIN(id) FROM clients")
curl -sf -o /dev/null -H "Authorization: Bearer $ADMIN" -H 'Content-Type: application/json' -d "{\"username\":\"customer\",\"email\":\"c@example.com\",\"first_name\":\"C\",\"last_name\":\"Ustomer\",\"role\":\"customer\",\"client_ids\":[$CLIENT],\"password\":\"bench-password-123\"}" $URL/api/user
CUSTOMER=$(token customer bench-password-123)
run() { echo "### $1"; wrk -t2 -c32 -d10s --latency -H "Authorization: Bearer $2" "$URL$3" | grep -E "Requests/sec|99%|50%"; curl -s -o /dev/null -w "one request alone: %{time_total}s, total %header{x-total-count}\n" -H "Authorization: Bearer $2" "$URL$3"; }
run "baseline: build-info, as the customer" $CUSTOMER "/api/build-info"
run "the customer's project list (20 of 10,000)" $CUSTOMER "/api/translation"
run "the customer's dashboard" $CUSTOMER "/api/dashboard"
run "the administrator's project list (10,000)" $ADMIN "/api/translation"
run "the administrator's dashboard" $ADMIN "/api/dashboard"
