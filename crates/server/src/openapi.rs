//! The API's routes and its OpenAPI document, built from the same declarations: each feature's
//! router registers its handlers with `routes!`, which takes the path and method from the
//! handler's `#[utoipa::path]`. The document is those routers' documentation merged under one
//! root that declares the bearer-token security every path needs unless it says `security(())`.
//!
//! Each operation declares who may call it in its `security`: `security(())` for a route open
//! without a token, else `security(("bearer_token" = ["<permission>"]))` naming the permission
//! of `crate::policy` its handler's `Authorized<perm::…>` checks. [`declarations`] reads them
//! back (the authorization matrix test walks them), and the document's descriptions say which
//! roles have each operation's permission.
//!
//! This module sits above the features (it describes all of them), so the document's own route
//! lives here rather than in a feature.

use std::sync::LazyLock;

use axum::{http::header, response::IntoResponse};
use utoipa::{
    Modify, OpenApi,
    openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{features, http::error::ErrorBody, policy::Permission, state::AppState};

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

/// Every route of the API, with its documentation.
pub struct Routes {
    /// Under `/api`: the token layer wraps them.
    pub protected: OpenApiRouter<AppState>,
    /// Open without a token.
    pub public: OpenApiRouter<AppState>,
}

pub fn routes() -> Routes {
    Routes {
        protected: features::api_router(),
        public: features::public_router().routes(routes!(openapi_json)),
    }
}

pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = Root::openapi();
    doc.info.version = env!("CARGO_PKG_VERSION").to_owned();
    let Routes { protected, public } = routes();
    doc.merge(protected.into_openapi());
    doc.merge(public.into_openapi());
    describe_permissions(&mut doc);
    doc
}

/// Who may call an operation, as it declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Open without a token (`security(())`).
    Public,
    /// A signed-in user whose role has this permission.
    Needs(Permission),
}

/// One operation of the document and what it declares: its access, or why it has none.
#[derive(Clone, Debug)]
pub struct Declaration {
    pub method: String,
    pub path: String,
    pub access: Result<Access, String>,
}

/// The access an operation's `security` declares (`None` when it has none of its own).
fn access(security: Option<&serde_json::Value>) -> Result<Access, String> {
    let undeclared = "declares no access: add `security((\"bearer_token\" = [\"<permission>\"]))` \
         to its #[utoipa::path] with the permission its handler's Authorized<perm::…> checks, or \
         `security(())` to a route open without a token";
    let requirements = security.and_then(|s| s.as_array()).ok_or(undeclared)?;
    let [requirement] = requirements.as_slice() else {
        return Err(format!(
            "declares {} security requirements, not one",
            requirements.len()
        ));
    };
    let requirement = requirement.as_object().ok_or(undeclared)?;
    if requirement.is_empty() {
        return Ok(Access::Public);
    }
    match requirement
        .get("bearer_token")
        .and_then(|scopes| scopes.as_array())
    {
        Some(scopes) if requirement.len() == 1 && scopes.len() == 1 => {
            let key = scopes[0].as_str().unwrap_or_default();
            key.parse().map(Access::Needs)
        }
        _ => Err(format!(
            "declares {requirement:?}, not one permission of the bearer token"
        )),
    }
}

/// Every operation of `doc` with what it declares, by path and method.
pub fn declarations(doc: &utoipa::openapi::OpenApi) -> Vec<Declaration> {
    let doc = serde_json::to_value(doc).expect("the OpenAPI document serialises");
    let mut declarations = Vec::new();
    for (path, item) in doc["paths"].as_object().into_iter().flatten() {
        for (method, operation) in item.as_object().into_iter().flatten() {
            declarations.push(Declaration {
                method: method.to_uppercase(),
                path: path.clone(),
                access: access(operation.get("security")),
            });
        }
    }
    declarations
}

/// Adds to each operation's description the permission it needs and the roles that have it,
/// so that API users read them where they read the operation.
fn describe_permissions(doc: &mut utoipa::openapi::OpenApi) {
    for item in doc.paths.paths.values_mut() {
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ];
        for operation in operations.into_iter().flatten() {
            let security = serde_json::to_value(&operation.security).ok();
            let Ok(Access::Needs(permission)) = access(security.as_ref()) else {
                continue;
            };
            let roles: Vec<&str> = permission.roles().iter().map(|r| r.as_str()).collect();
            let line = format!(
                "Permission `{permission}` ({}), held by: {}.",
                permission.description().trim_end_matches('.'),
                roles.join(", ")
            );
            operation.description = Some(match operation.description.take() {
                Some(description) => format!("{description}\n\n{line}"),
                None => line,
            });
        }
    }
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

/// This API's OpenAPI document (documentation only; reachable without a token).
#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "meta",
    security(()),
    responses((status = 200, description = "OpenAPI 3.1 document", content_type = "application/json"))
)]
async fn openapi_json() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], json())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    type Operation = (String, String);

    /// `(METHOD, path)` of every route axum serves from `router`, read from its debug form:
    /// axum has no other way to list its routes. Each route is `RouteId(n): MethodRouter(...)`
    /// with its methods (`get: BoxedHandler`, `post: None`, ...), and the router's node maps
    /// `RouteId(n): "/path"`.
    fn routed(router: OpenApiRouter<AppState>) -> BTreeSet<Operation> {
        let debug = format!("{:?}", axum::Router::from(router));
        // The fallback router numbers its routes from 1 too; only the routes proper count.
        let debug = debug.split(", fallback_router:").next().unwrap();
        let mut methods = std::collections::HashMap::new();
        let mut paths = std::collections::HashMap::new();
        for (at, _) in debug.match_indices("RouteId(") {
            let rest = &debug[at + "RouteId(".len()..];
            let (id, rest) = rest.split_once("): ").expect("RouteId(n): ...");
            if let Some(path) = rest.strip_prefix('"') {
                paths.insert(id.to_owned(), path.split('"').next().unwrap().to_owned());
            } else if let Some(router) = rest.strip_prefix("MethodRouter(MethodRouter { ") {
                let fields = router.split(", fallback:").next().unwrap();
                let served: Vec<String> = fields
                    .split(", ")
                    .filter_map(|field| field.split_once(": "))
                    .filter(|(_, endpoint)| *endpoint != "None")
                    .map(|(method, _)| method.to_uppercase())
                    .collect();
                methods.insert(id.to_owned(), served);
            }
        }
        let mut operations = BTreeSet::new();
        for (id, path) in paths {
            for method in methods.remove(&id).unwrap_or_default() {
                operations.insert((method, path.clone()));
            }
        }
        operations
    }

    fn documented(doc: &utoipa::openapi::OpenApi) -> BTreeSet<Operation> {
        let doc = serde_json::to_value(doc).unwrap();
        let mut operations = BTreeSet::new();
        for (path, item) in doc["paths"].as_object().unwrap() {
            for method in item.as_object().unwrap().keys() {
                operations.insert((method.to_uppercase(), path.clone()));
            }
        }
        operations
    }

    #[test]
    fn every_route_is_documented_with_its_path_and_every_documented_route_is_served() {
        let Routes { protected, public } = routes();
        let mut served = routed(protected);
        served.extend(routed(public));
        let listed = documented(&document());
        let undocumented: Vec<_> = served.difference(&listed).collect();
        let unserved: Vec<_> = listed.difference(&served).collect();
        assert!(
            undocumented.is_empty() && unserved.is_empty(),
            "routed but not documented: {undocumented:?}\ndocumented but not routed: {unserved:?}"
        );
        // The reader above found the routes (43 when this was written).
        assert!(served.len() >= 40, "{served:?}");
    }

    #[test]
    fn a_route_added_without_documentation_is_noticed() {
        let Routes { protected, .. } = routes();
        let before = routed(protected.clone());
        let extra = protected.route("/api/undocumented", axum::routing::put(|| async {}));
        let after = routed(extra);
        let added: Vec<_> = after.difference(&before).collect();
        assert_eq!(added, [&("PUT".to_owned(), "/api/undocumented".to_owned())]);
    }

    /// Every operation says who may call it; the token layer's routes never say "public".
    #[test]
    fn every_operation_declares_its_access() {
        let declarations = declarations(&document());
        let undeclared: Vec<String> = declarations
            .iter()
            .filter_map(|d| {
                let why = d.access.as_ref().err()?;
                Some(format!("{} {}: {why}", d.method, d.path))
            })
            .collect();
        assert!(undeclared.is_empty(), "{}", undeclared.join("\n"));

        let Routes { protected, .. } = routes();
        let protected = routed(protected);
        let public_under_the_token: Vec<_> = declarations
            .iter()
            .filter(|d| d.access == Ok(Access::Public))
            .filter(|d| protected.contains(&(d.method.clone(), d.path.clone())))
            .map(|d| format!("{} {}", d.method, d.path))
            .collect();
        assert!(
            public_under_the_token.is_empty(),
            "{public_under_the_token:?}"
        );
    }

    #[test]
    fn an_operation_without_its_own_security_is_undeclared() {
        assert!(access(None).is_err());
        let inherited = serde_json::json!([{ "bearer_token": [] }]);
        assert!(access(Some(&inherited)).is_err());
        let unknown = serde_json::json!([{ "bearer_token": ["clients.fly"] }]);
        assert!(access(Some(&unknown)).is_err());
        let public = serde_json::json!([{}]);
        assert_eq!(access(Some(&public)), Ok(Access::Public));
        let memory = serde_json::json!([{ "bearer_token": ["memory.write"] }]);
        assert_eq!(
            access(Some(&memory)),
            Ok(Access::Needs(Permission::MemoryWrite))
        );
    }

    /// The app's typed client is generated from `web/src/api/openapi.json`; this keeps that file
    /// equal to what the server documents.
    #[test]
    fn the_apps_copy_of_the_document_is_current() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../web/src/api/openapi.json"
        );
        let committed = std::fs::read_to_string(path).unwrap();
        assert!(
            committed.trim_end() == json(),
            "web/src/api/openapi.json is out of date: run `make api-types` and commit it"
        );
    }
}
