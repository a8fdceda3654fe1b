//! Wordmark's server: HTTP API, storage and the `wordmark` command line.
//!
//! # Module map (where a new feature goes)
//! - `features/<feature>/mod.rs`: the feature's `router()`, an `OpenApiRouter` that registers
//!   each handler once with `routes!(...)` (the path and method come from the handler's
//!   `#[utoipa::path]`; handlers of one path go in one `routes!`), and the request/response types
//!   its handlers do not name in `#[utoipa::path]` under `components(schemas(...))`. Next to it
//!   `handlers.rs`, `types.rs` (request/response structs, `ToSchema`) and, for a feature with
//!   tables of its own, `queries.rs`, its storage (`clients`, `rebranding`, `pretranslate`'s runs
//!   and run jobs; `dashboard` only reads).
//! - `features/translation/`: the base of the translation features. `store/` is the only code
//!   that touches the translation tables (projects, jobs, segments, status history);
//!   `service/` holds the workflow's operations (create from a zip, edits, machine fills,
//!   corrections, exports, status changes) that `jobs`, `pretranslate` and `review` call;
//!   `segment_state.rs` decides a segment's status and origin.
//! - `features/mod.rs`: registers each feature — `pub mod` and its router in `api_router()`
//!   (token required; each handler names the permission it needs with
//!   `Authorized<perm::…>`, from the role × permission table in `policy.rs`) or
//!   `public_router()`.
//! - `services/`: what several features share, each the only writer of its own tables:
//!   `accounts` (users, password rules and hashing), `tokens` (sessions, sign-in throttling),
//!   `mt_settings` (the machine translation provider, in `settings`), `memory` (the translation
//!   memory), `runs` (the pre-translation runs this process works; no table).
//! - Storage: a feature's `queries.rs`, the translation store and the services are the only code
//!   that reads and writes the database; each table is written from one of them
//!   (docs/architecture.md lists which).
//! - `db/`: connection setup, `bulk.rs` (the bulk-insert transaction), `checkpoint.rs` (SQLite's
//!   WAL checkpoints), `entities/<table>.rs` (one per table, listed in `db/entities/mod.rs`) and
//!   the migrations: a new one is `db/migrations/mNNNN_<feature>.rs` appended to `Migrator`
//!   (append-only). Tables owned by a client reference `clients(id) ON DELETE CASCADE`.
//! - `http/`: the request toolkit the features are written with — `error.rs` (`ApiError`,
//!   `ApiJson`, `ApiPath`, `DbResultExt::on_conflict`, `required`, the services' errors as
//!   answers), `auth.rs` (token layer and extractors), `multipart.rs` (`ApiMultipart`,
//!   `read_capped`, `spool_capped`), `download.rs`, `compression.rs`, `security.rs` (headers) — and `mod.rs`,
//!   the router with its layers.
//! - `openapi.rs`: the feature routers gathered (`routes()`, used by `http::router`), the
//!   OpenAPI document built from them, and its route `/api/openapi.json`.
//! - `config.rs` (`WORDMARK_*`, documented in `vars()`), `cli.rs` (`wordmark ...`),
//!   `web_assets.rs` (the built app), `server.rs`, `state.rs`, `telemetry.rs`.
//! - Tests: `tests/integration/<feature>.rs`, declared in `tests/integration/main.rs`, using
//!   `common::spawn_app()`; fixtures under `tests/fixtures/`; unit tests next to the code.
//!
//! # Dependencies run one way
//! `config` < `db` < `services` < `state` and the `http` toolkit < `features` < `http::router`,
//! `openapi`, `server`, `cli`: a module uses its own layer and those below, never one above, and
//! no two features, services or top-level modules depend on each other in a circle.
//! `tests/architecture.rs` checks both (`make lint` runs it).

pub mod cli;
pub mod config;
pub mod db;
pub mod features;
pub mod http;
pub mod openapi;
pub mod policy;
pub mod server;
pub mod services;
pub mod state;
pub mod telemetry;
pub mod web_assets;

pub use state::AppState;

/// The whole application: API, sign-in and the web app, with every layer.
pub fn app(state: AppState) -> axum::Router {
    http::router(state)
}
