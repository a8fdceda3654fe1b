# Wordmark: build, run and test. `make run` and `make test` are the two commands of the README.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := run

# Cargo's build folder lives outside the clone so that fresh clones (CI) reuse earlier builds.
export CARGO_TARGET_DIR ?= $(HOME)/.cache/wordmark/target
CARGO ?= cargo
NPM ?= npm
DEBUG_BIN := $(CARGO_TARGET_DIR)/debug/wordmark
RELEASE_BIN := $(CARGO_TARGET_DIR)/release/wordmark
PG_TEST_URL ?= postgres://postgres@127.0.0.1:5432

# The reference corpus (real WPML exports, other tools' XLIFF files, the XLIFF schemas; the
# providers' documents beside it) is not part of the repository. When `../shared/corpus` is
# beside the clone, every cargo and npm call gets WORDMARK_CORPUS, which turns the corpus tests
# on; without it they are reported as ignored (Rust) or skipped (Vitest). Set WORDMARK_CORPUS
# yourself to use another folder. Exported to every call alike: cargo rebuilds a crate whose
# corpus switch changed.
ifeq ($(origin WORDMARK_CORPUS),undefined)
ifneq ($(wildcard ../shared/corpus/xliff),)
export WORDMARK_CORPUS := $(abspath ../shared/corpus)
endif
endif

.PHONY: run build web-deps web-build web-bundle e2e-deps test rust-lane-build app-lane-build test-browsers corpus-note lint lint-rust rust-style lint-web test-rust test-web test-e2e test-wordpress rust-test-build system-deps py-deps pg-up mariadb-up api-types bench bench-sites bench-editor fmt fuzz fuzz-seed

## run: install the app's packages, build app and server in release mode, serve on 127.0.0.1:8080
run: build
	mkdir -p data
	./target/release/wordmark serve

## build: leave target/release/wordmark serving the embedded app and the API from one port
build: web-build
	$(CARGO) build --release --locked -p wordmark-server
	mkdir -p target/release
	if [ "$$(realpath $(RELEASE_BIN))" != "$$(realpath -m target/release/wordmark)" ]; then \
	  cp $(RELEASE_BIN) target/release/wordmark; fi

web-deps: web/node_modules/.package-lock.json
web/node_modules/.package-lock.json: web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund --loglevel=error
	touch $@

web-build: web-deps
	cd web && $(NPM) run build

# The bundle alone, for `make test`, whose lint has just typechecked the app.
web-bundle: web-deps
	cd web && $(NPM) run bundle

e2e-deps: e2e/node_modules/.package-lock.json
e2e/node_modules/.package-lock.json: e2e/package-lock.json
	cd e2e && $(NPM) ci --no-audit --no-fund --loglevel=error
	touch $@

## test: every test: lint and typecheck, Rust on SQLite and PostgreSQL, app unit tests, end-to-end in Chromium
# Two lanes at a time, twice. First the Rust lane lints and builds every test binary while the
# app's lane typechecks, lints and bundles: cargo keeps both cores busy only part of the time
# (one crate's front end is one thread), and tsc and ESLint are one thread each. Then the Rust
# suites run in one lane and the browsers' (end to end, then Vitest) in the other: both spend
# most of their time waiting on commits, the browser and the server, so they overlap instead of
# queueing. Each lane's output is printed whole when it ends (--output-sync), never interleaved.
test: system-deps py-deps
	$(MAKE) --no-print-directory -j2 --output-sync=target rust-lane-build app-lane-build
	$(MAKE) --no-print-directory -j2 --output-sync=target test-rust test-browsers
	$(MAKE) --no-print-directory corpus-note

# The architecture test runs with the other tests of `test-rust`: run alone (`--test
# architecture`, as `make lint` does) it picks one package, so cargo would build the server for
# that package's features and then again for the whole workspace's.
rust-lane-build:
	$(MAKE) --no-print-directory rust-style
	$(MAKE) --no-print-directory rust-test-build

app-lane-build: web-deps e2e-deps
	$(MAKE) --no-print-directory lint-web
	$(MAKE) --no-print-directory web-bundle
	$(MAKE) --no-print-directory test-wordpress

# The end-to-end suite, then Vitest, on what the first lanes built (no cargo call: the Rust lane
# holds cargo's lock on the build folder while its tests run).
test-browsers: web-deps
	$(E2E_RUN)
	cd web && $(NPM) test

## corpus-note: one line naming the corpus tests, and whether they ran
# The files are found by their switch (`not(corpus)` in Rust, WORDMARK_CORPUS in Vitest), so the
# line stays true as corpus tests come and go.
corpus-note:
	@files=$$( { grep -rl --include='*.rs' 'cfg_attr(not(corpus), ignore = "needs' crates; \
	    grep -rl --include='*.test.ts' 'WORDMARK_CORPUS' web/src; } \
	    | sed -E 's|^crates/([a-z]+)/(src\|tests)/|\1/|; s|/mod\.rs$$||; s|\.rs$$||; s|^web/.*/|web/|' | sort | paste -sd' '); \
	rust=$$(grep -r --include='*.rs' -c 'cfg_attr(not(corpus), ignore = "needs' crates | awk -F: '{n += $$2} END {print n}'); \
	if [ -z "$${WORDMARK_CORPUS:-}" ]; then \
	  echo "Corpus tests skipped (reported as ignored): no ../shared/corpus beside the clone and WORDMARK_CORPUS unset: $$files"; \
	else \
	  echo "Corpus tests ran on $$WORDMARK_CORPUS ($$rust Rust tests, and Vitest's): $$files"; \
	fi

## system-deps: Debian packages the tests use, installed only when missing; PostgreSQL started when down
system-deps:
	missing=""; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	command -v xmllint >/dev/null || missing="$$missing libxml2-utils"; \
	command -v soffice >/dev/null || missing="$$missing libreoffice-calc-nogui"; \
	command -v pdftoppm >/dev/null || missing="$$missing poppler-utils"; \
	command -v sqlite3 >/dev/null || missing="$$missing sqlite3"; \
	test -f /usr/share/wordpress/wp-load.php || missing="$$missing wordpress"; \
	command -v php >/dev/null || missing="$$missing php-cli"; \
	php -m 2>/dev/null | grep -qx mysqli || missing="$$missing php-mysql"; \
	php -m 2>/dev/null | grep -qx dom || missing="$$missing php-xml"; \
	php -m 2>/dev/null | grep -qx mbstring || missing="$$missing php-mbstring"; \
	command -v phpunit >/dev/null || missing="$$missing phpunit"; \
	command -v mysql >/dev/null || missing="$$missing mariadb-client"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing; \
	fi
	$(MAKE) --no-print-directory pg-up
	$(MAKE) --no-print-directory mariadb-up

## py-deps: the Python environment of the XLSX baseline (openpyxl, lxml), also the independent
## reader of the tests that check files (`cfg(python)`, on when WORDMARK_PYTHON is set)
BENCH_VENV := $(HOME)/.cache/wordmark/bench-venv
export WORDMARK_PYTHON ?= $(BENCH_VENV)/bin/python
# Made again only when the requirements' contents change (a fresh clone's files are all new, so
# a dependency on the file's date would remake it for every clone).
py-deps:
	if ! cmp -s benches/baseline/requirements.txt $(BENCH_VENV)/requirements.txt; then \
	  python3 -m venv $(BENCH_VENV) && \
	  $(BENCH_VENV)/bin/python -m pip install -q -r benches/baseline/requirements.txt && \
	  cp benches/baseline/requirements.txt $(BENCH_VENV)/requirements.txt; \
	fi

pg-up:
	if ! pg_isready -q -h 127.0.0.1 -p 5432; then \
	  if command -v pg_ctlcluster >/dev/null; then \
	    pg_ctlcluster --skip-systemctl-redirect $$(ls /etc/postgresql) main start; \
	  else echo "PostgreSQL is not installed: the PostgreSQL test run needs it at 127.0.0.1:5432" >&2; exit 1; fi; \
	fi

# The WordPress test sites' database: MariaDB at WORDMARK_WP_DB_HOST, root without a password.
export WORDMARK_WP_DB_HOST ?= 127.0.0.1:3306
mariadb-up:
	if ! mysqladmin -h $${WORDMARK_WP_DB_HOST%:*} -P $${WORDMARK_WP_DB_HOST##*:} -u root --silent ping >/dev/null 2>&1; then \
	  if command -v mariadbd >/dev/null; then service mariadb start; \
	  else echo "MariaDB is not running: the WordPress tests need it at $$WORDMARK_WP_DB_HOST (root, no password)" >&2; exit 1; fi; \
	fi

## test-wordpress: php -l on the WordPress connector, then its PHPUnit tests against real WordPress test sites
test-wordpress:
	find connectors/wordpress -name '*.php' -print0 | xargs -0 -n1 php -l -n | { grep -v '^No syntax errors' || true; }
	phpunit -c connectors/wordpress/tests/phpunit.xml

## lint: formatting, clippy (the fuzz targets too), the server's module layers and circles (tests/architecture.rs), the app's typecheck and ESLint
lint: lint-rust lint-web

lint-rust: rust-style
	$(CARGO) test --locked --workspace --test architecture

rust-style:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --locked --workspace --all-targets -- -D warnings

lint-web: web-deps
	cd web && $(NPM) run typecheck && $(NPM) run lint

## test-rust: the whole workspace on SQLite, then the storage tests again on PostgreSQL
# Every cargo call of `make test` selects the whole workspace, so cargo resolves one feature set
# and compiles each crate once: the PostgreSQL run (the server's storage unit tests and the
# integration suite, picked with --lib/--test) and the end-to-end binary reuse the first build.
# Test threads per binary: the integration tests mostly wait on their database's commits, so
# more of them than cores keep both cores busy (on two cores, 6 threads took the PostgreSQL run
# from 147 s to 83 s; docs/benchmarks.md).
TEST_THREADS ?= 6
test-rust:
	$(CARGO) test --locked --workspace -- --test-threads=$(TEST_THREADS)
	WORDMARK_TEST_DATABASE=postgres WORDMARK_TEST_PG_URL=$(PG_TEST_URL) $(CARGO) test --locked --workspace --lib --test integration -- --test-threads=$(TEST_THREADS)

test-web: web-deps
	cd web && $(NPM) test

## test-e2e: the built app served by a debug server on a fresh SQLite file, driven in Debian's Chromium
E2E_RUN = cd e2e && WORDMARK_BIN=$(DEBUG_BIN) node run.mjs
test-e2e: web-build e2e-deps rust-test-build
	$(E2E_RUN)

# Every test binary and the debug server, in the build the test runs share.
rust-test-build:
	$(CARGO) test --locked --workspace --no-run

## api-types: regenerate the app's typed API client from the server's OpenAPI document
api-types: web-deps
	$(CARGO) run -q -p wordmark-server -- openapi > web/src/api/openapi.json
	cd web && $(NPM) run gen:api

## bench: whole-workflow benchmarks against their baselines, then pre-translation (whole server run, engine alone)
bench: build
	$(CARGO) run --release --locked -p wordmark-bench -- --bin target/release/wordmark
	$(CARGO) bench --locked -p wordmark-server --bench pretranslate_run
	$(CARGO) bench --locked -p wordmark-mt --features fake --bench pretranslate

## bench-editor: the job editor on a 3,000-segment job in Chromium (release build) against the job page it replaced, built aside from EDITOR_BASELINE_REF
# The baseline is the app of the commit before the editor (the table with a dialog per segment),
# bundled into the target folder with this checkout's node_modules and served by a second server
# on the suite's database, so both are measured in the same run on the same job.
EDITOR_BASELINE_REF ?= 0179b88
EDITOR_BASELINE_DIR := $(CARGO_TARGET_DIR)/editor-baseline
bench-editor: build e2e-deps
	rm -rf $(EDITOR_BASELINE_DIR) && mkdir -p $(EDITOR_BASELINE_DIR)
	git archive $(EDITOR_BASELINE_REF) web | tar -x -C $(EDITOR_BASELINE_DIR)
	ln -s $(CURDIR)/web/node_modules $(EDITOR_BASELINE_DIR)/web/node_modules
	cd $(EDITOR_BASELINE_DIR)/web && $(NPM) run bundle
	cd e2e && WORDMARK_BIN=$(RELEASE_BIN) WORDMARK_BASELINE_WEB_DIR=$(EDITOR_BASELINE_DIR)/web/dist node run.mjs bench/editor.bench.mjs

## bench-sites: listing, pulling and publishing 500 pages of the local WordPress test site vs. a bare client of its REST API
bench-sites: build mariadb-up
	$(CARGO) run --release --locked -p wordmark-bench -- --bin target/release/wordmark --wordpress --pages 500 --runs 3

## fuzz: every fuzz target for FUZZ_SECONDS each (nightly and cargo-fuzz; docs/fuzzing.md)
# The corpora grow in fuzz/corpus (ignored by git), seeded from the test fixtures and, when it is
# there, the XLIFF files of the reference corpus (WORDMARK_CORPUS); crashes land in fuzz/artifacts.
FUZZ_SECONDS ?= 600
FUZZ_SANITIZER ?= address
FUZZ_TARGETS := xliff_round_trip xlsx_import zip_read svg_sanitize segment_parse mt_answers terms_read tmx_read term_layouts
FIXTURES := crates/core/tests/fixtures
fuzz: fuzz-seed
	cd fuzz && for target in $(FUZZ_TARGETS); do \
	  $(CARGO) +nightly fuzz run --sanitizer $(FUZZ_SANITIZER) $$target -- \
	    -max_total_time=$(FUZZ_SECONDS) -max_len=262144 -print_final_stats=1; \
	done

fuzz-seed:
	for target in $(FUZZ_TARGETS); do mkdir -p fuzz/corpus/$$target; done
	cp $(FIXTURES)/xliff/* fuzz/corpus/xliff_round_trip/
	if [ -n "$${WORDMARK_CORPUS:-}" ]; then find "$$WORDMARK_CORPUS/xliff" -type f \( -name '*.xliff' -o -name '*.xlf' \) -exec cp {} fuzz/corpus/xliff_round_trip/ \; ; fi
	cp $(FIXTURES)/svg/*.svg fuzz/corpus/svg_sanitize/
	find $(FIXTURES)/tmx -type f -name '*.tmx' -exec cp {} fuzz/corpus/tmx_read/ \;
	find $(FIXTURES)/tbx $(FIXTURES)/glossary -type f \( -name '*.tbx' -o -name '*.csv' \) -exec cp {} fuzz/corpus/terms_read/ \;
	rm -f fuzz/corpus/xlsx_import/minimal.xlsx fuzz/corpus/zip_read/fixtures.zip
	cd $(FIXTURES)/xlsx/minimal-package && zip -q -X -r $(CURDIR)/fuzz/corpus/xlsx_import/minimal.xlsx .
	cp fuzz/corpus/xlsx_import/minimal.xlsx fuzz/corpus/zip_read/
	cd $(FIXTURES)/xliff && zip -q -X $(CURDIR)/fuzz/corpus/zip_read/fixtures.zip seg-source.xlf self-closing-target.xlf
	cp fuzz/seeds/segment/* fuzz/corpus/segment_parse/
	cp fuzz/seeds/segment/* fuzz/corpus/mt_answers/
	for target in $(FUZZ_TARGETS); do \
	  if [ -d fuzz/seeds/found/$$target ]; then cp fuzz/seeds/found/$$target/* fuzz/corpus/$$target/; fi; \
	done

fmt:
	$(CARGO) fmt --all
