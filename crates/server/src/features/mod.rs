//! The features, one folder each: `mod.rs` with its router, the handlers and the request and
//! response types. A feature holds no storage (a table's owner is under `services/`) and uses
//! no other feature.
//!
//! Adding a feature means two lines here: `pub mod <feature>;` and its router in
//! [`api_router`] (or [`public_router`] when it needs no token). A feature's router declares each
//! route once, with `routes!(handler, ...)` over handlers of one path: the path and method come
//! from the handler's `#[utoipa::path]`, so the route and its documentation cannot differ.

pub mod account_mail;
pub mod analysis;
pub mod archive;
pub mod assignments;
pub mod audit;
pub mod auth;
pub mod browser_review;
pub mod clients;
pub mod dashboard;
pub mod earnings;
pub mod jobs;
pub mod memory;
pub mod meta;
pub mod notifications;
pub mod outbox;
pub mod pretranslate;
pub mod quotes;
pub mod rates;
pub mod rebranding;
pub mod review_workbook;
pub mod settings;
pub mod sites;
pub mod terminology;
pub mod translation;
pub mod translator_profiles;
pub mod users;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

/// Routes under `/api` that need a signed-in user (the token layer wraps all of them).
pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::default()
        .merge(users::router())
        .merge(clients::router())
        .merge(sites::router())
        .merge(archive::router())
        .merge(dashboard::router())
        .merge(translation::router())
        .merge(jobs::router())
        .merge(rebranding::router())
        .merge(meta::router())
        .merge(pretranslate::router())
        .merge(settings::router())
        .merge(review_workbook::router())
        .merge(audit::router())
        .merge(browser_review::router())
        .merge(terminology::router())
        .merge(analysis::router())
        .merge(earnings::router())
        .merge(memory::router())
        .merge(rates::router())
        .merge(outbox::router())
        .merge(account_mail::router())
        .merge(notifications::router())
        .merge(quotes::router())
        .merge(assignments::router())
        .merge(translator_profiles::router())
}

/// Routes open without a token.
pub fn public_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::default()
        .merge(auth::router())
        .merge(meta::public_router())
        .merge(browser_review::public_router())
        .merge(account_mail::public_router())
}
