use axum::{
    extract::{Path, State},
    http::StatusCode,
};

use serde::Deserialize;
use serde_json::json;
use utoipa::IntoParams;

use super::types::{CreateUserRequest, UpdateUserRequest, UserResponse};
use crate::{
    db::listing::{Listing, Order},
    http::{
        error::{ApiError, ApiJson, ApiQuery, ApiResult, ErrorBody, required},
        list::{PageQuery, given},
    },
    services::{
        accounts::{self, Caller, NewAccount, Role, UserQuery, UserSort, email_change},
        audit::{AuditAction, TargetKind},
    },
    state::AppState,
};
use crate::{
    http::auth::{Authorized, CurrentUser},
    policy::perm,
};

const SELF_DELETE: &str =
    "WARNING: You are trying to delete the user you are logged in with. That is not possible.";

async fn find(state: &AppState, username: &str) -> ApiResult<accounts::User> {
    accounts::find_by_username(&state.db, username)
        .await?
        .ok_or_else(|| ApiError::NotFound("User not found".into()))
}

/// The user as the API shows it, with their clients and the address they wait to confirm.
async fn response(state: &AppState, user: accounts::User) -> ApiResult<UserResponse> {
    let client_ids = accounts::client_ids(&state.db, user.id).await?;
    let pending = email_change::pending(&state.db, user.id, state.clock.now()).await?;
    Ok(UserResponse {
        pending_email: pending,
        ..UserResponse::new(user, client_ids)
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserFilter {
    /// Only users of this role.
    pub role: Option<Role>,
    /// Only users whose username, e-mail address, first or last name contains this text,
    /// ignoring case.
    pub q: Option<String>,
    /// `username` (the default), `created` or `role`; the id breaks ties.
    pub sort: Option<UserSort>,
}

/// Users (administrators only): one page (`limit`, `offset`), by username unless asked
/// otherwise; the number of matching users is in `X-Total-Count`.
#[utoipa::path(
    get,
    path = "/api/user",
    security(("bearer_token" = ["users.manage"])),
    tag = "users",
    params(UserFilter, PageQuery),
    responses(
        (status = 200, body = Vec<UserResponse>, headers(
            ("X-Total-Count" = u64, description = "How many users match the filters in all")
        )),
        (status = 400, description = "A limit outside 1–200, or an unknown role, sort column or order (named)", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    _: Authorized<perm::UsersManage>,
    ApiQuery(filter): ApiQuery<UserFilter>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Listing<UserResponse>> {
    let query = UserQuery {
        role: filter.role,
        q: given(filter.q),
        sort: filter.sort.unwrap_or_default(),
        order: page.order_or(Order::Asc),
        window: page.window()?,
    };
    let listing = accounts::list(&state.db, &query).await?;
    let mut clients = accounts::client_ids_of(&state.db, listing.rows.iter().map(|u| u.id)).await?;
    Ok(listing.map(|user| {
        let client_ids = clients.remove(&user.id).unwrap_or_default();
        UserResponse::new(user, client_ids)
    }))
}

/// Create a user (administrators only).
#[utoipa::path(
    post,
    path = "/api/user",
    security(("bearer_token" = ["users.manage"])),
    tag = "users",
    request_body = CreateUserRequest,
    responses(
        (status = 201, description = "The created user", body = UserResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 409, description = "The username is taken", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid", body = ErrorBody),
    )
)]
pub async fn create(
    State(state): State<AppState>,
    caller: Authorized<perm::UsersManage>,
    ApiJson(body): ApiJson<CreateUserRequest>,
) -> ApiResult<(StatusCode, ApiJson<UserResponse>)> {
    let account = NewAccount {
        username: required("username", body.username)?,
        email: required("email", body.email)?,
        first_name: required("first_name", body.first_name)?,
        last_name: required("last_name", body.last_name)?,
        role: required("role", body.role)?
            .parse::<Role>()
            .map_err(|e| ApiError::Unprocessable(e.to_string()))?,
        password: body
            .password
            .filter(|p| !p.is_empty())
            .ok_or_else(|| ApiError::Unprocessable("The field password is required.".into()))?,
        client_ids: body.client_ids.unwrap_or_default(),
        confirm_password: body.confirm_password,
    };
    let user = accounts::create(&state.db, account, state.clock.now()).await?;
    tracing::info!(username = %user.username, role = %user.role, "user created");
    let created = AuditAction::UserCreated.on(TargetKind::User, user.id, &user.username);
    caller
        .audit(&state, created.with(json!({ "role": user.role })))
        .await;
    Ok((StatusCode::CREATED, ApiJson(response(&state, user).await?)))
}

/// One user: oneself, or anybody for an administrator.
#[utoipa::path(
    get,
    path = "/api/user/{username}",
    security(("bearer_token" = ["account.own"])),
    tag = "users",
    params(("username" = String, Path)),
    responses(
        (status = 200, body = UserResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn get(
    State(state): State<AppState>,
    caller: Authorized<perm::OwnAccount>,
    Path(username): Path<String>,
) -> ApiResult<ApiJson<UserResponse>> {
    caller.ensure_self_or_user_manager(&username)?;
    let user = find(&state, &username).await?;
    Ok(ApiJson(response(&state, user).await?))
}

/// Change a user: oneself (never one's role), or anybody for an administrator. A new address
/// of one's own counts once confirmed through the link mailed to it (`pending_email` until
/// then); an administrator changes another account's at once.
#[utoipa::path(
    put,
    path = "/api/user/{username}",
    security(("bearer_token" = ["account.own"])),
    tag = "users",
    params(("username" = String, Path)),
    request_body = UpdateUserRequest,
    responses(
        (status = 200, description = "The saved user", body = UserResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The username is taken, the last administrator would lose the role, or one's own new address cannot be confirmed (no SMTP)", body = ErrorBody),
        (status = 422, body = ErrorBody),
    )
)]
pub async fn update(
    State(state): State<AppState>,
    caller: Authorized<perm::OwnAccount>,
    Path(username): Path<String>,
    ApiJson(body): ApiJson<UpdateUserRequest>,
) -> ApiResult<ApiJson<UserResponse>> {
    caller.ensure_self_or_user_manager(&username)?;
    let target = find(&state, &username).await?;
    let new_password = body.password.as_ref().is_some_and(|p| !p.is_empty());
    let account = Caller {
        user: &caller.user,
        token_id: caller.token_id,
        mail: state.mail_site(),
        now: state.clock.now(),
    };
    let clients_before = accounts::client_ids(&state.db, target.id).await?;
    let user = accounts::update(&state.db, account, target.clone(), body.into()).await?;
    let after = response(&state, user.clone()).await?;
    let clients_changed = after.client_ids != clients_before;
    audit_changes(
        &state,
        &caller,
        &target,
        &user,
        clients_changed,
        new_password,
    )
    .await;
    Ok(ApiJson(after))
}

/// Records which fields of `before` changed (names only) and, apart, a new password.
async fn audit_changes(
    state: &AppState,
    caller: &CurrentUser,
    before: &accounts::User,
    after: &accounts::User,
    clients_changed: bool,
    new_password: bool,
) {
    let fields: Vec<&str> = [
        ("username", before.username != after.username),
        ("email", before.email != after.email),
        ("first_name", before.first_name != after.first_name),
        ("last_name", before.last_name != after.last_name),
        ("role", before.role != after.role),
        ("client_ids", clients_changed),
    ]
    .into_iter()
    .filter_map(|(field, changed)| changed.then_some(field))
    .collect();
    if !fields.is_empty() {
        let changed = AuditAction::UserChanged.on(TargetKind::User, after.id, &after.username);
        caller
            .audit(state, changed.with(json!({ "fields": fields })))
            .await;
    }
    if new_password {
        let event = AuditAction::PasswordChanged.on(TargetKind::User, after.id, &after.username);
        caller.audit(state, event).await;
    }
}

/// Delete a user (administrators only; nobody deletes themself).
#[utoipa::path(
    delete,
    path = "/api/user/{username}",
    security(("bearer_token" = ["users.manage"])),
    tag = "users",
    params(("username" = String, Path)),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn delete(
    State(state): State<AppState>,
    caller: Authorized<perm::UsersManage>,
    Path(username): Path<String>,
) -> ApiResult<StatusCode> {
    if caller.user.username == username {
        return Err(ApiError::Forbidden(SELF_DELETE.into()));
    }
    let user = find(&state, &username).await?;
    accounts::delete(&state.db, user.id).await?;
    tracing::info!(%username, by = %caller.user.username, "user deleted");
    caller
        .audit(
            &state,
            AuditAction::UserDeleted.on(TargetKind::User, user.id, &username),
        )
        .await;
    Ok(StatusCode::NO_CONTENT)
}
