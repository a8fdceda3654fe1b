use axum::{
    extract::State,
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use serde_json::json;

use super::types::{
    ConcordanceQuery, EntryUpdate, MemoryEntry, MemoryFilter, SegmentMatch, TmxImportReport,
};
use crate::{
    db::listing::Listing,
    http::{
        download::{attachment, streamed_body},
        error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody},
        list::{PageQuery, given, given_lang},
        multipart::{ApiMultipart, one_file},
    },
    services::{
        audit::{AuditAction, TargetKind},
        clients,
        memory::{Query, fuzzy, manage, tmx_file},
        translation,
    },
    state::AppState,
};
use crate::{
    http::auth::{Authorized, CurrentUser},
    policy::perm,
};

fn entry_not_found() -> ApiError {
    ApiError::NotFound("This client's memory has no such entry.".into())
}

/// Records a change of one entry, on the client it belongs to.
async fn audit_entry(
    state: &AppState,
    user: &CurrentUser,
    action: AuditAction,
    client_id: i32,
    entry_id: i64,
) -> ApiResult<()> {
    let client = clients::require(&state.db, client_id).await?;
    user.audit(
        state,
        action
            .on(TargetKind::Client, client_id, client.0.client_name)
            .with(json!({ "entry": entry_id })),
    )
    .await;
    Ok(())
}

/// The client's memory: one page, newest first, searched in sources and targets; the number of
/// matching entries is in `X-Total-Count`.
#[utoipa::path(
    get,
    path = "/api/client/{id}/memory",
    security(("bearer_token" = ["memory.read"])),
    tag = "memory",
    params(("id" = i32, Path), MemoryFilter, PageQuery),
    responses(
        (status = 200, body = Vec<MemoryEntry>, headers(
            ("X-Total-Count" = u64, description = "How many entries match in all")
        )),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    _: Authorized<perm::MemoryRead>,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(filter): ApiQuery<MemoryFilter>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Listing<MemoryEntry>> {
    clients::require(&state.db, id).await?;
    let search = manage::Search {
        q: given(filter.q),
        source_lang: given_lang(filter.source_lang),
        target_lang: given_lang(filter.target_lang),
        window: page.window()?,
    };
    Ok(manage::search(&state.db, id, &search)
        .await?
        .map(MemoryEntry::from))
}

/// Changes an entry's target.
#[utoipa::path(
    put,
    path = "/api/client/{id}/memory/{entry_id}",
    security(("bearer_token" = ["memory.write"])),
    tag = "memory",
    params(("id" = i32, Path), ("entry_id" = i64, Path)),
    request_body = EntryUpdate,
    responses(
        (status = 200, body = MemoryEntry),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "a blank target"),
    )
)]
pub async fn update(
    State(state): State<AppState>,
    user: Authorized<perm::MemoryWrite>,
    ApiPath((id, entry_id)): ApiPath<(i32, i64)>,
    ApiJson(body): ApiJson<EntryUpdate>,
) -> ApiResult<ApiJson<MemoryEntry>> {
    if body.target.trim().is_empty() {
        return Err(ApiError::Unprocessable(
            "The target must not be blank; delete the entry instead.".into(),
        ));
    }
    let entry = manage::update_target(&state.db, id, entry_id, body.target, state.clock.now())
        .await?
        .ok_or_else(entry_not_found)?;
    audit_entry(&state, &user, AuditAction::MemoryEntryChanged, id, entry_id).await?;
    Ok(ApiJson(entry.into()))
}

/// Deletes an entry.
#[utoipa::path(
    delete,
    path = "/api/client/{id}/memory/{entry_id}",
    security(("bearer_token" = ["memory.write"])),
    tag = "memory",
    params(("id" = i32, Path), ("entry_id" = i64, Path)),
    responses(
        (status = 204),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn delete(
    State(state): State<AppState>,
    user: Authorized<perm::MemoryWrite>,
    ApiPath((id, entry_id)): ApiPath<(i32, i64)>,
) -> ApiResult<StatusCode> {
    if !manage::delete(&state.db, id, entry_id).await? {
        return Err(entry_not_found());
    }
    audit_entry(&state, &user, AuditAction::MemoryEntryDeleted, id, entry_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Imports a TMX file into the client's memory: all of it or, when the file is refused
/// (naming its line and column), nothing.
#[utoipa::path(
    post,
    path = "/api/client/{id}/memory/import",
    security(("bearer_token" = ["memory.write"])),
    tag = "memory",
    params(("id" = i32, Path)),
    request_body(content = super::types::TmxUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = TmxImportReport),
        (status = 400, body = ErrorBody, description = "no `file` field"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 413, body = ErrorBody),
        (status = 422, body = ErrorBody, description = "not a readable TMX file (line and column named)"),
    )
)]
pub async fn import(
    State(state): State<AppState>,
    user: Authorized<perm::MemoryWrite>,
    ApiPath(id): ApiPath<i32>,
    ApiMultipart(multipart): ApiMultipart,
) -> ApiResult<ApiJson<TmxImportReport>> {
    let client = clients::require(&state.db, id).await?;
    let (name, bytes) = one_file(multipart, "file", state.config.max_upload_bytes).await?;
    let imported = tmx_file::import(&state.db, id, &name, bytes, state.clock.now()).await?;
    let report = TmxImportReport::from(imported);
    user.audit(
        &state,
        AuditAction::MemoryImported
            .on(TargetKind::Client, id, client.0.client_name)
            .with(json!({ "file": name, "report": report })),
    )
    .await;
    Ok(ApiJson(report))
}

/// The client's whole memory as TMX 1.4b, streamed a page of entries at a time.
#[utoipa::path(
    get,
    path = "/api/client/{id}/memory/export",
    security(("bearer_token" = ["memory.read"])),
    tag = "memory",
    params(("id" = i32, Path)),
    responses(
        (status = 200, content_type = "application/x-tmx+xml", body = String),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn export(
    State(state): State<AppState>,
    _: Authorized<perm::MemoryRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<Response> {
    let client = clients::require(&state.db, id).await?;
    let body = tmx_file::export(state.db.clone(), id, state.clock.now());
    let file_name = format!("{}-memory.tmx", client.0.client_name);
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-tmx+xml; charset=utf-8".parse().unwrap(),
            ),
            (header::CONTENT_DISPOSITION, attachment(&file_name)),
        ],
        streamed_body("the memory's TMX export", body),
    )
        .into_response())
}

/// The best three memory matches of a job's segment, best first.
#[utoipa::path(
    get,
    path = "/api/job/{id}/segments/{segment_id}/matches",
    security(("bearer_token" = ["matches.read"])),
    tag = "memory",
    params(("id" = i32, Path), ("segment_id" = i64, Path)),
    responses(
        (status = 200, body = Vec<SegmentMatch>),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn matches(
    State(state): State<AppState>,
    _: Authorized<perm::MatchesRead>,
    ApiPath((id, segment_id)): ApiPath<(i32, i64)>,
) -> ApiResult<ApiJson<Vec<SegmentMatch>>> {
    let segment = translation::segments::find_in_job(&state.db, id, segment_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("This job has no such segment.".into()))?;
    let Some(scope) = translation::jobs::memory_scope(&state.db, id).await? else {
        return Ok(ApiJson(Vec::new()));
    };
    let query = Query {
        source: &segment.source,
        markup: segment.markup,
        resname: segment.resname.as_deref(),
    };
    let found = fuzzy::best_matches(&state.db, &scope, &[query], 3).await?;
    Ok(ApiJson(
        found
            .into_iter()
            .flatten()
            .map(SegmentMatch::from)
            .collect(),
    ))
}

/// How many entries the editor's concordance shows at most.
const CONCORDANCE_LIMIT: u64 = 50;

/// The editor's concordance: the entries of the job's client's memory in the job's language
/// pair whose source or target contains `q` (ignoring case), newest first, at most 50. Scoped
/// by the job, so a translator searches the memory of their assigned jobs' clients only, never
/// a client's memory as a whole.
#[utoipa::path(
    get,
    path = "/api/job/{id}/concordance",
    security(("bearer_token" = ["matches.read"])),
    tag = "memory",
    params(("id" = i32, Path), ConcordanceQuery),
    responses(
        (status = 200, body = Vec<MemoryEntry>),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "No text to search for", body = ErrorBody),
    )
)]
pub async fn concordance(
    State(state): State<AppState>,
    _: Authorized<perm::MatchesRead>,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(query): ApiQuery<ConcordanceQuery>,
) -> ApiResult<ApiJson<Vec<MemoryEntry>>> {
    let Some(q) = given(query.q) else {
        return Err(ApiError::Unprocessable(
            "Type the text to search the memory for.".into(),
        ));
    };
    translation::jobs::find(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::NotFound("Job not found".into()))?;
    let Some(scope) = translation::jobs::memory_scope(&state.db, id).await? else {
        return Ok(ApiJson(Vec::new()));
    };
    let found = manage::concordance(&state.db, &scope, &q, CONCORDANCE_LIMIT).await?;
    Ok(ApiJson(found.into_iter().map(MemoryEntry::from).collect()))
}
