//! A customer's request for a translation: their WPML zip becomes a project in `Created`
//! exactly as a project the staff create (`translation::create`, its limits and checks), with
//! the request's details beside it and a draft quote computed at once from the analysis under
//! the client's rate scheme; the agency's staff are told. All of it in one transaction: a
//! refused upload leaves no request, quote or notification.

use sea_orm::DatabaseConnection;
use serde::Serialize;
use time::{Date, OffsetDateTime};
use utoipa::ToSchema;
use wordmark_core::archive::Limits;

use super::{
    DraftInput, Quote, QuoteError, QuoteResult,
    checks::{bounded, required},
    save_draft, store,
};
use crate::{
    db::{self, entities::project_request},
    services::{
        accounts,
        mail::Site,
        notifications::events,
        translation::create::{self, NewProject},
    },
};

const TITLE_MAX_CHARS: usize = 200;
const NOTE_MAX_CHARS: usize = 4000;

/// What a customer asks for.
pub struct NewRequest {
    pub title: String,
    pub client_id: i32,
    pub due_date: Option<Date>,
    pub note: Option<String>,
    pub archive_name: String,
    pub archive: std::fs::File,
    pub limits: Limits,
}

/// Who asks.
pub struct Requester<'a> {
    pub user_id: i32,
    pub name: &'a str,
}

/// The new project, the archive's skipped entries and the draft quote.
pub struct Requested {
    pub project_id: i32,
    pub skipped: Vec<String>,
    pub quote: Quote,
}

/// The title checked: trimmed, required, at most 200 characters.
pub fn check_title(title: &str) -> QuoteResult<String> {
    required("The title", title, TITLE_MAX_CHARS)
}

/// A request's details, checked: the title trimmed, the note bounded, the due date not past.
pub struct Details {
    pub title: String,
    pub due_date: Option<Date>,
    pub note: Option<String>,
}

/// Checks what a customer wrote on a request (the zip's or a site's pages').
pub fn check_details(
    title: &str,
    due_date: Option<Date>,
    note: Option<&str>,
    now: OffsetDateTime,
) -> QuoteResult<Details> {
    let title = check_title(title)?;
    let note = bounded("The note", note.unwrap_or(""), NOTE_MAX_CHARS)?;
    if let Some(due) = due_date
        && due < super::today(now)
    {
        return Err(QuoteError::Invalid(format!(
            "The due date {due} is in the past."
        )));
    }
    Ok(Details {
        title,
        due_date,
        note: Some(note).filter(|n| !n.is_empty()),
    })
}

/// Marks `project_id` as requested (who, when, by when, the note) and saves its draft quote,
/// computed from its analysis under the client's rate scheme, in the caller's transaction:
/// the quote flow of a requested project starts here. `by`: who saved the draft.
pub async fn attach_in(
    txn: &impl sea_orm::ConnectionTrait,
    project_id: i32,
    request: project_request::Model,
    by: i32,
    now: OffsetDateTime,
) -> QuoteResult<Quote> {
    let draft = DraftInput {
        due_date: request.due_date,
        ..DraftInput::default()
    };
    store::insert_request(
        txn,
        project_request::Model {
            project_id,
            ..request
        },
    )
    .await?;
    save_draft(txn, project_id, draft, by, now).await
}

/// Creates the requested project, its request row and its draft quote, and tells the staff.
pub async fn create(
    db: &DatabaseConnection,
    new: NewRequest,
    by: Requester<'_>,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> QuoteResult<Requested> {
    let details = check_details(&new.title, new.due_date, new.note.as_deref(), now)?;
    let txn = db::BulkTransaction::begin(db).await?;
    let project = NewProject {
        name: details.title,
        client_id: Some(new.client_id),
        author_id: by.user_id,
        archive_name: new.archive_name,
        archive: new.archive,
        limits: new.limits,
        now,
    };
    let (project_id, skipped) = create::from_zip_in(&txn, project).await?;
    let request = project_request::Model {
        project_id,
        requested_by: Some(by.user_id),
        due_date: details.due_date,
        note: details.note,
        created_at: now,
    };
    let quote = attach_in(&txn, project_id, request, by.user_id, now).await?;
    events::request_received(&txn, project_id, by.name, by.user_id, mail, now).await?;
    txn.commit().await?;
    Ok(Requested {
        project_id,
        skipped,
        quote,
    })
}

/// A project's request as the API shows it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct RequestDetails {
    pub requested_by: Option<i32>,
    /// The requester's name (their account's), when the account still exists.
    pub requester_name: Option<String>,
    #[serde(with = "super::day::option")]
    #[schema(value_type = Option<String>, format = Date)]
    pub due_date: Option<Date>,
    pub note: Option<String>,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: OffsetDateTime,
}

/// The request behind a project, if it was requested.
pub async fn of_project(
    db: &impl sea_orm::ConnectionTrait,
    project_id: i32,
) -> QuoteResult<Option<RequestDetails>> {
    let Some(row) = store::request_of(db, project_id).await? else {
        return Ok(None);
    };
    let requester = match row.requested_by {
        Some(id) => accounts::find_by_id(db, id).await?,
        None => None,
    };
    Ok(Some(RequestDetails {
        requested_by: row.requested_by,
        requester_name: requester
            .map(|u| crate::services::people::full_name(&u.first_name, &u.last_name)),
        due_date: row.due_date,
        note: row.note,
        created_at: row.created_at,
    }))
}
