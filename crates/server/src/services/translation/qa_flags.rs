//! The `qa_flags` column: a JSON array of objects with at least `kind` and `message`. Written
//! from the core's QA warnings (their own fields kept next to the message, so later tools can
//! read the details) and read back as [`QaFlag`]s for the API.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wordmark_core::qa::QaWarning;

/// A QA finding on a segment's target, for people to read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct QaFlag {
    /// `empty_target`, `missing_numbers`, `whitespace_changed`, `untranslated`,
    /// `length_ratio`, … (other features may add kinds).
    pub kind: String,
    pub message: String,
}

/// No flags, as stored.
pub const NONE: &str = "[]";

/// The column value for `warnings`.
pub fn encode(warnings: &[QaWarning]) -> String {
    let flags: Vec<serde_json::Value> = warnings
        .iter()
        .map(|warning| {
            let mut value = serde_json::to_value(warning).expect("QA warnings serialise");
            if let Some(object) = value.as_object_mut() {
                object.insert("message".into(), warning.message().into());
            }
            value
        })
        .collect();
    serde_json::Value::Array(flags).to_string()
}

/// The flags of a column value; a value that is not such an array reads as no flags (logged),
/// so one damaged row cannot make a whole job unreadable.
pub fn decode(column: &str) -> Vec<QaFlag> {
    serde_json::from_str(column).unwrap_or_else(|err| {
        tracing::warn!(error = %err, "unreadable qa_flags value");
        Vec::new()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warnings_round_trip_with_kind_message_and_details() {
        let warnings = [
            QaWarning::Untranslated,
            QaWarning::MissingNumbers {
                numbers: vec!["24".into()],
            },
        ];
        let column = encode(&warnings);
        let value: serde_json::Value = serde_json::from_str(&column).unwrap();
        assert_eq!(value[1]["numbers"][0], "24");
        let flags = decode(&column);
        assert_eq!(flags.len(), 2);
        assert_eq!(flags[0].kind, "untranslated");
        assert_eq!(flags[0].message, QaWarning::Untranslated.message());
        assert_eq!(flags[1].kind, "missing_numbers");
        assert!(decode(NONE).is_empty());
        assert!(decode("not json").is_empty());
    }
}
