//! The audit log as CSV for spreadsheets: UTF-8 with a byte-order mark (Excel reads UTF-8 only
//! with it), every cell quoted, and cells that a spreadsheet would run as a formula (starting
//! with `=`, `+`, `-`, `@`, a tab or a carriage return) prefixed with `'` by
//! [`wordmark_core::csv_cell::defuse`], so an attempted username such as `=HYPERLINK(…)` stays
//! text.
//!
//! The log is read in batches of [`EXPORT_BATCH`] events, each an index range after the last
//! event of the one before, so any length of log is exported in little memory.

use futures::{Stream, stream};
use sea_orm::{DatabaseConnection, DbErr};
use time::format_description::well_known::Rfc3339;

use super::{AuditEntry, Filter, TargetKind, batch_after};

const BOM: &str = "\u{feff}";
/// Events read from the database at a time.
const EXPORT_BATCH: u64 = 500;

/// Where the export stands between two batches.
enum Cursor {
    Start,
    After(AuditEntry),
    Done,
}

/// The CSV file of the events `filter` matches, newest first: the byte-order mark and header,
/// then one chunk per batch. A database error ends the stream with that error.
pub fn csv(db: DatabaseConnection, filter: Filter) -> impl Stream<Item = Result<String, DbErr>> {
    stream::unfold(Cursor::Start, move |cursor| {
        let (db, filter) = (db.clone(), filter.clone());
        async move {
            let mut chunk = String::new();
            let after = match cursor {
                Cursor::Done => return None,
                Cursor::Start => {
                    chunk.push_str(BOM);
                    header(&mut chunk);
                    None
                }
                Cursor::After(last) => Some(last),
            };
            match batch_after(&db, &filter, after.as_ref(), EXPORT_BATCH).await {
                Ok(events) => {
                    for event in &events {
                        row(&mut chunk, event);
                    }
                    // A short batch is the last one.
                    let full = events.len() as u64 == EXPORT_BATCH;
                    let next = match events.into_iter().last() {
                        Some(last) if full => Cursor::After(last),
                        _ => Cursor::Done,
                    };
                    if chunk.is_empty() {
                        return None;
                    }
                    Some((Ok(chunk), next))
                }
                Err(error) => Some((Err(error), Cursor::Done)),
            }
        }
    })
}

const HEADER: [&str; 9] = [
    "time_utc",
    "username",
    "user_id",
    "address",
    "action",
    "target_kind",
    "target_id",
    "target_label",
    "detail",
];

fn cell(out: &mut String, value: &str) {
    out.push('"');
    out.push_str(&wordmark_core::csv_cell::defuse(value).replace('"', "\"\""));
    out.push('"');
}

fn line<'a>(out: &mut String, cells: impl IntoIterator<Item = &'a str>) {
    for (i, value) in cells.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        cell(out, value);
    }
    out.push_str("\r\n");
}

fn header(out: &mut String) {
    line(out, HEADER);
}

/// Appends `event` as one line.
fn row(out: &mut String, event: &AuditEntry) {
    let text = |value: Option<String>| value.unwrap_or_default();
    let time = event.occurred_at.format(&Rfc3339).unwrap_or_default();
    let cells = [
        time,
        text(event.username.clone()),
        text(event.user_id.map(|id| id.to_string())),
        text(event.address.clone()),
        event.action.stored_name(),
        text(event.target_kind.map(TargetKind::stored_name)),
        text(event.target_id.map(|id| id.to_string())),
        text(event.target_label.clone()),
        text(event.detail.clone()),
    ];
    line(out, cells.iter().map(String::as_str));
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::*;
    use crate::services::audit::AuditAction;

    #[test]
    fn cells_are_quoted_and_formulas_defused() {
        let mut out = String::new();
        line(
            &mut out,
            ["plain", "=1+1", "+x", "-2", "@SUM(A1)", "say \"hi\"", ""],
        );
        assert_eq!(
            out,
            "\"plain\",\"'=1+1\",\"'+x\",\"'-2\",\"'@SUM(A1)\",\"say \"\"hi\"\"\",\"\"\r\n"
        );
    }

    #[test]
    fn an_event_is_one_line_in_the_header_s_order() {
        let event = AuditEntry {
            id: 1,
            occurred_at: datetime!(2026-11-24 06:12:55 UTC),
            user_id: None,
            username: Some("=cmd".into()),
            address: Some("127.0.0.1".into()),
            action: AuditAction::SignInFailed,
            target_kind: Some(TargetKind::Client),
            target_id: Some(4),
            target_label: Some("Acme, Inc.".into()),
            detail: Some(r#"{"reason":"throttled"}"#.into()),
        };
        let mut out = String::new();
        row(&mut out, &event);
        assert_eq!(
            out,
            "\"2026-11-24T06:12:55Z\",\"'=cmd\",\"\",\"127.0.0.1\",\"sign_in_failed\",\"client\",\"4\",\"Acme, Inc.\",\"{\"\"reason\"\":\"\"throttled\"\"}\"\r\n"
        );
        assert_eq!(AuditAction::SignInFailed.stored_name(), "sign_in_failed");
    }
}
