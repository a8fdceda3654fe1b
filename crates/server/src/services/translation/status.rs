//! A project's status: the workflow moves it one step at a time (pre-translation finished, the
//! review workbooks downloaded, the corrected ones imported, the XLIFF files downloaded); a
//! person may also set any status in the edit form. Every change is recorded with its kind.

use sea_orm::{ActiveEnum, ConnectionTrait, DatabaseConnection, DbErr, Iterable};
use time::OffsetDateTime;

use crate::{
    db::entities::{
        translation_project::ProjectStatus, translation_status_change::StatusChangeKind,
    },
    services::translation::store::{
        self,
        history::{self, StatusChange},
    },
};

/// The workflow's steps: the status each one needs, and the status it moves to. `None`: the
/// step moves the project from any status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Every job is pre-translated.
    Pretranslated,
    /// The review workbooks went to the customer.
    WorkbooksDownloaded,
    /// The customer's corrected workbooks came back.
    CorrectionsImported,
    /// The XLIFF files went back to WPML.
    XliffDownloaded,
}

impl Step {
    fn change(self) -> (Option<ProjectStatus>, ProjectStatus) {
        use ProjectStatus as S;
        match self {
            Step::Pretranslated => (Some(S::Created), S::Pretranslated),
            Step::WorkbooksDownloaded => (Some(S::Pretranslated), S::TranslationsInCorrection),
            // Corrections may come back at any point of the workflow, and again.
            Step::CorrectionsImported => (None, S::TranslationsCorrected),
            Step::XliffDownloaded => (Some(S::TranslationsCorrected), S::Completed),
        }
    }

    /// Whether the step moves a project that has `status`.
    pub fn moves(self, status: ProjectStatus) -> bool {
        let (from, to) = self.change();
        status != to && from.is_none_or(|from| from == status)
    }
}

/// Moves the project on when it is where `step` starts (a project elsewhere keeps its status);
/// returns whether it moved. `user_id`: who made the step, `None` for the worker.
pub async fn advance(
    db: &impl ConnectionTrait,
    project_id: i32,
    step: Step,
    user_id: Option<i32>,
    now: OffsetDateTime,
) -> Result<bool, DbErr> {
    let (from, to) = step.change();
    let change = StatusChange {
        from,
        to,
        kind: StatusChangeKind::Workflow,
        user_id,
    };
    history::change_status(db, project_id, change, now).await
}

/// What the edit form changes: the name and/or the status (`None` keeps it); any status may be
/// chosen, in any order, and is recorded as set by hand.
pub async fn edit(
    db: &DatabaseConnection,
    project_id: i32,
    name: Option<String>,
    status: Option<ProjectStatus>,
    user_id: i32,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let txn = crate::db::begin_write(db).await?;
    if let Some(name) = name {
        store::projects::rename(&txn, project_id, name).await?;
    }
    if let Some(to) = status {
        let change = StatusChange {
            from: None,
            to,
            kind: StatusChangeKind::Manual,
            user_id: Some(user_id),
        };
        history::change_status(&txn, project_id, change, now).await?;
    }
    txn.commit().await
}

/// One recorded change of a project's status.
#[derive(Debug, Clone)]
pub struct StatusStep {
    pub from: ProjectStatus,
    pub to: ProjectStatus,
    /// Set by a person in the edit form (else a step of the workflow).
    pub manual: bool,
    pub changed_at: time::OffsetDateTime,
}

/// The project's status changes, oldest first (its creation is the project's own date).
pub async fn history(db: &impl ConnectionTrait, project_id: i32) -> Result<Vec<StatusStep>, DbErr> {
    Ok(history::of_project(db, project_id)
        .await?
        .into_iter()
        .map(|change| StatusStep {
            from: change.from_status,
            to: change.to_status,
            manual: change.kind == StatusChangeKind::Manual,
            changed_at: change.changed_at,
        })
        .collect())
}

impl ProjectStatus {
    /// The status as stored and as the API writes it (`Translations_In_Correction`).
    pub fn stored_name(self) -> String {
        self.to_value()
    }
}

/// One of the five status values exactly as the API writes them (`Translations_In_Correction`);
/// the error names the value and the known ones.
pub fn parse(value: &str) -> Result<ProjectStatus, String> {
    ProjectStatus::iter()
        .find(|status| status.to_value() == value.trim())
        .ok_or_else(|| {
            let known: Vec<String> = ProjectStatus::iter().map(|s| s.to_value()).collect();
            format!(
                "Unknown project status \"{value}\"; it must be one of {}.",
                known.join(", ")
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_are_read_as_the_api_writes_them() {
        assert_eq!(
            parse("Translations_In_Correction").unwrap(),
            ProjectStatus::TranslationsInCorrection
        );
        let err = parse("Done").unwrap_err();
        assert!(
            err.contains("\"Done\"") && err.contains("Completed"),
            "{err}"
        );
    }
}
