#!/bin/bash
# The lists benchmark of docs/benchmarks.md ("Lists"): a server on a fresh SQLite file, 200
# projects uploaded through the API (the three e2e WPML fixtures each), then 9,800 more inserted
# with sqlite3; wrk with 32 connections for 10 s per request. Last, the 50 newest projects (the
# first page) get the size of a large WPML site, 300 jobs of 120 segments each (1.8 million
# segments), inserted with sqlite3, and the list and one project are measured again. First of all,
# the baseline: GET /api/build-info.
# Needs wrk, zip, curl, sqlite3.
# Usage: benches/lists-wrk.sh BINARY PORT
set -e
BIN=$1; PORT=$2; DIR=$(mktemp -d); DB=$DIR/wordmark.db
WORDMARK_ADDR=127.0.0.1:$PORT WORDMARK_DATABASE_URL="sqlite://$DB?mode=rwc" WORDMARK_ADMIN_PASSWORD=bench-password-123 WORDMARK_LOG=warn $BIN serve > $DIR/log 2>&1 &
PID=$!
trap "kill $PID; rm -rf $DIR" EXIT
until curl -sf http://127.0.0.1:$PORT/healthz >/dev/null; do sleep 0.2; done
TOKEN=$(curl -s -X POST -H 'Content-Type: application/json' -d '{"username":"admin","password":"bench-password-123"}' http://127.0.0.1:$PORT/auth/login | python3 -c 'import sys,json;print(json.load(sys.stdin)["token"])')
AUTH="Authorization: Bearer $TOKEN"
CLIENT=$(curl -s -H "$AUTH" -F client_name=Bench http://127.0.0.1:$PORT/api/client | python3 -c 'import sys,json;print(json.load(sys.stdin)["id"])')
HERE=$(cd "$(dirname "$0")" && pwd); ZIP=$DIR/p.zip; (cd "$HERE/../e2e/fixtures/wpml" && zip -q $ZIP *.xliff)
for i in $(seq 1 200); do curl -s -o /dev/null -H "$AUTH" -F project_name="Project $i" -F client_id=$CLIENT -F project_files=@$ZIP http://127.0.0.1:$PORT/api/translation; done
ONE=$(curl -s -H "$AUTH" "http://127.0.0.1:$PORT/api/translation?limit=1" | python3 -c 'import sys,json;print(json.load(sys.stdin)[0]["id"])')
run() { echo "### $1"; wrk -t2 -c32 -d10s --latency -H "$AUTH" "http://127.0.0.1:$PORT$2" | grep -E "Requests/sec|99%|50%"; curl -s -o /dev/null -w "one request alone: %{time_total}s\n" -H "$AUTH" "http://127.0.0.1:$PORT$2"; }
# Baseline: a light signed-in request (the session check, the active MT provider and a small
# answer): about what this machine serves at most through the same layers.
run "baseline: build-info" "/api/build-info"
run "200 list" "/api/translation"
run "200 list filtered" "/api/translation?client_id=$CLIENT&status=Created&sort=name&q=project%201"
run "200 detail" "/api/translation/$ONE"
sqlite3 $DB "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < 9800) INSERT INTO translation_projects (name,status,client_id,target_lang,author_id,date_created) SELECT printf('Seeded %05d', i), CASE i % 5 WHEN 0 THEN 'Completed' ELSE 'Created' END, $CLIENT, 'de', NULL, (SELECT MIN(date_created) FROM translation_projects) FROM n;"
run "10000 list" "/api/translation"
run "10000 list filtered" "/api/translation?client_id=$CLIENT&status=Completed&sort=name&order=desc&offset=100"
run "10000 list page 100" "/api/translation?offset=4950"
run "10000 detail" "/api/translation/$ONE"
sqlite3 $DB "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i+1 FROM n WHERE i < 299) INSERT INTO translation_jobs (project_id,file_name,source_lang,target_lang,xliff_version,original,checksum,segment_count,date_created) SELECT p.id, printf('page-%03d.xliff', n.i), 'en', 'de', '1.2', X'00', 'seeded', 120, p.date_created FROM (SELECT id, date_created FROM translation_projects ORDER BY date_created DESC, id DESC LIMIT 50) p, n;"
# What the server does after adding jobs: the projects sum their jobs again (as migration m0020
# does; Debian's sqlite3 predates ORDER BY in an aggregate, so the languages come ordered).
sqlite3 $DB "UPDATE translation_projects SET job_count = (SELECT COUNT(*) FROM translation_jobs j WHERE j.project_id = translation_projects.id), segment_count = (SELECT COALESCE(SUM(j.segment_count), 0) FROM translation_jobs j WHERE j.project_id = translation_projects.id), source_lang = (SELECT j.source_lang FROM translation_jobs j WHERE j.project_id = translation_projects.id AND j.source_lang <> '' GROUP BY j.source_lang ORDER BY COUNT(*) DESC, j.source_lang LIMIT 1), target_langs = (SELECT json_group_array(t.lang) FROM (SELECT j.target_lang AS lang, COUNT(*) AS n FROM translation_jobs j WHERE j.project_id = translation_projects.id AND j.target_lang <> '' GROUP BY j.target_lang ORDER BY n DESC, lang) t) WHERE id IN (SELECT DISTINCT project_id FROM translation_jobs WHERE checksum = 'seeded');"
sqlite3 $DB "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i+1 FROM n WHERE i < 119) INSERT INTO translation_segments (job_id,position,unit_key,translatable,markup,source,origin,status,qa_flags) SELECT j.id, n.i, 'unit-' || n.i, 1, 'html', 'A sentence of a page of a large site.', 'none', 'new', '[]' FROM translation_jobs j, n WHERE j.checksum = 'seeded';"
run "10000 list, first page of large projects" "/api/translation"
run "10000 detail of a large project" "/api/translation/$(sqlite3 $DB "SELECT project_id FROM translation_jobs WHERE checksum = 'seeded' LIMIT 1")"
