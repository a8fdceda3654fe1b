//! The two downloads of the review round trip: the review workbooks for the customer and the
//! XLIFF files for WPML. Each moves the project one step on once its archive is built.
//!
//! When the status moves: after the archive is built, before it is sent, as its own short
//! transaction. Building runs outside any transaction (reading a large project and zipping it takes
//! a while, and on SQLite a write transaction would block every other writer for that long);
//! an export that fails leaves the status as it was. An answer lost on the way (the browser
//! closed mid-download) leaves the project moved on: downloading again is allowed at any
//! status and never moves it back, so nothing is lost but a repeated click.

use sea_orm::{DbErr, TransactionTrait};

use crate::{
    db,
    features::translation::{
        project_not_found,
        store::{self, projects::ProjectHead},
    },
    http::error::{ApiError, ApiResult},
};

use super::{
    archive::{self, ExportError, ProjectHeader},
    status::{self, Step},
};

/// A built archive and the name to download it under.
pub struct Archive {
    pub file_name: String,
    pub bytes: Vec<u8>,
}

/// The project, or 404.
async fn head(db: &sea_orm::DatabaseConnection, project_id: i32) -> ApiResult<ProjectHead> {
    store::projects::head(db, project_id)
        .await?
        .ok_or_else(project_not_found)
}

fn no_jobs(project: &ProjectHead) -> ApiError {
    ApiError::Unprocessable(format!(
        "The project '{}' has no files to export yet.",
        project.name
    ))
}

fn export_failed(error: ExportError) -> ApiError {
    match error {
        // A stored target that cannot go into its file (QA lets none through; older data might).
        ExportError::Xliff(e) => ApiError::Unprocessable(format!("The XLIFF export failed: {e}.")),
        other => ApiError::Internal(other.into()),
    }
}

/// One review workbook per job (`{project name}-xlsx.zip`); a pre-translated project goes
/// into correction.
pub async fn workbooks(
    db: &sea_orm::DatabaseConnection,
    project_id: i32,
    user_id: i32,
) -> ApiResult<Archive> {
    let project = head(db, project_id).await?;
    let jobs = store::jobs::of_project(db, project_id).await?;
    if jobs.is_empty() {
        return Err(no_jobs(&project));
    }
    let segments = store::segments::export_segments(db, project_id).await?;
    let header = ProjectHeader {
        project: project.name.clone(),
        client: project.client_name.clone(),
        export_date: db::now().date().to_string(),
    };
    let bytes =
        tokio::task::spawn_blocking(move || archive::xlsx_archive(&header, &jobs, segments))
            .await?
            .map_err(export_failed)?;
    after_download(db, &project, Step::WorkbooksDownloaded, user_id).await?;
    Ok(Archive {
        file_name: format!("{}-xlsx.zip", project.name),
        bytes,
    })
}

/// The jobs' XLIFF files with the current targets (`{project name}-xliff.zip`); a corrected
/// project is completed.
pub async fn xliff(
    db: &sea_orm::DatabaseConnection,
    project_id: i32,
    user_id: i32,
) -> ApiResult<Archive> {
    let project = head(db, project_id).await?;
    let jobs = store::jobs::files(db, project_id).await?;
    if jobs.is_empty() {
        return Err(no_jobs(&project));
    }
    let targets = store::segments::stored_targets(db, project_id).await?;
    let bytes = tokio::task::spawn_blocking(move || archive::xliff_archive(&jobs, targets))
        .await?
        .map_err(export_failed)?;
    after_download(db, &project, Step::XliffDownloaded, user_id).await?;
    Ok(Archive {
        file_name: format!("{}-xliff.zip", project.name),
        bytes,
    })
}

/// Moves the project on after a download built its archive, when it is where `step` starts:
/// the status and its history row in one short transaction, so neither lands without the other.
async fn after_download(
    db: &sea_orm::DatabaseConnection,
    project: &ProjectHead,
    step: Step,
    user_id: i32,
) -> Result<(), DbErr> {
    if !step.moves(project.status) {
        return Ok(());
    }
    let txn = db.begin().await?;
    status::advance(&txn, project.id, step, Some(user_id)).await?;
    txn.commit().await
}
