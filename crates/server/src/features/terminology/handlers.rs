use axum::{
    extract::State,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use serde::Deserialize;
use serde_json::json;
use utoipa::IntoParams;
use wordmark_core::terms::{self, TermFormat, TermKind};

use super::types::{TermBody, TermResponse, TermUpload};
use crate::{
    db::listing::{Listing, Order},
    http::{
        download::attachment,
        error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody},
        list::{PageQuery, given, given_lang},
        multipart::{ApiMultipart, one_file},
    },
    services::audit::{AuditAction, TargetKind},
    services::clients,
    services::terminology::{self, TermImportReport, TermQuery, TermSort},
    state::AppState,
};
use crate::{http::auth::Authorized, policy::perm};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TermFilter {
    /// Only entries from this source language.
    pub source_lang: Option<String>,
    /// Only entries into this target language.
    pub target_lang: Option<String>,
    /// Only entries of this kind.
    pub kind: Option<TermKind>,
    /// Text the source term, a target variant or the note contains, ignoring case.
    pub q: Option<String>,
    /// `source` (the default), `kind`, `pair` or `updated`; the id breaks ties.
    pub sort: Option<TermSort>,
}

/// A client's termbase: one page (`limit`, `offset`), by source term unless asked otherwise;
/// the number of matching entries is in `X-Total-Count`.
#[utoipa::path(
    get,
    path = "/api/client/{id}/terms",
    security(("bearer_token" = ["terms.read"])),
    tag = "terminology",
    params(("id" = i32, Path), TermFilter, PageQuery),
    responses(
        (status = 200, body = Vec<TermResponse>, headers(
            ("X-Total-Count" = u64, description = "How many entries match the filters in all")
        )),
        (status = 400, description = "A limit outside 1–200, or an unknown sort, order or kind (named)", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    _: Authorized<perm::TermsRead>,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(filter): ApiQuery<TermFilter>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Listing<TermResponse>> {
    clients::require(&state.db, id).await?;
    let query = TermQuery {
        source_lang: given_lang(filter.source_lang),
        target_lang: given_lang(filter.target_lang),
        kind: filter.kind,
        q: given(filter.q),
        sort: filter.sort.unwrap_or_default(),
        order: page.order_or(Order::Asc),
        window: page.window()?,
    };
    Ok(terminology::list(&state.db, id, &query)
        .await?
        .map(TermResponse::from))
}

/// Add an entry.
#[utoipa::path(
    post,
    path = "/api/client/{id}/terms",
    security(("bearer_token" = ["terms.write"])),
    tag = "terminology",
    params(("id" = i32, Path)),
    request_body = TermBody,
    responses(
        (status = 201, body = TermResponse),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Neither administrator nor editor", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The pair already has this source term with this kind", body = ErrorBody),
        (status = 422, description = "What is wrong with the entry", body = ErrorBody),
    )
)]
pub async fn create(
    State(state): State<AppState>,
    _: Authorized<perm::TermsWrite>,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<TermBody>,
) -> ApiResult<(StatusCode, ApiJson<TermResponse>)> {
    clients::require(&state.db, id).await?;
    let term = terminology::create(&state.db, id, body.into(), state.clock.now()).await?;
    Ok((StatusCode::CREATED, ApiJson(term.into())))
}

/// Change an entry.
#[utoipa::path(
    put,
    path = "/api/client/{id}/terms/{term_id}",
    security(("bearer_token" = ["terms.write"])),
    tag = "terminology",
    params(("id" = i32, Path), ("term_id" = i32, Path)),
    request_body = TermBody,
    responses(
        (status = 200, body = TermResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody),
    )
)]
pub async fn update(
    State(state): State<AppState>,
    _: Authorized<perm::TermsWrite>,
    ApiPath((id, term_id)): ApiPath<(i32, i32)>,
    ApiJson(body): ApiJson<TermBody>,
) -> ApiResult<ApiJson<TermResponse>> {
    clients::require(&state.db, id).await?;
    let term = terminology::update(&state.db, id, term_id, body.into(), state.clock.now()).await?;
    Ok(ApiJson(term.into()))
}

/// Delete an entry.
#[utoipa::path(
    delete,
    path = "/api/client/{id}/terms/{term_id}",
    security(("bearer_token" = ["terms.write"])),
    tag = "terminology",
    params(("id" = i32, Path), ("term_id" = i32, Path)),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn delete(
    State(state): State<AppState>,
    _: Authorized<perm::TermsWrite>,
    ApiPath((id, term_id)): ApiPath<(i32, i32)>,
) -> ApiResult<StatusCode> {
    clients::require(&state.db, id).await?;
    terminology::delete(&state.db, id, term_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Import a termbase file (multipart field `file`: CSV/TSV in either layout, XLSX, or TBX v3
/// or v2, told apart by the content). All or nothing: the first problem refuses the file with
/// 422 naming the row and the reason, and nothing is stored; so is a file that gives no entry.
/// Entries that give no pair (a monolingual TBX entry) are skipped and counted.
#[utoipa::path(
    post,
    path = "/api/client/{id}/terms/import",
    security(("bearer_token" = ["terms.write"])),
    tag = "terminology",
    params(("id" = i32, Path)),
    request_body(content = TermUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = TermImportReport),
        (status = 400, description = "No `file` field", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 413, description = "Larger than the upload limit (`WORDMARK_MAX_UPLOAD_BYTES`)", body = ErrorBody),
        (status = 415, description = "Not multipart", body = ErrorBody),
        (status = 422, description = "The file's problem, with its row and reason", body = ErrorBody),
    )
)]
pub async fn import(
    State(state): State<AppState>,
    caller: Authorized<perm::TermsWrite>,
    ApiPath(id): ApiPath<i32>,
    ApiMultipart(multipart): ApiMultipart,
) -> ApiResult<ApiJson<TermImportReport>> {
    let client = clients::require(&state.db, id).await?;
    let (name, bytes) = one_file(multipart, "file", state.config.max_upload_bytes).await?;
    let report = terminology::import_file(&state.db, id, &name, bytes, state.clock.now()).await?;
    caller
        .audit(
            &state,
            AuditAction::TermsImported
                .on(TargetKind::Client, id, client.0.client_name)
                .with(json!({ "file": name, "report": report })),
        )
        .await;
    Ok(ApiJson(report))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// `csv` (the default), `xlsx`, `tbx` (TBX v3, TBX-Basic) or `tbx2` (TBX v2 for older
    /// tools).
    pub format: Option<TermFormat>,
}

/// The whole termbase as a file.
#[utoipa::path(
    get,
    path = "/api/client/{id}/terms/export",
    security(("bearer_token" = ["terms.read"])),
    tag = "terminology",
    params(("id" = i32, Path), ExportQuery),
    responses(
        (status = 200, description = "The file", content_type = "application/octet-stream"),
        (status = 400, description = "An unknown format", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn export(
    State(state): State<AppState>,
    _: Authorized<perm::TermsRead>,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(query): ApiQuery<ExportQuery>,
) -> ApiResult<Response> {
    clients::require(&state.db, id).await?;
    let format = query.format.unwrap_or(TermFormat::Csv);
    let entries = terminology::all(&state.db, id).await?;
    let bytes = tokio::task::spawn_blocking(move || terms::write_file(format, &entries))
        .await?
        .map_err(|err| ApiError::Internal(err.into()))?;
    let (extension, content_type) = match format {
        TermFormat::Csv => ("csv", "text/csv; charset=utf-8"),
        TermFormat::Xlsx => (
            "xlsx",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        ),
        TermFormat::Tbx | TermFormat::Tbx2 => ("tbx", "application/x-tbx+xml"),
    };
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (
                header::CONTENT_DISPOSITION,
                attachment(&format!("termbase-{id}.{extension}")),
            ),
        ],
        bytes,
    )
        .into_response())
}
