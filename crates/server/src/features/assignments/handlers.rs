//! The handlers of assignments: HTTP in and out; the service decides.

use axum::{extract::State, http::StatusCode, response::Response};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::{IntoParams, ToSchema};

use crate::{
    db::listing::{Listing, Order},
    http::{
        auth::{Authorized, CurrentUser},
        download::file_response,
        error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody},
        list::PageQuery,
    },
    policy::{Permission, perm},
    services::{
        accounts::{self, Role, UserQuery, UserSort},
        assignments::{
            self, Action, Assignment, AssignmentFilter, AssignmentState, Detail, NewAssignment,
            Price, ProjectOffer, Suggestion, Task,
        },
        audit::{AuditAction, TargetKind},
    },
    state::AppState,
};

/// An offer of a job (or of each job of a project) to a translator.
#[derive(Debug, Deserialize, ToSchema)]
pub struct OfferBody {
    /// The translator's username (an account of role `translator`).
    pub username: String,
    pub task: Task,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub due_at: OffsetDateTime,
    /// Instructions for the translator.
    #[serde(default)]
    pub note: Option<String>,
    /// A fixed amount in cents, in the translator's currency (for each job, when a project's
    /// jobs are offered).
    #[serde(default)]
    #[schema(minimum = 0)]
    pub amount: Option<i64>,
    /// Price each job at the translator's rate for its pair × its weighted words (instead of
    /// `amount`); 422 when the translator's profile has no rate for a job's pair.
    #[serde(default)]
    pub price_by_rate: bool,
}

impl OfferBody {
    fn price(&self) -> ApiResult<Price> {
        match (self.amount, self.price_by_rate) {
            (Some(_), true) => Err(ApiError::Unprocessable(
                "The fields amount and price_by_rate exclude each other: give a fixed amount or                  price by the rate."
                    .into(),
            )),
            (Some(amount), false) => Ok(Price::Fixed(amount)),
            (None, true) => Ok(Price::Rate),
            (None, false) => Ok(Price::Unset),
        }
    }
}

/// The assignments a project's offer made, in the project's job order.
#[derive(Debug, Serialize, ToSchema)]
pub struct OfferedJobs {
    pub ids: Vec<i32>,
}

/// A translator's refusal of an offer.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ReasonBody {
    /// Why they decline (required).
    #[serde(default)]
    pub reason: String,
}

/// Staff's note when they return a delivered job.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct NoteBody {
    /// What is to be fixed (required).
    #[serde(default)]
    pub note: String,
    /// Confirmed segments of the job to send back with it (their ids): they are to be fixed
    /// and confirmed again before the next delivery. None: the job as a whole.
    #[serde(default)]
    pub segment_ids: Vec<i64>,
}

/// The id of what was created.
#[derive(Debug, Serialize, ToSchema)]
pub struct Created {
    pub id: i32,
}

/// An assignment with what its translator needs to list it.
#[derive(Debug, Serialize, ToSchema)]
pub struct AssignmentResponse {
    pub id: i32,
    pub job_id: i32,
    pub file_name: String,
    pub project_id: i32,
    pub project_name: String,
    pub source_lang: Option<String>,
    pub target_lang: Option<String>,
    /// The translator's username.
    pub translator: String,
    pub task: Task,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub due_at: OffsetDateTime,
    pub note: Option<String>,
    /// The amount in cents, in `currency`, when one was set: fixed, or `rate` ×
    /// `weighted_words`.
    pub amount: Option<i64>,
    /// The currency of the amount, frozen at the offer (ISO 4217).
    pub currency: String,
    /// The rate per weighted word the amount was computed from; `null` for a fixed amount.
    pub rate: Option<f64>,
    /// The job's weighted words at the offer, with `rate`.
    pub weighted_words: Option<f64>,
    /// The job's translatable source words when it was offered.
    pub words: i32,
    /// The job's segments not confirmed yet: it can be delivered when none are left.
    pub unconfirmed_segments: u64,
    /// Whether it has a purchase order (`…/order.pdf`): drawn when the translator accepted.
    pub has_order: bool,
    pub state: AssignmentState,
    /// Why the translator declined, or staff's note when they returned the job.
    pub reason: Option<String>,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub updated_at: OffsetDateTime,
}

impl From<Detail> for AssignmentResponse {
    fn from(d: Detail) -> Self {
        let a = d.assignment;
        AssignmentResponse {
            id: a.id,
            job_id: a.job_id,
            file_name: d.file_name,
            project_id: d.project_id,
            project_name: d.project_name,
            source_lang: d.source_lang,
            target_lang: d.target_lang,
            translator: d.translator,
            task: a.task,
            due_at: a.due_at,
            note: a.note,
            amount: a.amount_cents,
            currency: a.currency,
            rate: a.rate,
            weighted_words: a.weighted_words,
            words: a.words,
            unconfirmed_segments: d.unconfirmed,
            has_order: d.has_order,
            state: a.state,
            reason: a.reason,
            created_at: a.created_at,
            updated_at: a.updated_at,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AssignmentQuery {
    /// Only assignments in this state.
    pub state: Option<AssignmentState>,
    /// Only the assignments of this job.
    pub job_id: Option<i32>,
}

/// The audit log's label of an assignment: the job and the translator.
fn label(a: &Assignment) -> String {
    format!("job {} \u{2192} user {}", a.job_id, a.translator_id)
}

/// Offer a job to a translator. A job has at most one open assignment.
#[utoipa::path(
    post,
    path = "/api/job/{id}/assignment",
    security(("bearer_token" = ["assignments.manage"])),
    tag = "assignments",
    params(("id" = i32, Path)),
    request_body = OfferBody,
    responses(
        (status = 201, body = Created),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The job has an open assignment", body = ErrorBody),
        (status = 422, description = "Not a translator, a negative amount, both an amount and price_by_rate, no rate for a job's pair, a note too long", body = ErrorBody),
    )
)]
pub async fn offer(
    State(state): State<AppState>,
    caller: Authorized<perm::AssignmentsManage>,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<OfferBody>,
) -> ApiResult<(StatusCode, ApiJson<Created>)> {
    let new = NewAssignment {
        job_id: id,
        price: body.price()?,
        username: body.username,
        task: body.task,
        due_at: body.due_at,
        note: body.note,
    };
    let (site, now) = (state.mail_site(), state.clock.now());
    let offered = assignments::offer(&state.db, new, caller.user.id, site, now).await?;
    let event =
        AuditAction::AssignmentOffered.on(TargetKind::Assignment, offered.id, label(&offered));
    caller.audit(&state, event).await;
    Ok((StatusCode::CREATED, ApiJson(Created { id: offered.id })))
}

/// Offer every job of the project that has no open assignment to one translator, in one go:
/// any refusal writes none of them. The translator is told once.
#[utoipa::path(
    post,
    path = "/api/translation/{id}/assignments",
    security(("bearer_token" = ["assignments.manage"])),
    tag = "assignments",
    params(("id" = i32, Path)),
    request_body = OfferBody,
    responses(
        (status = 201, body = OfferedJobs),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Every job has an open assignment, or one was offered meanwhile", body = ErrorBody),
        (status = 422, description = "Not a translator, a negative amount, both an amount and price_by_rate, no rate for a job's pair, a note too long", body = ErrorBody),
    )
)]
pub async fn offer_project(
    State(state): State<AppState>,
    caller: Authorized<perm::AssignmentsManage>,
    ApiPath(id): ApiPath<i32>,
    ApiJson(body): ApiJson<OfferBody>,
) -> ApiResult<(StatusCode, ApiJson<OfferedJobs>)> {
    let offer = ProjectOffer {
        project_id: id,
        price: body.price()?,
        username: body.username,
        task: body.task,
        due_at: body.due_at,
        note: body.note,
    };
    let (site, now) = (state.mail_site(), state.clock.now());
    let offered = assignments::offer_project(&state.db, offer, caller.user.id, site, now).await?;
    for row in &offered {
        let event = AuditAction::AssignmentOffered.on(TargetKind::Assignment, row.id, label(row));
        caller.audit(&state, event).await;
    }
    let ids = offered.iter().map(|row| row.id).collect();
    Ok((StatusCode::CREATED, ApiJson(OfferedJobs { ids })))
}

/// Assignments, the earliest due first, one page (`limit`, `offset`): a translator's own,
/// everyone's for staff; the number in all is in `X-Total-Count`.
#[utoipa::path(
    get,
    path = "/api/assignments",
    security(("bearer_token" = ["assignments.read"])),
    tag = "assignments",
    params(AssignmentQuery, PageQuery),
    responses(
        (status = 200, body = Vec<AssignmentResponse>, headers(
            ("X-Total-Count" = u64, description = "Assignments in all")
        )),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    caller: Authorized<perm::AssignmentsRead>,
    ApiQuery(query): ApiQuery<AssignmentQuery>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Listing<AssignmentResponse>> {
    let filter = AssignmentFilter {
        translator_id: (!caller.may(Permission::AssignmentsManage)).then_some(caller.user.id),
        job_id: query.job_id,
        state: query.state,
    };
    let listed = assignments::list(&state.db, &filter, page.window()?).await?;
    Ok(listed.map(AssignmentResponse::from))
}

/// The answer for one assignment.
async fn one(state: &AppState, assignment: Assignment) -> ApiResult<ApiJson<AssignmentResponse>> {
    let id = assignment.id;
    let detail = assignments::details(&state.db, vec![assignment])
        .await?
        .pop()
        .ok_or(assignments::AssignmentError::NotFound(id))?;
    Ok(ApiJson(detail.into()))
}

/// One assignment (a translator: one of theirs).
#[utoipa::path(
    get,
    path = "/api/assignments/{id}",
    security(("bearer_token" = ["assignments.read"])),
    tag = "assignments",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = AssignmentResponse),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn get(
    State(state): State<AppState>,
    _: Authorized<perm::AssignmentsRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<AssignmentResponse>> {
    let found = assignments::find(&state.db, id).await?;
    one(&state, found).await
}

/// The purchase order of an assignment, as drawn when the translator accepted it (staff, and
/// the assigned translator).
#[utoipa::path(
    get,
    path = "/api/assignments/{id}/order.pdf",
    security(("bearer_token" = ["assignments.read"])),
    tag = "assignments",
    params(("id" = i32, Path)),
    responses(
        (status = 200, content_type = "application/pdf", body = Vec<u8>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Not accepted (yet): no order was drawn", body = ErrorBody),
    )
)]
pub async fn order(
    State(state): State<AppState>,
    _: Authorized<perm::AssignmentsRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<Response> {
    let (number, bytes) = assignments::order_pdf(&state.db, id).await?;
    Ok(file_response(
        "application/pdf",
        &format!("{number}.pdf"),
        bytes,
    ))
}

/// Does `action` for `caller`, records it in the audit log and answers the assignment.
async fn act(
    state: &AppState,
    caller: &CurrentUser,
    id: i32,
    action: Action,
    audited: AuditAction,
) -> ApiResult<ApiJson<AssignmentResponse>> {
    let (site, now, agency) = (
        state.mail_site(),
        state.clock.now(),
        &state.config.agency_name,
    );
    let moved = assignments::act(&state.db, id, caller.user.id, action, agency, site, now).await?;
    let event = audited.on(TargetKind::Assignment, moved.id, label(&moved));
    caller.audit(state, event).await;
    one(state, moved).await
}

/// Declares one route that moves an assignment, with its documentation: with a JSON body
/// (`body: Type => action`) or none (`=> action`).
macro_rules! transition {
    ($name:ident, $path:literal, $perm:ident, $key:literal, $doc:literal,
     $body:ident: $body_type:ty => $action:expr, $audited:ident) => {
        #[doc = $doc]
        #[utoipa::path(
            post,
            path = $path,
            security(("bearer_token" = [$key])),
            tag = "assignments",
            params(("id" = i32, Path)),
            request_body = $body_type,
            responses(
                (status = 200, body = AssignmentResponse),
                (status = 401, body = ErrorBody),
                (status = 403, description = "Not the permission, or not the assignee", body = ErrorBody),
                (status = 404, body = ErrorBody),
                (status = 409, description = "Not allowed in the assignment's state", body = ErrorBody),
                (status = 422, description = "The reason or note is missing or too long", body = ErrorBody),
            )
        )]
        pub async fn $name(
            State(state): State<AppState>,
            caller: Authorized<perm::$perm>,
            ApiPath(id): ApiPath<i32>,
            ApiJson($body): ApiJson<$body_type>,
        ) -> ApiResult<ApiJson<AssignmentResponse>> {
            act(&state, &caller, id, $action, AuditAction::$audited).await
        }
    };
    ($name:ident, $path:literal, $perm:ident, $key:literal, $doc:literal,
     => $action:expr, $audited:ident $(, 422: $unprocessable:literal)?) => {
        #[doc = $doc]
        #[utoipa::path(
            post,
            path = $path,
            security(("bearer_token" = [$key])),
            tag = "assignments",
            params(("id" = i32, Path)),
            responses(
                (status = 200, body = AssignmentResponse),
                (status = 401, body = ErrorBody),
                (status = 403, description = "Not the permission, or not the assignee", body = ErrorBody),
                (status = 404, body = ErrorBody),
                (status = 409, description = "Not allowed in the assignment's state", body = ErrorBody),
                $((status = 422, description = $unprocessable, body = ErrorBody),)?
            )
        )]
        pub async fn $name(
            State(state): State<AppState>,
            caller: Authorized<perm::$perm>,
            ApiPath(id): ApiPath<i32>,
        ) -> ApiResult<ApiJson<AssignmentResponse>> {
            act(&state, &caller, id, $action, AuditAction::$audited).await
        }
    };
}

transition!(accept, "/api/assignments/{id}/accept", AssignmentsRespond, "assignments.respond",
    "Accept an offered job (the translator it was offered to).",
    => Action::Accept, AssignmentAccepted);
transition!(decline, "/api/assignments/{id}/decline", AssignmentsRespond, "assignments.respond",
    "Decline an offered job, saying why (the translator it was offered to).",
    body: ReasonBody => Action::Decline { reason: body.reason }, AssignmentDeclined);
transition!(deliver, "/api/assignments/{id}/deliver", AssignmentsRespond, "assignments.respond",
    "Deliver an accepted or returned job (the translator it was offered to) once every segment that needs translating is confirmed and every QA warning is fixed or acknowledged (422 with the count otherwise).",
    => Action::Deliver, AssignmentDelivered,
    422: "Segments are not confirmed yet (the message says how many)");
transition!(return_job, "/api/assignments/{id}/return", AssignmentsManage, "assignments.manage",
    "Return a delivered job to its translator with a note of what to fix, and with it the confirmed segments named (422 for a segment of another job or not confirmed).",
    body: NoteBody => Action::Return { note: body.note, segments: body.segment_ids }, AssignmentReturned);
transition!(close, "/api/assignments/{id}/close", AssignmentsManage, "assignments.manage",
    "Close a delivered job: the work is done.",
    => Action::Close, AssignmentClosed);
transition!(withdraw, "/api/assignments/{id}/withdraw", AssignmentsManage, "assignments.manage",
    "Withdraw an offered, accepted or returned assignment: the translator's access ends at once.",
    => Action::Withdraw, AssignmentWithdrawn);

/// A translator's account, as the offer form lists it.
#[derive(Debug, Serialize, ToSchema)]
pub struct TranslatorOption {
    pub username: String,
    pub first_name: String,
    pub last_name: String,
}

/// The translators' accounts, by username, one page: whom a job may be offered to (editors
/// manage assignments without managing users).
#[utoipa::path(
    get,
    path = "/api/translators",
    security(("bearer_token" = ["assignments.manage"])),
    tag = "assignments",
    params(PageQuery),
    responses(
        (status = 200, body = Vec<TranslatorOption>, headers(
            ("X-Total-Count" = u64, description = "Translators in all")
        )),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
    )
)]
pub async fn translators(
    State(state): State<AppState>,
    _: Authorized<perm::AssignmentsManage>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> ApiResult<Listing<TranslatorOption>> {
    let query = UserQuery {
        role: Some(Role::Translator),
        q: None,
        sort: UserSort::Username,
        order: Order::Asc,
        window: page.window()?,
    };
    let listed = accounts::list(&state.db, &query).await?;
    Ok(listed.map(|user| TranslatorOption {
        username: user.username,
        first_name: user.first_name,
        last_name: user.last_name,
    }))
}

/// A pair of the work with the translator's rate for it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PairRate {
    pub source_lang: String,
    pub target_lang: String,
    /// Per weighted word; `null` when the profile sets none for the pair.
    pub rate: Option<f64>,
}

/// A translator who works in the pairs of a job (or of a project's jobs still to assign),
/// with their terms and what the work costs at their rate.
#[derive(Debug, Serialize, ToSchema)]
pub struct TranslatorSuggestion {
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    /// ISO 4217: what they are paid in.
    pub currency: String,
    pub availability: Option<String>,
    pub pairs: Vec<PairRate>,
    /// The work's weighted words (the analysis's).
    pub weighted_words: f64,
    /// Their rate × the weighted words, in cents (`price_by_rate` gives this); `null` when a
    /// pair has no rate.
    pub amount: Option<i64>,
}

impl From<Suggestion> for TranslatorSuggestion {
    fn from(s: Suggestion) -> Self {
        TranslatorSuggestion {
            username: s.username,
            first_name: s.first_name,
            last_name: s.last_name,
            currency: s.currency,
            availability: s.availability,
            pairs: s
                .pairs
                .into_iter()
                .map(|p| PairRate {
                    source_lang: p.source_lang,
                    target_lang: p.target_lang,
                    rate: p.rate,
                })
                .collect(),
            weighted_words: s.weighted_words,
            amount: s.amount_cents,
        }
    }
}

/// The translators whose profiles have the job's language pair, by username, with their rate,
/// currency, availability and the job's price at their rate.
#[utoipa::path(
    get,
    path = "/api/job/{id}/translators",
    security(("bearer_token" = ["assignments.manage"])),
    tag = "assignments",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = Vec<TranslatorSuggestion>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn job_translators(
    State(state): State<AppState>,
    _: Authorized<perm::AssignmentsManage>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<Vec<TranslatorSuggestion>>> {
    let found = assignments::suggest_for_job(&state.db, id).await?;
    Ok(ApiJson(found.into_iter().map(Into::into).collect()))
}

/// The translators whose profiles have every pair of the project's jobs without an open
/// assignment (what "assign all jobs" offers), with their rates and the price of those jobs at
/// their rates; none when every job is assigned.
#[utoipa::path(
    get,
    path = "/api/translation/{id}/translators",
    security(("bearer_token" = ["assignments.manage"])),
    tag = "assignments",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = Vec<TranslatorSuggestion>),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn project_translators(
    State(state): State<AppState>,
    _: Authorized<perm::AssignmentsManage>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<Vec<TranslatorSuggestion>>> {
    let found = assignments::suggest_for_project(&state.db, id).await?;
    Ok(ApiJson(found.into_iter().map(Into::into).collect()))
}
