//! The features, one folder each (`mod.rs` with its router and `ApiDoc`, handlers,
//! request/response types, queries).
//!
//! Adding a feature means three lines here: `pub mod <feature>;`, its router in
//! [`api_router`] (or [`public_router`] when it needs no token) and its `ApiDoc` in
//! [`openapi_parts`].

pub mod auth;
pub mod clients;
pub mod dashboard;
pub mod jobs;
pub mod meta;
pub mod pretranslate;
pub mod rebranding;
pub mod review;
pub mod settings;
pub mod translation;
pub mod users;

use axum::Router;
use utoipa::OpenApi;

use crate::state::AppState;

/// Routes under `/api` that need a signed-in user (the token layer wraps all of them).
pub fn api_router() -> Router<AppState> {
    Router::new()
        .merge(users::router())
        .merge(clients::router())
        .merge(dashboard::router())
        .merge(translation::router())
        .merge(jobs::router())
        .merge(rebranding::router())
        .merge(meta::router())
        .merge(pretranslate::router())
        .merge(settings::router())
        .merge(review::router())
}

/// Routes open without a token.
pub fn public_router() -> Router<AppState> {
    Router::new()
        .merge(auth::router())
        .merge(meta::public_router())
}

/// Each feature's part of the OpenAPI document.
pub fn openapi_parts() -> Vec<utoipa::openapi::OpenApi> {
    vec![
        auth::ApiDoc::openapi(),
        users::ApiDoc::openapi(),
        clients::ApiDoc::openapi(),
        dashboard::ApiDoc::openapi(),
        translation::ApiDoc::openapi(),
        jobs::ApiDoc::openapi(),
        rebranding::ApiDoc::openapi(),
        meta::ApiDoc::openapi(),
        pretranslate::ApiDoc::openapi(),
        settings::ApiDoc::openapi(),
        review::ApiDoc::openapi(),
    ]
}
