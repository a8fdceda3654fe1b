//! Fake DeepL: `POST /v2/translate`, `GET /v2/usage`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::{FakeServer, FakeState, Verdict, empty_response, json_response};

const MAX_TEXTS: usize = 50;
const MAX_BODY: usize = 128 * 1024;

struct Fake {
    state: Arc<FakeState>,
    auth: String,
}

/// Starts a fake DeepL that accepts `Authorization: DeepL-Auth-Key <api_key>`.
pub async fn deepl(api_key: &str) -> std::io::Result<FakeServer> {
    let state = FakeState::new();
    let fake = Arc::new(Fake {
        state: Arc::clone(&state),
        auth: format!("DeepL-Auth-Key {api_key}"),
    });
    let router = Router::new()
        .route("/v2/translate", post(translate))
        .route("/v2/usage", get(usage))
        .layer(axum::middleware::map_response(add_trace_id))
        .with_state(fake);
    FakeServer::start(router, state).await
}

/// Every DeepL answer carries an `X-Trace-ID`.
async fn add_trace_id(mut response: Response) -> Response {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let id = format!("fake-trace-{}", NEXT.fetch_add(1, Ordering::Relaxed));
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert("x-trace-id", value);
    }
    response
}

impl Fake {
    /// Like DeepL's mock: no User-Agent is a 400, a wrong key or scheme a 403 with no body.
    fn refuse(&self, headers: &HeaderMap) -> Option<Response> {
        if !headers.contains_key(header::USER_AGENT) {
            return Some(message(400, "User-Agent header missing"));
        }
        let auth = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok());
        (auth != Some(self.auth.as_str())).then(|| empty_response(403))
    }
}

fn message(status: u16, text: &str) -> Response {
    json_response(status, json!({ "message": text }))
}

async fn translate(State(fake): State<Arc<Fake>>, headers: HeaderMap, body: Bytes) -> Response {
    if let Some(refusal) = fake.refuse(&headers) {
        return refusal;
    }
    let _in_flight = fake.state.enter();
    let Ok(request) = serde_json::from_slice::<Value>(&body) else {
        return message(400, "Invalid request body: expected JSON");
    };
    // JSON bodies need an array: a bare string fails DeepL's request validation.
    let texts: Option<Vec<String>> =
        request
            .get("text")
            .and_then(Value::as_array)
            .and_then(|items| {
                items
                    .iter()
                    .map(|v| v.as_str().map(str::to_owned))
                    .collect()
            });
    let Some(texts) = texts else {
        return message(
            400,
            "Value for 'text' not supported: expected an array of strings.",
        );
    };
    let Some(target) = request.get("target_lang").and_then(Value::as_str) else {
        return message(400, "Value for 'target_lang' not supported.");
    };
    fake.state.record(body.len(), &request, &texts);
    if body.len() > MAX_BODY || texts.len() > MAX_TEXTS {
        return message(413, "Request Entity Too Large");
    }
    match fake.state.verdict(&texts).await {
        Verdict::Fail(status) => empty_response(status),
        Verdict::QuotaExceeded => {
            message(456, "Quota exceeded. The character limit has been reached.")
        }
        Verdict::Translate => {
            let detected = request
                .get("source_lang")
                .and_then(Value::as_str)
                .unwrap_or("EN")
                .to_uppercase();
            let translations: Vec<Value> = fake
                .state
                .translate(&texts, &target.to_uppercase())
                .into_iter()
                .map(|text| json!({ "detected_source_language": detected, "text": text }))
                .collect();
            json_response(200, json!({ "translations": translations }))
        }
    }
}

async fn usage(State(fake): State<Arc<Fake>>, headers: HeaderMap) -> Response {
    if let Some(refusal) = fake.refuse(&headers) {
        return refusal;
    }
    let (used, limit) = fake.state.usage();
    json_response(
        200,
        json!({ "character_count": used, "character_limit": limit }),
    )
}
