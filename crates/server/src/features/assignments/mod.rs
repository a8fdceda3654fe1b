//! Assignments (`/api/job/{id}/assignment`, `/api/translation/{id}/assignments`,
//! `/api/assignments…`): staff offer a job, or every job of a project, to a translator; the translator accepts or declines the offer and delivers the job; staff return
//! it with a note, close it or withdraw it. The state machine is `services::assignments`;
//! each move is recorded in the audit log.

mod handlers;

use utoipa::OpenApi;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(components(schemas(
    handlers::OfferBody,
    handlers::ReasonBody,
    handlers::NoteBody,
    handlers::AssignmentResponse,
    handlers::Created,
    handlers::OfferedJobs,
    handlers::TranslatorOption,
    handlers::TranslatorSuggestion,
    handlers::PairRate,
    crate::services::assignments::Task,
    crate::services::assignments::AssignmentState,
)))]
struct ApiDoc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(handlers::offer))
        .routes(routes!(handlers::offer_project))
        .routes(routes!(handlers::list))
        .routes(routes!(handlers::get))
        .routes(routes!(handlers::order))
        .routes(routes!(handlers::accept))
        .routes(routes!(handlers::decline))
        .routes(routes!(handlers::deliver))
        .routes(routes!(handlers::return_job))
        .routes(routes!(handlers::close))
        .routes(routes!(handlers::withdraw))
        .routes(routes!(handlers::translators))
        .routes(routes!(handlers::job_translators))
        .routes(routes!(handlers::project_translators))
}
