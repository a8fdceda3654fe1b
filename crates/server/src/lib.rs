//! Wordmark's server: HTTP API, storage and the `wordmark` command line.
//!
//! # Module map (where a new feature goes)
//! - `features/<feature>/mod.rs`: the feature's `router()` (full paths, e.g. `/api/job/{id}`)
//!   and `ApiDoc` (utoipa: every handler in `paths(...)`, every request/response type in
//!   `components(schemas(...))`); next to it `handlers.rs`, `types.rs` (request/response
//!   structs, `ToSchema`), `queries.rs` (the only place that touches the database).
//! - `features/mod.rs`: registers each feature — `pub mod`, its router in `api_router()`
//!   (token required; roles checked per handler with `CurrentUser` / `AdminUser`) and its
//!   `ApiDoc` in `openapi_parts()`.
//! - `db/entities/<table>.rs` (one per table, listed in `db/entities/mod.rs`) and a new
//!   migration `db/migrations/mNNNN_<feature>.rs` appended to `Migrator` (append-only). Tables
//!   owned by a client reference `clients(id) ON DELETE CASCADE`.
//! - `http/`: `error.rs` (`ApiError`, `ApiJson`, `ApiPath`, `DbResultExt::on_conflict`,
//!   `required`), `auth.rs` (token layer and extractors), `multipart.rs` (`ApiMultipart`,
//!   `read_capped`), `security.rs` (headers), `mod.rs` (layers).
//! - `config.rs` (`WORDMARK_*`, documented in `vars()`), `cli.rs` (`wordmark ...`),
//!   `web_assets.rs` (the built app), `openapi.rs`, `server.rs`, `telemetry.rs`.
//! - Tests: `tests/integration/<feature>.rs`, declared in `tests/integration/main.rs`, using
//!   `common::spawn_app()`; fixtures under `tests/fixtures/`.

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
