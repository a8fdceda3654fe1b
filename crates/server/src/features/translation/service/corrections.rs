//! The customer's corrections from the review workbooks: what the import decided (which rows
//! are taken) is written here, with what the memory learns and the project's next step.

use std::collections::BTreeMap;

use sea_orm::{ConnectionTrait, DbErr};

use super::status::{self, Step};
use crate::{
    features::translation::store::{self, segments::SegmentUpdate},
    services::memory::Confirmed,
};

/// Writes the corrections, teaches the memory the confirmed translations (by job) and moves
/// the project to `Translations_Corrected`. Call it inside the import's transaction, so all of
/// it lands or none.
pub async fn apply(
    db: &impl ConnectionTrait,
    project_id: i32,
    updates: &[SegmentUpdate],
    confirmed: BTreeMap<i32, Vec<Confirmed>>,
    user_id: i32,
) -> Result<(), DbErr> {
    store::segments::apply_corrections(db, updates).await?;
    for (job_id, confirmed) in confirmed {
        super::remember(db, job_id, &confirmed).await?;
    }
    status::advance(db, project_id, Step::CorrectionsImported, Some(user_id)).await?;
    Ok(())
}
