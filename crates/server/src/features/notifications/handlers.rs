use axum::{
    extract::State,
    response::{IntoResponse, Response},
};
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
    services::notifications::{self, Choice, Kind, Notification, SubjectType},
    state::AppState,
};

/// A notification: what happened, and where in the app to see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationView {
    pub id: i64,
    pub kind: Kind,
    pub subject_type: SubjectType,
    pub subject_id: i32,
    /// The subject's path in the app (`/translation/7`).
    pub link: String,
    pub text: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub read_at: Option<OffsetDateTime>,
}

impl From<Notification> for NotificationView {
    fn from(n: Notification) -> Self {
        Self {
            id: n.id,
            kind: n.kind,
            subject_type: n.subject_type,
            subject_id: n.subject_id,
            link: n.link,
            text: n.text,
            created_at: n.created_at,
            read_at: n.read_at,
        }
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListOrder {
    /// `unread` (the default): unread first, then newest first; `date`: newest first.
    pub sort: Option<String>,
    /// `true`: only the unread ones (and their number in `X-Total-Count`).
    pub unread: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadCount {
    pub count: u64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Marked {
    /// Notifications that were unread and are read now.
    pub marked: u64,
}

/// One kind of event and how its user wants to hear of it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Preference {
    pub kind: Kind,
    /// In the app (the bell).
    pub in_app: bool,
    /// By e-mail (when the server sends mail).
    pub email: bool,
}

impl From<Choice> for Preference {
    fn from(c: Choice) -> Self {
        Self {
            kind: c.kind,
            in_app: c.in_app,
            email: c.email,
        }
    }
}

/// Your notifications, paged: unread first then newest, or newest first with `sort=date`; only
/// the unread ones with `unread=true`.
#[utoipa::path(
    get,
    path = "/api/notifications",
    security(("bearer_token" = ["account.own"])),
    tag = "notifications",
    params(ListOrder, PageQuery),
    responses(
        (status = 200, body = Vec<NotificationView>, headers(
            ("X-Total-Count" = u64, description = "Your notifications (the unread ones with `unread=true`) in all"),
        )),
        (status = 400, description = "An unknown sort or a limit out of range", body = ErrorBody),
        (status = 401, body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    caller: Authorized<perm::OwnAccount>,
    ApiQuery(order): ApiQuery<ListOrder>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Response> {
    let sort = notifications::Order::named(order.sort.as_deref())?;
    let only_unread = order.unread.unwrap_or(false);
    let listed =
        notifications::list(&state.db, caller.user.id, sort, only_unread, page.window()?).await?;
    Ok(listed.map(NotificationView::from).into_response())
}

/// How many of your notifications are unread.
#[utoipa::path(
    get,
    path = "/api/notifications/unread-count",
    security(("bearer_token" = ["account.own"])),
    tag = "notifications",
    responses((status = 200, body = UnreadCount), (status = 401, body = ErrorBody))
)]
pub async fn unread_count(
    State(state): State<AppState>,
    caller: Authorized<perm::OwnAccount>,
) -> ApiResult<ApiJson<UnreadCount>> {
    let count = notifications::unread_count(&state.db, caller.user.id).await?;
    Ok(ApiJson(UnreadCount { count }))
}

/// Marks one of your notifications read (404 for anybody else's).
#[utoipa::path(
    post,
    path = "/api/notifications/{id}/read",
    security(("bearer_token" = ["account.own"])),
    tag = "notifications",
    params(("id" = i64, Path)),
    responses(
        (status = 200, body = Marked),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn read(
    State(state): State<AppState>,
    caller: Authorized<perm::OwnAccount>,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<ApiJson<Marked>> {
    let marked =
        notifications::mark_read(&state.db, caller.user.id, Some(id), state.clock.now()).await?;
    Ok(ApiJson(Marked { marked }))
}

/// Marks all your notifications read.
#[utoipa::path(
    post,
    path = "/api/notifications/read-all",
    security(("bearer_token" = ["account.own"])),
    tag = "notifications",
    responses((status = 200, body = Marked), (status = 401, body = ErrorBody))
)]
pub async fn read_all(
    State(state): State<AppState>,
    caller: Authorized<perm::OwnAccount>,
) -> ApiResult<ApiJson<Marked>> {
    let marked =
        notifications::mark_read(&state.db, caller.user.id, None, state.clock.now()).await?;
    Ok(ApiJson(Marked { marked }))
}

/// How you hear of each kind of event (both on unless you changed it).
#[utoipa::path(
    get,
    path = "/api/notifications/preferences",
    security(("bearer_token" = ["account.own"])),
    tag = "notifications",
    responses((status = 200, body = Vec<Preference>), (status = 401, body = ErrorBody))
)]
pub async fn preferences(
    State(state): State<AppState>,
    caller: Authorized<perm::OwnAccount>,
) -> ApiResult<ApiJson<Vec<Preference>>> {
    let choices = notifications::preferences(&state.db, caller.user.id).await?;
    Ok(ApiJson(choices.into_iter().map(Preference::from).collect()))
}

/// Changes how you hear of the kinds named (the others stay); answers every kind.
#[utoipa::path(
    put,
    path = "/api/notifications/preferences",
    security(("bearer_token" = ["account.own"])),
    tag = "notifications",
    request_body = Vec<Preference>,
    responses(
        (status = 200, body = Vec<Preference>),
        (status = 401, body = ErrorBody),
        (status = 422, description = "An unknown kind or a missing flag", body = ErrorBody),
    )
)]
pub async fn set_preferences(
    State(state): State<AppState>,
    caller: Authorized<perm::OwnAccount>,
    ApiJson(body): ApiJson<Vec<Preference>>,
) -> ApiResult<ApiJson<Vec<Preference>>> {
    let choices: Vec<Choice> = body
        .into_iter()
        .map(|p| Choice {
            kind: p.kind,
            in_app: p.in_app,
            email: p.email,
        })
        .collect();
    notifications::set_preferences(&state.db, caller.user.id, &choices).await?;
    let choices = notifications::preferences(&state.db, caller.user.id).await?;
    Ok(ApiJson(choices.into_iter().map(Preference::from).collect()))
}
