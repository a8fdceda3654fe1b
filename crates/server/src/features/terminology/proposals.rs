//! Term proposals (`/api/client/{id}/term-proposals…`): a customer proposes an entry for their
//! client's termbase and sees where their client's proposals stand; administrators and editors
//! accept one (it becomes an entry) or refuse it with a reason.

use axum::{extract::State, http::StatusCode};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::{IntoParams, ToSchema};

use crate::{
    db::listing::Listing,
    http::{
        auth::Authorized,
        error::{ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody},
        list::PageQuery,
    },
    policy::perm,
    services::{
        audit::{AuditAction, TargetKind},
        clients,
        term_proposals::{self, NewProposal, Proposal, ProposalState},
    },
    state::AppState,
};

/// A proposed entry: a preferred term with one target.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ProposalBody {
    /// Language codes (`en`, `de`, `pt-br`).
    pub source_lang: String,
    pub target_lang: String,
    pub source: String,
    pub target: String,
    /// Why, or where the term is used.
    #[serde(default)]
    pub note: Option<String>,
}

/// Staff's refusal.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct RefusalBody {
    /// Why, shown to the customer.
    #[serde(default)]
    pub reason: Option<String>,
}

/// A proposal and where it stands.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProposalResponse {
    pub id: i32,
    pub source_lang: String,
    pub target_lang: String,
    pub source: String,
    pub target: String,
    pub note: Option<String>,
    pub state: ProposalState,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub proposed_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub decided_at: Option<OffsetDateTime>,
    /// Why it was refused, when staff said.
    pub reason: Option<String>,
    /// The termbase entry it became, while that exists.
    pub term_id: Option<i32>,
}

impl From<Proposal> for ProposalResponse {
    fn from(p: Proposal) -> Self {
        ProposalResponse {
            id: p.id,
            source_lang: p.source_lang,
            target_lang: p.target_lang,
            source: p.source,
            target: p.target,
            note: p.note,
            state: p.state,
            proposed_at: p.proposed_at,
            decided_at: p.decided_at,
            reason: p.reason,
            term_id: p.term_id,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProposalFilter {
    /// Only proposals in this state.
    pub state: Option<ProposalState>,
}

/// The audit log's label of a proposal: `source → target`.
fn label(p: &Proposal) -> String {
    format!("{} \u{2192} {}", p.source, p.target)
}

/// A client's term proposals, newest first, one page (`limit`, `offset`); the number in all is
/// in `X-Total-Count`.
#[utoipa::path(
    get,
    path = "/api/client/{id}/term-proposals",
    security(("bearer_token" = ["terms.read"])),
    tag = "terminology",
    params(("id" = i32, Path), ProposalFilter, PageQuery),
    responses(
        (status = 200, body = Vec<ProposalResponse>, headers(
            ("X-Total-Count" = u64, description = "Proposals in all")
        )),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    _: Authorized<perm::TermsRead>,
    ApiPath(id): ApiPath<i32>,
    ApiQuery(filter): ApiQuery<ProposalFilter>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Listing<ProposalResponse>> {
    clients::require(&state.db, id).await?;
    let listed = term_proposals::list(&state.db, id, filter.state, page.window()?).await?;
    Ok(listed.map(ProposalResponse::from))
}

/// Propose an entry for the client's termbase (customers); staff decide on it.
#[utoipa::path(
    post,
    path = "/api/client/{id}/term-proposals",
    security(("bearer_token" = ["terms.propose"])),
    tag = "terminology",
    params(("id" = i32, Path)),
    request_body = ProposalBody,
    responses(
        (status = 201, body = ProposalResponse),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Not a customer", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "What is wrong with the proposal", body = ErrorBody),
    )
)]
pub async fn propose(
    State(state): State<AppState>,
    caller: Authorized<perm::TermsPropose>,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<ProposalBody>,
) -> ApiResult<(StatusCode, ApiJson<ProposalResponse>)> {
    clients::require(&state.db, id).await?;
    let new = NewProposal {
        source_lang: body.source_lang,
        target_lang: body.target_lang,
        source: body.source,
        target: body.target,
        note: body.note,
    };
    let proposal = term_proposals::propose(
        &state.db,
        id,
        caller.user.id,
        new,
        state.mail_site(),
        state.clock.now(),
    )
    .await?;
    let event =
        AuditAction::TermProposed.on(TargetKind::TermProposal, proposal.id, label(&proposal));
    caller.audit(&state, event).await;
    Ok((StatusCode::CREATED, ApiJson(proposal.into())))
}

/// Accept a pending proposal: it becomes a preferred entry of the termbase.
#[utoipa::path(
    post,
    path = "/api/client/{id}/term-proposals/{proposal_id}/accept",
    security(("bearer_token" = ["terms.write"])),
    tag = "terminology",
    params(("id" = i32, Path), ("proposal_id" = i32, Path)),
    responses(
        (status = 200, body = ProposalResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Decided already, or the termbase has this entry", body = ErrorBody),
    )
)]
pub async fn accept(
    State(state): State<AppState>,
    caller: Authorized<perm::TermsWrite>,
    ApiPath((id, proposal_id)): ApiPath<(i32, i32)>,
) -> ApiResult<ApiJson<ProposalResponse>> {
    let (proposal, term) = term_proposals::accept(
        &state.db,
        id,
        proposal_id,
        caller.user.id,
        state.mail_site(),
        state.clock.now(),
    )
    .await?;
    let event = AuditAction::TermProposalAccepted
        .on(TargetKind::TermProposal, proposal.id, label(&proposal))
        .with(serde_json::json!({ "term_id": term.id }));
    caller.audit(&state, event).await;
    Ok(ApiJson(proposal.into()))
}

/// Refuse a pending proposal, with a reason the customer sees when one is given.
#[utoipa::path(
    post,
    path = "/api/client/{id}/term-proposals/{proposal_id}/refuse",
    security(("bearer_token" = ["terms.write"])),
    tag = "terminology",
    params(("id" = i32, Path), ("proposal_id" = i32, Path)),
    request_body = RefusalBody,
    responses(
        (status = 200, body = ProposalResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Decided already", body = ErrorBody),
        (status = 422, description = "The reason is too long", body = ErrorBody),
    )
)]
pub async fn refuse(
    State(state): State<AppState>,
    caller: Authorized<perm::TermsWrite>,
    ApiPath((id, proposal_id)): ApiPath<(i32, i32)>,
    ApiJson(body): ApiJson<RefusalBody>,
) -> ApiResult<ApiJson<ProposalResponse>> {
    let proposal = term_proposals::refuse(
        &state.db,
        id,
        proposal_id,
        caller.user.id,
        body.reason,
        state.mail_site(),
        state.clock.now(),
    )
    .await?;
    let event = AuditAction::TermProposalRefused.on(
        TargetKind::TermProposal,
        proposal.id,
        label(&proposal),
    );
    caller.audit(&state, event).await;
    Ok(ApiJson(proposal.into()))
}
