//! Wordmark's server: HTTP API, storage and the `wordmark` command line.
//!
//! # Module map (where a new feature goes)
//! - `features/<feature>/mod.rs`: the feature's `router()`, an `OpenApiRouter` that registers
//!   each handler once with `routes!(...)` (the path and method come from the handler's
//!   `#[utoipa::path]`; handlers of one path go in one `routes!`), and the request/response types
//!   its handlers do not name in `#[utoipa::path]` under `components(schemas(...))`. Next to it
//!   `handlers.rs`, `types.rs` (request/response structs, `ToSchema`) and `queries.rs`, the
//!   feature's storage.
//! - `features/mod.rs`: registers each feature — `pub mod` and its router in `api_router()`
//!   (token required; roles checked per handler with `CurrentUser` / `AdminUser`) or
//!   `public_router()`.
//! - `services/`: what several features share, each with its own tables: `accounts` (users,
//!   password rules and hashing), `tokens` (sessions, sign-in throttling), `mt_settings` (the
//!   machine translation provider), `runs` (the pre-translation runs this process works).
//! - Storage: the `queries.rs` of a feature and the services are the only code that reads and
//!   writes the database; each table is written from one of them.
//! - `db/entities/<table>.rs` (one per table, listed in `db/entities/mod.rs`) and a new
//!   migration `db/migrations/mNNNN_<feature>.rs` appended to `Migrator` (append-only). Tables
//!   owned by a client reference `clients(id) ON DELETE CASCADE`.
//! - `http/`: the request toolkit the features are written with — `error.rs` (`ApiError`,
//!   `ApiJson`, `ApiPath`, `DbResultExt::on_conflict`, `required`, the services' errors as
//!   answers), `auth.rs` (token layer and extractors), `multipart.rs` (`ApiMultipart`,
//!   `read_capped`), `download.rs`, `security.rs` (headers) — and `mod.rs`, the router with its
//!   layers.
//! - `openapi.rs`: every route with its documentation (`routes()`, used by `http::router`), the
//!   OpenAPI document built from them, and its route `/api/openapi.json`.
//! - `config.rs` (`WORDMARK_*`, documented in `vars()`), `cli.rs` (`wordmark ...`),
//!   `web_assets.rs` (the built app), `server.rs`, `telemetry.rs`.
//! - Tests: `tests/integration/<feature>.rs`, declared in `tests/integration/main.rs`, using
//!   `common::spawn_app()`; fixtures under `tests/fixtures/`.
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
