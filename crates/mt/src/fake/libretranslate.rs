//! Fake LibreTranslate: `POST /translate`, `GET /languages`.

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::{FakeServer, FakeState, Verdict, characters, json_response, string_or_array};

/// Like a server started with `--char-limit 10000`.
pub const CHAR_LIMIT: u64 = 10_000;

struct Fake {
    state: Arc<FakeState>,
    key: Option<String>,
}

/// Starts a fake LibreTranslate; with `Some(api_key)` it runs like `--api-keys`.
pub async fn libretranslate(api_key: Option<&str>) -> std::io::Result<FakeServer> {
    let state = FakeState::new();
    let fake = Arc::new(Fake {
        state: Arc::clone(&state),
        key: api_key.map(str::to_owned),
    });
    let router = Router::new()
        .route("/translate", post(translate))
        .route("/languages", get(languages))
        .with_state(fake);
    FakeServer::start(router, state).await
}

/// LibreTranslate's error shape.
fn error(status: u16, message: &str) -> Response {
    json_response(status, json!({ "error": message }))
}

async fn translate(State(fake): State<Arc<Fake>>, body: Bytes) -> Response {
    let _in_flight = fake.state.enter();
    let Ok(request) = serde_json::from_slice::<Value>(&body) else {
        return error(400, "Invalid request: missing q parameter");
    };
    if let Some(key) = &fake.key
        && request.get("api_key").and_then(Value::as_str) != Some(key.as_str())
    {
        return error(403, "Invalid API key");
    }
    let Some(texts) = string_or_array(request.get("q")) else {
        return error(400, "Invalid request: missing q parameter");
    };
    let Some(target) = request.get("target").and_then(Value::as_str) else {
        return error(400, "Invalid request: missing target parameter");
    };
    fake.state.record(body.len(), &request, &texts);
    let size = characters(&texts);
    if size > CHAR_LIMIT {
        return error(
            400,
            &format!("Invalid request: request ({size}) exceeds text limit ({CHAR_LIMIT})"),
        );
    }
    match fake.state.verdict(&texts).await {
        Verdict::Fail(429) => error(429, "Slowdown: 1 per 1 minute"),
        Verdict::Fail(status) => error(status, "Cannot translate text: internal error"),
        Verdict::QuotaExceeded => error(403, "Too many request limits violations"),
        Verdict::Translate => json_response(
            200,
            json!({ "translatedText": fake.state.translate(&texts, target) }),
        ),
    }
}

async fn languages() -> Response {
    json_response(
        200,
        json!([{ "code": "en", "name": "English", "targets": ["de", "en"] }, { "code": "de", "name": "German", "targets": ["de", "en"] }]),
    )
}
