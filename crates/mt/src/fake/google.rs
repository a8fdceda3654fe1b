//! Fake Google Cloud Translation Basic (v2): `POST /language/translate/v2?key=…`.

use std::collections::HashMap;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::{FakeServer, FakeState, Verdict, json_response, string_or_array};
use crate::fragment::map_text;

const MAX_TEXTS: usize = 128;
const MAX_BODY: usize = 100_000;

struct Fake {
    state: Arc<FakeState>,
    key: String,
}

/// Starts a fake Google Translation v2 that accepts `?key=<api_key>`.
pub async fn google(api_key: &str) -> std::io::Result<FakeServer> {
    let state = FakeState::new();
    let fake = Arc::new(Fake {
        state: Arc::clone(&state),
        key: api_key.to_owned(),
    });
    let router = Router::new()
        .route("/language/translate/v2", post(translate))
        .route("/language/translate/v2/languages", get(languages))
        .with_state(fake);
    FakeServer::start(router, state).await
}

/// Google's error shape.
fn error(status: u16, message: &str, reason: &str) -> Response {
    json_response(
        status,
        json!({ "error": { "code": status, "message": message, "status": reason } }),
    )
}

impl Fake {
    fn refuse(&self, query: &HashMap<String, String>) -> Option<Response> {
        (query.get("key") != Some(&self.key)).then(|| {
            error(
                400,
                "API key not valid. Please pass a valid API key.",
                "INVALID_ARGUMENT",
            )
        })
    }
}

/// Google's HTML mode answers with apostrophes and quotes as entities.
fn html_escape_quotes(fragment: &str) -> String {
    map_text(fragment, |text| {
        text.replace('\'', "&#39;").replace('"', "&quot;")
    })
}

async fn translate(
    State(fake): State<Arc<Fake>>,
    Query(query): Query<HashMap<String, String>>,
    body: Bytes,
) -> Response {
    if let Some(refusal) = fake.refuse(&query) {
        return refusal;
    }
    let _in_flight = fake.state.enter();
    let Ok(request) = serde_json::from_slice::<Value>(&body) else {
        return error(400, "Invalid JSON payload received.", "INVALID_ARGUMENT");
    };
    let Some(texts) = string_or_array(request.get("q")) else {
        return error(400, "Required Text", "INVALID_ARGUMENT");
    };
    let Some(target) = request.get("target").and_then(Value::as_str) else {
        return error(400, "Required Target", "INVALID_ARGUMENT");
    };
    fake.state.record(body.len(), &request, &texts);
    if texts.len() > MAX_TEXTS {
        return error(400, "Too many text segments", "INVALID_ARGUMENT");
    }
    if body.len() > MAX_BODY {
        return error(
            413,
            "Request payload size exceeds the limit",
            "INVALID_ARGUMENT",
        );
    }
    match fake.state.verdict(&texts).await {
        Verdict::Fail(status) => error(
            status,
            "The service is currently unavailable.",
            "UNAVAILABLE",
        ),
        Verdict::QuotaExceeded => error(403, "Daily Limit Exceeded", "PERMISSION_DENIED"),
        Verdict::Translate => {
            let translations: Vec<Value> = fake
                .state
                .translate(&texts, target)
                .into_iter()
                .map(|text| json!({ "translatedText": html_escape_quotes(&text) }))
                .collect();
            json_response(200, json!({ "data": { "translations": translations } }))
        }
    }
}

async fn languages(
    State(fake): State<Arc<Fake>>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    if let Some(refusal) = fake.refuse(&query) {
        return refusal;
    }
    json_response(
        200,
        json!({ "data": { "languages": [{ "language": "de" }, { "language": "en" }] } }),
    )
}
