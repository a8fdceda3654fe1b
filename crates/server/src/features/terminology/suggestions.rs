//! Suggested entries from the client's brand: the company names of its rebranding projects
//! (display and legal name) as `do_not_translate` terms, for every language pair the client
//! translates (its jobs' pairs and its termbase's). Brand fonts' names are not terms. What
//! the termbase already has is not suggested.

use std::collections::BTreeSet;

use axum::extract::State;
use sea_orm::{ColumnTrait, EntityTrait, JoinType, QueryFilter, QuerySelect, RelationTrait};
use wordmark_core::terms::{TermEntry, TermKind};

use super::types::TermSuggestion;
use crate::{
    db::entities::{rebranding_project, translation_job, translation_project},
    http::error::{ApiJson, ApiPath, ApiResult, ErrorBody},
    services::terminology,
    state::AppState,
};
use crate::{http::auth::Authorized, policy::perm};

/// Suggestions for the client's termbase, each accepted by posting its `term`.
#[utoipa::path(
    get,
    path = "/api/client/{id}/terms/suggestions",
    security(("bearer_token" = ["terms.read"])),
    tag = "terminology",
    params(("id" = i32, Path)),
    responses(
        (status = 200, body = Vec<TermSuggestion>),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    )
)]
pub async fn list(
    State(state): State<AppState>,
    _: Authorized<perm::TermsRead>,
    ApiPath(id): ApiPath<i32>,
) -> ApiResult<ApiJson<Vec<TermSuggestion>>> {
    crate::services::clients::require(&state.db, id).await?;
    let existing = terminology::all(&state.db, id).await?;
    let mut pairs: BTreeSet<(String, String)> = translation_job::Entity::find()
        .select_only()
        .column(translation_job::Column::SourceLang)
        .column(translation_job::Column::TargetLang)
        .join(
            JoinType::InnerJoin,
            translation_job::Relation::Project.def(),
        )
        .filter(translation_project::Column::ClientId.eq(id))
        .distinct()
        .into_tuple::<(Option<String>, Option<String>)>()
        .all(&state.db)
        .await?
        .into_iter()
        .filter_map(|(source, target)| Some((source?, target?)))
        .filter(|(source, target)| !source.is_empty() && !target.is_empty() && source != target)
        .collect();
    pairs.extend(
        existing
            .iter()
            .map(|e| (e.source_lang.clone(), e.target_lang.clone())),
    );
    let projects = rebranding_project::Entity::find()
        .filter(rebranding_project::Column::ClientId.eq(id))
        .all(&state.db)
        .await?;
    let mut suggestions: Vec<TermSuggestion> = Vec::new();
    for project in &projects {
        for (name, what) in [
            (&project.display_name, "display name"),
            (&project.legal_name, "legal name"),
        ] {
            for (source_lang, target_lang) in &pairs {
                let entry = TermEntry {
                    source_lang: source_lang.clone(),
                    target_lang: target_lang.clone(),
                    source: name.clone(),
                    targets: Vec::new(),
                    kind: TermKind::DoNotTranslate,
                    case_sensitive: true,
                    part_of_speech: Some("proper noun".into()),
                    note: Some(format!("Company name ({what} of the client's brand)")),
                };
                let Ok(entry) = entry.validated() else {
                    continue;
                };
                let known = existing.iter().any(|e| e.key() == entry.key())
                    || suggestions
                        .iter()
                        .any(|s| TermEntry::from(s.term.clone()).key() == entry.key());
                if !known {
                    suggestions.push(TermSuggestion {
                        term: entry.into(),
                        reason: format!(
                            "The {what} of the rebranding project \u{201c}{}\u{201d}",
                            project.display_name
                        ),
                    });
                }
            }
        }
    }
    Ok(ApiJson(suggestions))
}
