//! Reading the create-project form (multipart `project_name`, `client_id`, `project_files`)
//! and checking project names.

use crate::http::{
    error::{ApiError, ApiResult},
    multipart::{ApiMultipart, read_text, spool_capped},
};

/// The column's length.
pub const NAME_MAX_CHARS: usize = 200;
/// Generous for a name or an id, small enough that a text field cannot hold the server's memory.
const TEXT_FIELD_MAX_BYTES: usize = 4096;

pub struct ProjectForm {
    pub project_name: String,
    /// `None` for no client (field absent or empty).
    pub client_id: Option<i32>,
    /// The archive's name as uploaded (names it in messages).
    pub archive_name: String,
    /// The zip, written to a temporary file as it arrived.
    pub archive: std::fs::File,
}

/// Reads the form; `max_archive_bytes` bounds the zip (the request's own limit).
pub async fn read(
    ApiMultipart(mut multipart): ApiMultipart,
    max_archive_bytes: usize,
) -> ApiResult<ProjectForm> {
    let mut name = None;
    let mut client_id = None;
    let mut archive = None;
    while let Some(mut field) = multipart.next_field().await? {
        match field.name() {
            Some("project_name") => {
                name = Some(read_text(&mut field, TEXT_FIELD_MAX_BYTES).await?);
            }
            Some("client_id") => {
                client_id = Some(read_text(&mut field, TEXT_FIELD_MAX_BYTES).await?);
            }
            Some("project_files") => {
                if archive.is_some() {
                    return Err(ApiError::Unprocessable(
                        "Upload one zip archive (project_files) with all the project's files."
                            .into(),
                    ));
                }
                let archive_name = field
                    .file_name()
                    .filter(|n| !n.trim().is_empty())
                    .unwrap_or("project_files")
                    .to_owned();
                let file = spool_capped(&mut field, max_archive_bytes).await?;
                archive = Some((archive_name, file));
            }
            _ => {}
        }
    }
    let project_name = check_name(name)?;
    let client_id = parse_client_id(client_id)?;
    let Some((archive_name, archive)) = archive else {
        return Err(ApiError::Unprocessable(
            "The field project_files is required: upload one zip archive of XLIFF files.".into(),
        ));
    };
    Ok(ProjectForm {
        project_name,
        client_id,
        archive_name,
        archive,
    })
}

/// A project name: trimmed, required, at most [`NAME_MAX_CHARS`].
pub fn check_name(name: Option<String>) -> ApiResult<String> {
    let name = name.map(|n| n.trim().to_owned()).unwrap_or_default();
    if name.is_empty() {
        return Err(ApiError::Unprocessable("Project name is required.".into()));
    }
    if name.chars().count() > NAME_MAX_CHARS {
        return Err(ApiError::Unprocessable(format!(
            "The project name must have at most {NAME_MAX_CHARS} characters."
        )));
    }
    Ok(name)
}

/// Empty (the app's "no client") is none; anything else must be an id.
fn parse_client_id(value: Option<String>) -> ApiResult<Option<i32>> {
    let value = value.map(|v| v.trim().to_owned()).unwrap_or_default();
    if value.is_empty() || value == "null" {
        return Ok(None);
    }
    value
        .parse()
        .map(Some)
        .map_err(|_| ApiError::Unprocessable(format!("There is no client with id \"{value}\".")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_required_and_bounded() {
        assert_eq!(check_name(Some("  Site DE ".into())).unwrap(), "Site DE");
        for blank in [None, Some("   ".to_owned())] {
            assert_eq!(
                check_name(blank).unwrap_err().to_string(),
                "Project name is required."
            );
        }
        assert!(check_name(Some("x".repeat(NAME_MAX_CHARS + 1))).is_err());
    }

    #[test]
    fn client_ids_are_optional_numbers() {
        assert_eq!(parse_client_id(None).unwrap(), None);
        assert_eq!(parse_client_id(Some(" ".into())).unwrap(), None);
        assert_eq!(parse_client_id(Some("12".into())).unwrap(), Some(12));
        assert!(parse_client_id(Some("acme".into())).is_err());
    }
}
