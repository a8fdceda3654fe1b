use serde::{Deserialize, Serialize};
use time::{Date, OffsetDateTime, Time, macros::format_description};
use utoipa::{IntoParams, ToSchema};

use crate::{
    http::error::{ApiError, ApiResult},
    services::audit::{AuditAction, Filter, Model, TargetKind},
};

/// Which events: every filter is optional; dates are UTC days.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditFilter {
    /// Only this action.
    pub action: Option<AuditAction>,
    /// Only events of this user (the username at the time, exactly).
    pub username: Option<String>,
    /// Only events about this kind of object.
    pub target_kind: Option<TargetKind>,
    /// From this day on, `YYYY-MM-DD` (UTC).
    pub from: Option<String>,
    /// Up to and including this day, `YYYY-MM-DD` (UTC).
    pub to: Option<String>,
}

fn day(param: &str, value: &str) -> ApiResult<Date> {
    Date::parse(value, format_description!("[year]-[month]-[day]")).map_err(|_| {
        ApiError::BadRequest(format!(
            "The date {param}=\"{value}\" is not a day: write it as YYYY-MM-DD."
        ))
    })
}

impl AuditFilter {
    /// The service's filter: blank values filter nothing; `to` includes its whole day.
    pub fn checked(self) -> ApiResult<Filter> {
        let text =
            |value: Option<String>| value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let from = text(self.from).map(|v| day("from", &v)).transpose()?;
        let to = text(self.to).map(|v| day("to", &v)).transpose()?;
        if let (Some(from), Some(to)) = (from, to)
            && from > to
        {
            return Err(ApiError::BadRequest(format!(
                "The range from {from} to {to} is empty: the first day comes after the last."
            )));
        }
        let midnight = |date: Date| OffsetDateTime::new_utc(date, Time::MIDNIGHT);
        Ok(Filter {
            action: self.action,
            username: text(self.username),
            target_kind: self.target_kind,
            from: from.map(midnight),
            before: to.and_then(Date::next_day).map(midnight),
        })
    }
}

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

impl From<Model> for AuditEventResponse {
    fn from(event: Model) -> Self {
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

#[cfg(test)]
mod tests {
    use axum::http::StatusCode;
    use time::macros::datetime;

    use super::*;

    fn filter(from: &str, to: &str) -> ApiResult<Filter> {
        AuditFilter {
            from: Some(from.into()),
            to: Some(to.into()),
            ..Default::default()
        }
        .checked()
    }

    #[test]
    fn days_are_whole_utc_days_and_the_last_one_counts() {
        let f = filter("2026-02-28", "2026-02-28").unwrap();
        assert_eq!(f.from, Some(datetime!(2026-02-28 0:00 UTC)));
        assert_eq!(f.before, Some(datetime!(2026-03-01 0:00 UTC)));
        let blank = filter(" ", "").unwrap();
        assert_eq!((blank.from, blank.before), (None, None));
    }

    #[test]
    fn bad_dates_and_empty_ranges_are_named() {
        let err = filter("yesterday", "").unwrap_err();
        assert_eq!(err.status(), StatusCode::BAD_REQUEST);
        assert!(err.to_string().contains("from=\"yesterday\""), "{err}");
        let err = filter("2026-03-02", "2026-03-01").unwrap_err();
        assert!(err.to_string().contains("first day comes after"), "{err}");
    }
}
