//! The customer's corrections from the review workbooks: what the import decided (which rows
//! are taken) is written here, workbook by workbook, with what the memory learns, and then the
//! project's next step.

use sea_orm::{ConnectionTrait, DbErr};

use super::status::{self, Step};
use crate::{
    features::translation::store::{self, segments::SegmentUpdate},
    services::memory::Confirmed,
};

/// Writes one workbook's corrections and teaches the memory its confirmed translations (of
/// `job_id`). Call it inside the import's transaction, so all of it lands or none.
pub async fn apply(
    db: &impl ConnectionTrait,
    job_id: i32,
    updates: &[SegmentUpdate],
    confirmed: &[Confirmed],
) -> Result<(), DbErr> {
    store::segments::apply_corrections(db, updates).await?;
    super::remember(db, job_id, confirmed).await
}

/// Moves the project to `Translations_Corrected` once every workbook was applied, inside the
/// same transaction.
pub async fn finish(db: &impl ConnectionTrait, project_id: i32, user_id: i32) -> Result<(), DbErr> {
    status::advance(db, project_id, Step::CorrectionsImported, Some(user_id)).await?;
    Ok(())
}
