//! Wordmark's server: HTTP API, storage and the `wordmark` command line.
//!
//! # Module map (where a new feature goes)
//! - `services/<domain>`: each table's one owner: its store (the only SQL on those tables), its
//!   operations and its typed error (`clients`, `rebranding`, `reviews` — the browser review's
//!   links, drafts, comments and threads —, `translation` — projects, jobs, segments, their
//!   history: `store/` and the workflow's operations —, `pretranslate` — the runs' store, the
//!   engine and the background workers —, `memory`, `terminology`, `rates`, `accounts`, `tokens`,
//!   `audit`, `mt_settings`; `analysis`, `client_archive` (with its records in
//!   `client_archive_format`) and `term_suggestions` own no table and work through the owners;
//!   `runs` is the registry of the runs this process works, `mail`
//!   sends mail). A service uses `db`, `config` and other services, never `http`, `features`
//!   or `state`. docs/architecture.md lists every table with its owner.
//! - `features/<feature>/`: only HTTP. `mod.rs` holds the feature's `router()`, an
//!   `OpenApiRouter` that registers each handler once with `routes!(...)` (the path and method
//!   come from the handler's `#[utoipa::path]`; handlers of one path go in one `routes!`), and
//!   the request/response types its handlers do not name in `#[utoipa::path]` under
//!   `components(schemas(...))`. Next to it `handlers.rs` (or files named for their callers,
//!   like `browser_review`'s `staff.rs` and `customer.rs`) and `types.rs` (request/response
//!   structs, `ToSchema`, their `From` conversions). A feature calls the owners in `services/`
//!   and never another feature; `review_workbook` is the XLSX round trip, `browser_review` the
//!   customer's review in the browser.
//! - `features/mod.rs`: registers each feature — `pub mod` and its router in `api_router()`
//!   (token required; each handler names the permission it needs with
//!   `Authorized<perm::…>`, from the role × permission table in `policy.rs`) or
//!   `public_router()`.
//! - `db/`: connection setup, `bulk.rs` (the bulk-insert transaction), `checkpoint.rs` (SQLite's
//!   WAL checkpoints), `entities/<table>.rs` (one per table, listed in `db/entities/mod.rs`) and
//!   the migrations: a new one is `db/migrations/mNNNN_<feature>.rs` appended to `Migrator`
//!   (append-only). Tables owned by a client reference `clients(id) ON DELETE CASCADE`.
//! - `http/`: the request toolkit the features are written with — `error.rs` (`ApiError`,
//!   `ApiJson`, `ApiPath`, `required`, and each domain error's status: one
//!   `From<DomainError> for ApiError` per service error), `auth.rs` (token layer and
//!   extractors), `multipart.rs` (`ApiMultipart`, `read_capped`, `spool_capped`), `views/`
//!   (the answers several features return: a client, a project, a job), `download.rs`,
//!   `compression.rs`, `security.rs` (headers) — and `mod.rs`, the router with its layers.
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
//! no two features, services or top-level modules depend on each other in a circle; no feature
//! uses another, and no service uses `http`, `features` or `state`. `tests/architecture.rs`
//! checks these (`make lint` runs it).

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
