//! Fake OpenAI-compatible server: `POST /v1/chat/completions`, `GET /v1/models`. The "model"
//! reads the items from the user message and answers `{"translations": […]}`.

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::{FakeServer, FakeState, Verdict, json_response};

struct Fake {
    state: Arc<FakeState>,
    bearer: Option<String>,
    model: String,
}

/// Starts a fake server for `model`; with `Some(api_key)` it requires `Bearer <api_key>`.
pub async fn openai(api_key: Option<&str>, model: &str) -> std::io::Result<FakeServer> {
    let state = FakeState::new();
    let fake = Arc::new(Fake {
        state: Arc::clone(&state),
        bearer: api_key.map(|key| format!("Bearer {key}")),
        model: model.to_owned(),
    });
    let router = Router::new()
        .route("/v1/chat/completions", post(complete))
        .route("/v1/models", get(models))
        .with_state(fake);
    FakeServer::start(router, state).await
}

/// OpenAI's error shape.
fn error(status: u16, message: &str, code: &str) -> Response {
    json_response(
        status,
        json!({ "error": { "message": message, "type": "invalid_request_error", "code": code } }),
    )
}

impl Fake {
    fn refuse(&self, headers: &HeaderMap) -> Option<Response> {
        let bearer = self.bearer.as_deref()?;
        let sent = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok());
        (sent != Some(bearer)).then(|| error(401, "Incorrect API key provided.", "invalid_api_key"))
    }
}

/// The items and target language from the user message the client sends.
fn user_items(request: &Value) -> Option<(Vec<String>, String)> {
    let messages = request.get("messages")?.as_array()?;
    let user = messages
        .iter()
        .find(|m| m.get("role").and_then(Value::as_str) == Some("user"))?;
    let content: Value = serde_json::from_str(user.get("content")?.as_str()?).ok()?;
    let items = content
        .get("items")?
        .as_array()?
        .iter()
        .map(|v| v.as_str().map(str::to_owned))
        .collect::<Option<Vec<_>>>()?;
    let target = content.get("target_language")?.as_str()?.to_owned();
    Some((items, target))
}

async fn complete(State(fake): State<Arc<Fake>>, headers: HeaderMap, body: Bytes) -> Response {
    if let Some(refusal) = fake.refuse(&headers) {
        return refusal;
    }
    let _in_flight = fake.state.enter();
    let Ok(request) = serde_json::from_slice::<Value>(&body) else {
        return error(
            400,
            "We could not parse the JSON body of your request.",
            "invalid_json",
        );
    };
    if request.get("model").and_then(Value::as_str) != Some(fake.model.as_str()) {
        return error(
            404,
            "The model does not exist or you do not have access to it.",
            "model_not_found",
        );
    }
    if fake.state.rejects_json_mode() && request.get("response_format").is_some() {
        return error(
            400,
            "Unrecognized request argument supplied: response_format",
            "invalid_request",
        );
    }
    let Some((texts, target)) = user_items(&request) else {
        return error(
            400,
            "The fake model expects the items as JSON in the user message.",
            "invalid_request",
        );
    };
    fake.state.record(body.len(), &request, &texts);
    match fake.state.verdict(&texts).await {
        Verdict::Fail(status) => error(
            status,
            "Rate limit reached for requests",
            "rate_limit_exceeded",
        ),
        Verdict::QuotaExceeded => error(
            429,
            "You exceeded your current quota.",
            "insufficient_quota",
        ),
        Verdict::Translate => {
            let content =
                json!({ "translations": fake.state.translate(&texts, &target) }).to_string();
            json_response(
                200,
                json!({
                    "id": "chatcmpl-fake",
                    "object": "chat.completion",
                    "model": fake.model,
                    "choices": [{ "index": 0, "message": { "role": "assistant", "content": content }, "finish_reason": "stop" }],
                }),
            )
        }
    }
}

async fn models(State(fake): State<Arc<Fake>>, headers: HeaderMap) -> Response {
    if let Some(refusal) = fake.refuse(&headers) {
        return refusal;
    }
    json_response(
        200,
        json!({ "object": "list", "data": [{ "id": fake.model, "object": "model" }] }),
    )
}
