//! Edited targets from the job view: checked (QA) before any is saved, then saved all or none.
//! Each names the revision of the segment it was made on; when another editor saved the
//! segment since, nothing is saved and the answer shows both texts (as the review link does).

use std::collections::HashMap;
use time::OffsetDateTime;

use sea_orm::{ConnectionTrait, DbErr};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wordmark_core::{
    field::{self, FieldKind},
    qa::{self, QaWarning},
    segment::{Markup, Shortcodes},
    terms::TermIndex,
};

use crate::services::translation::{
    qa_flags,
    segment_state::Change,
    store::{
        self,
        segments::{EditWrite, EditableRow, NewTarget},
    },
};

/// A new target for one segment of the job.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct SegmentEdit {
    #[schema(value_type = i64)]
    pub id: i64,
    pub target: String,
    /// The segment's `revision` when the editor opened it: the save is refused (409) when the
    /// segment has been written since.
    pub base_revision: i32,
}

/// A segment that changed after the edit was begun: what the editor wrote and what the segment
/// holds now, for them to choose.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct StaleEdit {
    #[schema(value_type = i64)]
    pub id: i64,
    pub unit_key: String,
    /// The text that was not saved.
    pub your_target: String,
    /// The segment's target now (`null`: none).
    pub current_target: Option<String>,
    /// What the next save of this segment names as `base_revision`.
    pub current_revision: i32,
}

/// What a segment needs for the check.
#[derive(Debug, Clone)]
pub struct EditableSegment {
    pub id: i64,
    pub unit_key: String,
    pub field: FieldKind,
    pub source: String,
    pub markup: Markup,
    pub target: Option<String>,
    pub revision: i32,
}

impl From<EditableRow> for EditableSegment {
    fn from(row: EditableRow) -> Self {
        let field = field::describe(
            row.unit_id.as_deref(),
            row.resname.as_deref(),
            &row.unit_key,
        );
        EditableSegment {
            id: row.id,
            unit_key: row.unit_key,
            field: field.kind,
            source: row.source,
            markup: row.markup.into(),
            target: row.target,
            revision: row.revision,
        }
    }
}

/// An edit that passed QA: what was saved, with the warnings stored as its `qa_flags`.
/// The translation memory takes these as confirmed pairs (`source` → `target`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AcceptedEdit {
    pub segment_id: i64,
    pub base_revision: i32,
    pub unit_key: String,
    pub source: String,
    pub target: String,
    pub markup: Markup,
    pub warnings: Vec<QaWarning>,
}

impl AcceptedEdit {
    /// A blank target clears the segment's target instead of setting one.
    pub fn clears(&self) -> bool {
        self.target.trim().is_empty()
    }
}

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("Segment {segment_id} is not part of job {job_id}.")]
    UnknownSegment { segment_id: i64, job_id: i32 },
    #[error("The translation of unit \"{unit_key}\" was refused: {reason}. Nothing was saved.")]
    Refused { unit_key: String, reason: String },
    #[error("{}", stale_message(.0))]
    Stale(Vec<StaleEdit>),
}

pub(super) fn stale_message(stale: &[StaleEdit]) -> String {
    let units: Vec<String> = stale
        .iter()
        .map(|s| format!("\"{}\"", s.unit_key))
        .collect();
    format!(
        "Someone else saved {} since you opened it ({}). Nothing was saved: compare your text \
         with the current one and save again.",
        if stale.len() == 1 {
            "this segment"
        } else {
            "these segments"
        },
        units.join(", ")
    )
}

#[derive(Debug, thiserror::Error)]
pub enum SaveEditsError {
    #[error(transparent)]
    Refused(#[from] EditError),
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// How an edit leaves its segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Confirmed (status `reviewed`): what delivery counts, and what the memory learns.
    Confirmed,
    /// A draft (the editor's autosave): the text is kept, the segment still needs a confirm.
    Draft,
}

/// Saves edited targets of one job by `user_id`, after QA: all or none (run it in a transaction). Accepted
/// targets count as edited, confirmed or as drafts by `outcome` (their QA warnings as flags);
/// an emptied target goes back to no target. Returns the accepted non-empty edits: for
/// confirmed ones, the pairs the translation memory is to learn from.
pub async fn save(
    db: &impl ConnectionTrait,
    job_id: i32,
    user_id: i32,
    edits: Vec<SegmentEdit>,
    outcome: Outcome,
    now: OffsetDateTime,
) -> Result<Vec<AcceptedEdit>, SaveEditsError> {
    if edits.is_empty() {
        return Ok(Vec::new());
    }
    // One edit (the editor's save) reads its one segment; an unknown id finds none and is
    // refused by the check as before.
    let only = match edits.as_slice() {
        [edit] => Some(edit.id),
        _ => None,
    };
    let segments = editable(db, job_id, only).await?;
    let shortcodes = store::jobs::shortcodes(db, &[job_id]).await?;
    let terms = super::job_terms(db, job_id).await?;
    let mut accepted = check(
        job_id,
        &segments,
        shortcodes.of(job_id),
        terms.as_ref(),
        edits,
    )?;
    let writes: Vec<EditWrite> = accepted
        .iter()
        .map(|edit| {
            let target = if edit.clears() {
                NewTarget {
                    text: None,
                    change: Change::Cleared,
                    qa_flags: qa_flags::NONE.to_owned(),
                }
            } else {
                NewTarget {
                    text: Some(edit.target.clone()),
                    change: match outcome {
                        Outcome::Confirmed => Change::Edited,
                        Outcome::Draft => Change::Drafted,
                    },
                    qa_flags: qa_flags::encode(&edit.warnings),
                }
            };
            EditWrite {
                segment_id: edit.segment_id,
                base_revision: edit.base_revision,
                target,
            }
        })
        .collect();
    let raced = store::segments::write_edits(db, user_id, &writes, now).await?;
    if !raced.is_empty() {
        // Saved by someone else between the check and the write: read what they saved.
        let now = editable(db, job_id, only).await?;
        let stale = accepted
            .iter()
            .filter(|edit| raced.contains(&edit.segment_id))
            .map(|edit| stale_edit(&now[&edit.segment_id], edit.target.clone()))
            .collect();
        return Err(EditError::Stale(stale).into());
    }
    accepted.retain(|edit| !edit.clears());
    Ok(accepted)
}

/// The job's segments as an edit needs them, by id.
async fn editable(
    db: &impl ConnectionTrait,
    job_id: i32,
    only: Option<i64>,
) -> Result<HashMap<i64, EditableSegment>, DbErr> {
    let rows = match only {
        Some(id) => store::segments::editable_one(db, job_id, id).await?,
        None => store::segments::editable(db, job_id).await?,
    };
    Ok(rows
        .into_iter()
        .map(|row| (row.id, EditableSegment::from(row)))
        .collect())
}

/// What the editor is shown of a segment that moved on.
fn stale_edit(segment: &EditableSegment, your_target: String) -> StaleEdit {
    StaleEdit {
        id: segment.id,
        unit_key: segment.unit_key.clone(),
        your_target,
        current_target: segment.target.clone(),
        current_revision: segment.revision,
    }
}

/// Checks every edit: edits made on an older revision refuse them all and are named together;
/// otherwise the first QA refusal refuses them all (a half-saved edit session would be hard to
/// understand in the job view). `shortcodes` are the job's.
fn check(
    job_id: i32,
    segments: &HashMap<i64, EditableSegment>,
    shortcodes: &Shortcodes,
    terms: Option<&TermIndex>,
    edits: Vec<SegmentEdit>,
) -> Result<Vec<AcceptedEdit>, EditError> {
    let mut stale = Vec::new();
    for edit in &edits {
        let segment = segments.get(&edit.id).ok_or(EditError::UnknownSegment {
            segment_id: edit.id,
            job_id,
        })?;
        if segment.revision != edit.base_revision {
            stale.push(stale_edit(segment, edit.target.clone()));
        }
    }
    if !stale.is_empty() {
        return Err(EditError::Stale(stale));
    }
    edits
        .into_iter()
        .map(|edit| {
            let segment = &segments[&edit.id];
            let mut outcome = qa::check_with_terms(
                &segment.source,
                &edit.target,
                segment.markup,
                shortcodes,
                terms,
            );
            if let Some(reason) = outcome.refusal {
                return Err(EditError::Refused {
                    unit_key: segment.unit_key.clone(),
                    reason,
                });
            }
            outcome
                .warnings
                .extend(qa::check_field(segment.field, &edit.target, segment.markup));
            Ok(AcceptedEdit {
                segment_id: segment.id,
                base_revision: edit.base_revision,
                unit_key: segment.unit_key.clone(),
                source: segment.source.clone(),
                target: edit.target,
                markup: segment.markup,
                warnings: outcome.warnings,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn segments() -> HashMap<i64, EditableSegment> {
        let segment = EditableSegment {
            id: 7,
            unit_key: "body".into(),
            field: FieldKind::Body,
            source: "<p>Open <strong>24</strong> hours</p>".into(),
            markup: Markup::Html,
            target: None,
            revision: 3,
        };
        HashMap::from([(7, segment)])
    }

    fn edit(id: i64, target: &str) -> SegmentEdit {
        SegmentEdit {
            id,
            target: target.into(),
            base_revision: 3,
        }
    }

    #[test]
    fn matching_markup_is_accepted_with_its_warnings() {
        let accepted = check(
            1,
            &segments(),
            &Shortcodes::Any,
            None,
            vec![edit(7, "<p>Rund um die Uhr <strong>geöffnet</strong></p>")],
        )
        .unwrap();
        assert_eq!(accepted.len(), 1);
        assert_eq!(accepted[0].segment_id, 7);
        assert!(
            accepted[0]
                .warnings
                .iter()
                .any(|w| matches!(w, QaWarning::MissingNumbers { .. }))
        );
    }

    #[test]
    fn broken_markup_refuses_naming_the_unit() {
        let err = check(
            1,
            &segments(),
            &Shortcodes::Any,
            None,
            vec![edit(7, "<p>Offen 24 Stunden")],
        )
        .unwrap_err();
        assert!(
            matches!(&err, EditError::Refused { unit_key, .. } if unit_key == "body"),
            "{err}"
        );
        assert!(err.to_string().contains("\"body\""));
    }

    /// `[CS]` is text in a job whose file lists its site's shortcodes without it; a listed one
    /// is a tag that must be kept.
    #[test]
    fn only_the_jobs_listed_shortcodes_are_tags() {
        let segments = HashMap::from([(
            7,
            EditableSegment {
                source: "<p>Save [caption id=\"1\"]a photo[/caption]</p>".into(),
                ..segments()[&7].clone()
            },
        )]);
        let listed = Shortcodes::from_list("caption,gallery");
        let target = "<p>[CS] Foto [caption id=\"1\"]speichern[/caption]</p>";
        let accepted = check(1, &segments, &listed, None, vec![edit(7, target)]).unwrap();
        assert_eq!(accepted[0].target, target);
        // Without a list, any bracketed word is a shortcode: `[CS]` was added.
        let err = check(1, &segments, &Shortcodes::Any, None, vec![edit(7, target)]).unwrap_err();
        assert!(err.to_string().contains("[CS]"), "{err}");
        let err = check(
            1,
            &segments,
            &listed,
            None,
            vec![edit(7, "<p>[CS] Foto</p>")],
        )
        .unwrap_err();
        assert!(err.to_string().contains("missing"), "{err}");
    }

    #[test]
    fn segments_of_other_jobs_are_refused() {
        let err = check(1, &segments(), &Shortcodes::Any, None, vec![edit(8, "x")]).unwrap_err();
        assert_eq!(
            err,
            EditError::UnknownSegment {
                segment_id: 8,
                job_id: 1
            }
        );
    }

    /// An edit made on an older revision is refused with the text now saved, even when
    /// another edit of the request is fine, and before its own QA is looked at.
    #[test]
    fn edits_on_an_older_revision_are_refused_with_both_texts() {
        let mut segments = segments();
        let now = segments.get_mut(&7).unwrap();
        now.revision = 4;
        now.target = Some("<p>Von Kollegin gespeichert</p>".into());
        let err = check(
            1,
            &segments,
            &Shortcodes::Any,
            None,
            vec![edit(7, "<p>kaputt")],
        )
        .unwrap_err();
        assert_eq!(
            err,
            EditError::Stale(vec![StaleEdit {
                id: 7,
                unit_key: "body".into(),
                your_target: "<p>kaputt".into(),
                current_target: Some("<p>Von Kollegin gespeichert</p>".into()),
                current_revision: 4,
            }])
        );
        assert!(err.to_string().contains("\"body\""), "{err}");
    }

    /// A slug typed with capitals and spaces is saved, with the field's warning.
    #[test]
    fn field_rules_add_their_warnings() {
        let slug = EditableSegment {
            unit_key: "slug".into(),
            field: FieldKind::Slug,
            source: "about-us".into(),
            markup: Markup::Html,
            ..segments()[&7].clone()
        };
        let segments = HashMap::from([(7, slug)]);
        let accepted = check(
            1,
            &segments,
            &Shortcodes::Any,
            None,
            vec![edit(7, "Über Uns")],
        )
        .unwrap();
        assert!(
            accepted[0]
                .warnings
                .iter()
                .any(|w| matches!(w, QaWarning::NotASlug)),
            "{:?}",
            accepted[0].warnings
        );
    }
}
