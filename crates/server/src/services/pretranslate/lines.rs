//! The per-job status lines, in the words the original tool used (the app shows them as they
//! are).

use wordmark_mt::MtError;

use crate::db::entities::pretranslate_run_job::LineKind;

pub fn success(file_name: &str) -> String {
    format!("Successfully translated {file_name}")
}

pub fn warning(file_name: &str, message: &str) -> String {
    format!("Errors encountered while translating {file_name}: {message}")
}

/// The line a finished job shows, after its first failure if it had one.
pub fn line(file_name: &str, error: Option<&MtError>) -> (LineKind, Option<String>) {
    match error {
        None => (LineKind::Success, Some(success(file_name))),
        Some(error) => (
            LineKind::Warning,
            Some(warning(file_name, &error.to_string())),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_the_original_tools() {
        assert_eq!(success("a.xliff"), "Successfully translated a.xliff");
        assert_eq!(
            warning("a.xliff", "quota"),
            "Errors encountered while translating a.xliff: quota"
        );
    }
}
