//! The OpenAPI document: each feature's `ApiDoc` merged under one root that declares the
//! bearer-token security every path needs unless it says `security(())`.

use std::sync::LazyLock;

use utoipa::{
    Modify, OpenApi,
    openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme},
};

use crate::{features, http::error::ErrorBody};

#[derive(OpenApi)]
#[openapi(
    info(title = "Wordmark API", description = "Clients, translation and rebranding projects."),
    security(("bearer_token" = [])),
    modifiers(&BearerToken),
    components(schemas(ErrorBody))
)]
struct Root;

struct BearerToken;

impl Modify for BearerToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer_token",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = Root::openapi();
    doc.info.version = env!("CARGO_PKG_VERSION").to_owned();
    for part in features::openapi_parts() {
        doc.merge(part);
    }
    doc
}

/// The document as pretty JSON, built once.
pub fn json() -> &'static str {
    static JSON: LazyLock<String> = LazyLock::new(|| {
        document()
            .to_pretty_json()
            .expect("the OpenAPI document serialises")
    });
    &JSON
}
