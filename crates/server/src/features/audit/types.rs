use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;

use crate::services::audit::{AuditAction, AuditEntry, TargetKind};

/// One event of the audit log.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditEventResponse {
    pub id: i64,
    /// When, in UTC.
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub occurred_at: OffsetDateTime,
    /// The user's id; `null` for a failed sign-in of an unknown name. The account may have been
    /// deleted since.
    pub user_id: Option<i32>,
    /// The username at the time (for a failed sign-in: the name that was tried).
    pub username: Option<String>,
    /// The client's address.
    pub address: Option<String>,
    pub action: AuditAction,
    pub target_kind: Option<TargetKind>,
    pub target_id: Option<i32>,
    /// The object's name at the time.
    pub target_label: Option<String>,
    /// Counts, field names, file names (never a secret).
    #[schema(value_type = Option<std::collections::HashMap<String, serde_json::Value>>)]
    pub detail: Option<serde_json::Value>,
}

impl From<AuditEntry> for AuditEventResponse {
    fn from(event: AuditEntry) -> Self {
        Self {
            id: event.id,
            occurred_at: event.occurred_at,
            user_id: event.user_id,
            username: event.username,
            address: event.address,
            action: event.action,
            target_kind: event.target_kind,
            target_id: event.target_id,
            target_label: event.target_label,
            detail: event
                .detail
                .map(|text| serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text))),
        }
    }
}
