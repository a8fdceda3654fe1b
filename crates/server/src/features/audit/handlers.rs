use axum::{
    extract::State,
    http::{HeaderName, HeaderValue, header},
    response::{IntoResponse, Response},
};
use serde_json::json;

use super::types::AuditEventResponse;
use crate::{
    db::listing::Order,
    http::{
        download::{attachment, streamed_body},
        error::{ApiQuery, ApiResult, ErrorBody},
        list::PageQuery,
    },
    services::audit::{self, AuditAction, DayFilter, Filter},
    state::AppState,
};
use crate::{http::auth::Authorized, policy::perm};

/// Audit events this server process could not store since it started (they are in its log).
const WRITE_FAILURES: HeaderName = HeaderName::from_static("x-audit-write-failures");

/// The audit log, filtered and paged (administrators only): newest first, or oldest first
/// with `order=asc`.
#[utoipa::path(
    get,
    path = "/api/audit",
    security(("bearer_token" = ["audit.read"])),
    tag = "audit",
    params(DayFilter, PageQuery),
    responses(
        (status = 200, body = Vec<AuditEventResponse>, headers(
            ("X-Total-Count" = u64, description = "Events matching the filters"),
            ("X-Audit-Write-Failures" = u64, description = "Events this server could not store since it started (its log holds them)"),
        )),
        (status = 400, description = "An unknown action or kind, a date that is not YYYY-MM-DD, or a limit out of range", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    _: Authorized<perm::AuditRead>,
    ApiQuery(filter): ApiQuery<DayFilter>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Response> {
    let filter = Filter::of_days(filter)?;
    let window = page.window()?;
    let events = audit::list(&state.db, &filter, window, page.order_or(Order::Desc)).await?;
    let mut response = events.map(AuditEventResponse::from).into_response();
    let headers = response.headers_mut();
    headers.insert(WRITE_FAILURES, HeaderValue::from(audit::failed_writes()));
    Ok(response)
}

/// The filtered audit log as CSV for a spreadsheet, newest first (administrators only).
/// Streamed in batches, so any length of log is exported in little memory.
#[utoipa::path(
    get,
    path = "/api/audit/export",
    security(("bearer_token" = ["audit.read"])),
    tag = "audit",
    params(DayFilter),
    responses(
        (status = 200, description = "UTF-8 CSV with a byte-order mark; every cell quoted, formulas defused", content_type = "text/csv", body = String),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    )
)]
pub async fn export(
    State(state): State<AppState>,
    caller: Authorized<perm::AuditRead>,
    ApiQuery(query): ApiQuery<DayFilter>,
) -> ApiResult<Response> {
    let filter = Filter::of_days(query)?;
    let exported = json!({
        "action": filter.action,
        "username": filter.username,
        "target_kind": filter.target_kind,
        "from": filter.from.map(|t| t.date().to_string()),
        "before": filter.before.map(|t| t.date().to_string()),
    });
    caller
        .audit(&state, AuditAction::AuditExported.event().with(exported))
        .await;
    let file_name = format!("wordmark-audit-{}.csv", state.clock.now().date());
    Ok(Response::builder()
        .header(header::CONTENT_TYPE, "text/csv; charset=utf-8")
        .header(header::CONTENT_DISPOSITION, attachment(&file_name))
        .body(streamed_body(
            "the audit export",
            audit::export::csv(state.db.clone(), filter),
        ))
        .expect("static headers are valid"))
}
