use axum::{extract::State, response::Response};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::{IntoParams, ToSchema};

use crate::{
    http::{
        auth::Authorized,
        error::{ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody},
        list::PageQuery,
    },
    policy::perm,
    services::{
        audit::{AuditAction, TargetKind},
        outbox::{self, MailState},
    },
    state::AppState,
};
use axum::response::IntoResponse;

/// Which mails.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OutboxFilter {
    /// `failed` when absent: not delivered after at least one failed attempt.
    pub state: Option<MailState>,
}

/// A mail of the outbox, without its bodies.
#[derive(Debug, Serialize, ToSchema)]
pub struct OutboxMail {
    pub id: i64,
    pub recipient: String,
    pub subject: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: OffsetDateTime,
    pub attempts: i32,
    /// When the next attempt is made (while not delivered nor given up).
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub next_attempt_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub delivered_at: Option<OffsetDateTime>,
    /// What the SMTP server (or the connection to it) said at the last failed attempt.
    pub last_error: Option<String>,
    pub given_up: bool,
}

impl From<outbox::QueuedMail> for OutboxMail {
    fn from(mail: outbox::QueuedMail) -> Self {
        Self {
            id: mail.id,
            recipient: mail.recipient,
            subject: mail.subject,
            created_at: mail.created_at,
            attempts: mail.attempts,
            next_attempt_at: mail.next_attempt_at,
            delivered_at: mail.delivered_at,
            last_error: mail.last_error,
            given_up: mail.given_up,
        }
    }
}

/// The outbox's mails in a state, newest first (administrators).
#[utoipa::path(
    get,
    path = "/api/outbox",
    security(("bearer_token" = ["mail.manage"])),
    tag = "outbox",
    params(OutboxFilter, PageQuery),
    responses(
        (status = 200, body = Vec<OutboxMail>, headers(
            ("X-Total-Count" = u64, description = "Mails in that state"),
        )),
        (status = 400, description = "An unknown state or a limit out of range", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    _: Authorized<perm::MailManage>,
    ApiQuery(filter): ApiQuery<OutboxFilter>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Response> {
    let window = page.window()?;
    let mails = outbox::list(&state.db, filter.state.unwrap_or(MailState::Failed), window).await?;
    Ok(mails.map(OutboxMail::from).into_response())
}

/// Tries a mail that was not delivered again now, with a fresh set of attempts
/// (administrators).
#[utoipa::path(
    post,
    path = "/api/outbox/{id}/retry",
    security(("bearer_token" = ["mail.manage"])),
    tag = "outbox",
    params(("id" = i64, Path)),
    responses(
        (status = 200, body = OutboxMail),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The mail was delivered already", body = ErrorBody),
    )
)]
pub async fn retry(
    State(state): State<AppState>,
    caller: Authorized<perm::MailManage>,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<ApiJson<OutboxMail>> {
    let mail = outbox::retry(&state.db, id, state.clock.now()).await?;
    let event = AuditAction::MailRetried
        .on(
            TargetKind::Mail,
            i32::try_from(mail.id).ok(),
            mail.recipient.clone(),
        )
        .with(serde_json::json!({ "mail": mail.id, "subject": mail.subject }));
    caller.audit(&state, event).await;
    Ok(ApiJson(mail.into()))
}
