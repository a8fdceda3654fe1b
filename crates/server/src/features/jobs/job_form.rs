//! Reading the multipart form that adds a job: `job_files` (one XLIFF file) and, for
//! `POST /api/job`, `project_id`.

use serde_json::json;
use wordmark_core::archive::Limits;

use crate::{
    http::{
        error::{ApiError, ApiResult},
        multipart::{ApiMultipart, read_capped, read_text},
    },
    services::{
        audit::{AuditAction, Event, TargetKind},
        translation::projects::ProjectHead,
    },
};

/// Enough for any id; small enough that a text field cannot hold the server's memory.
const ID_FIELD_MAX_BYTES: usize = 64;

pub struct JobForm {
    /// As sent (`POST /api/job` only).
    pub project_id: Option<String>,
    pub file_name: String,
    pub bytes: Vec<u8>,
}

impl JobForm {
    /// The audit event of this file added to `project` (the file's name and size, never its
    /// contents).
    pub fn audit_event(&self, project: &ProjectHead) -> Event {
        AuditAction::FileAdded
            .on(TargetKind::TranslationProject, project.id, &project.name)
            .with(json!({ "file": self.file_name, "bytes": self.bytes.len() }))
    }
}

pub async fn read(ApiMultipart(mut multipart): ApiMultipart) -> ApiResult<JobForm> {
    // One XLIFF file is bounded like one file inside a project's zip.
    let limit = usize::try_from(Limits::default().max_entry_bytes).unwrap_or(usize::MAX);
    let mut project_id = None;
    let mut file = None;
    while let Some(mut field) = multipart.next_field().await? {
        match field.name() {
            Some("project_id") => {
                project_id = Some(read_text(&mut field, ID_FIELD_MAX_BYTES).await?);
            }
            Some("job_files") => {
                if file.is_some() {
                    return Err(ApiError::Unprocessable(
                        "Upload one XLIFF file per job (job_files).".into(),
                    ));
                }
                let file_name = field.file_name().unwrap_or_default().trim().to_owned();
                let bytes = read_capped(&mut field, limit).await?;
                file = Some((file_name, bytes));
            }
            _ => {}
        }
    }
    let Some((file_name, bytes)) = file else {
        return Err(ApiError::Unprocessable(
            "The field job_files is required: upload one XLIFF file.".into(),
        ));
    };
    let file_name = plain_file_name(&file_name)
        .ok_or_else(|| ApiError::Unprocessable("The uploaded job file has no name.".into()))?;
    if bytes.is_empty() {
        return Err(ApiError::Unprocessable(format!("{file_name} is empty.")));
    }
    Ok(JobForm {
        project_id,
        file_name,
        bytes: bytes.to_vec(),
    })
}

/// The last path component of an uploaded file's name (some browsers send a path), or `None`
/// when nothing is left.
fn plain_file_name(name: &str) -> Option<String> {
    let last = name.rsplit(['/', '\\']).next().unwrap_or_default().trim();
    (!last.is_empty() && last != "." && last != "..").then(|| last.to_owned())
}

#[cfg(test)]
mod tests {
    use super::plain_file_name;

    #[test]
    fn file_names_lose_their_path() {
        assert_eq!(
            plain_file_name("page-1.xliff").as_deref(),
            Some("page-1.xliff")
        );
        assert_eq!(
            plain_file_name("C:\\fakepath\\a.xlf").as_deref(),
            Some("a.xlf")
        );
        assert_eq!(plain_file_name("dir/b.xml").as_deref(), Some("b.xml"));
        assert_eq!(plain_file_name("dir/"), None);
        assert_eq!(plain_file_name(".."), None);
    }
}
