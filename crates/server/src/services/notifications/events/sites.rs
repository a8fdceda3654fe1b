//! What a check of a WordPress site found: the agency's staff (administrators and editors) are
//! told of the pages whose source changed since their translation, once per change.

use sea_orm::{ConnectionTrait, DbErr};
use time::OffsetDateTime;

use super::super::{Event, Kind, SubjectType, record};
use super::agency;
use crate::services::mail::Site;

/// `pages` items of the site `site_id`, named `site_name`, changed since their translation,
/// found by a check (scheduled or on demand: nobody's act, so all the staff are told).
pub async fn site_pages_changed(
    db: &impl ConnectionTrait,
    site_id: i32,
    site_name: &str,
    pages: u64,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let text = if pages == 1 {
        format!("1 page of \"{}\" changed since its translation", site_name)
    } else {
        format!(
            "{pages} pages of \"{}\" changed since their translation",
            site_name
        )
    };
    let event = Event {
        kind: Kind::SitePagesChanged,
        subject_type: SubjectType::Site,
        subject_id: site_id,
        text,
        recipients: agency(db).await?,
        actor: None,
    };
    record(db, event, mail, now).await
}

/// A customer's request for pages of a site.
pub struct PagesRequested<'a> {
    pub site_id: i32,
    pub site_name: &'a str,
    pub title: &'a str,
    pub pages: usize,
    /// The requester's name, and their account (not told of their own request).
    pub requester: &'a str,
    pub actor: i32,
}

/// A customer asked for pages of their client's site: the agency's staff are told, linked to
/// the site, whose page lists the request for them to make its project.
pub async fn site_pages_requested(
    db: &impl ConnectionTrait,
    request: PagesRequested<'_>,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let pages = match request.pages {
        1 => "1 page".to_owned(),
        n => format!("{n} pages"),
    };
    let event = Event {
        kind: Kind::RequestReceived,
        subject_type: SubjectType::Site,
        subject_id: request.site_id,
        text: format!(
            "{} requested a translation of {pages} of \"{}\": \"{}\"",
            request.requester, request.site_name, request.title
        ),
        recipients: agency(db).await?,
        actor: Some(request.actor),
    };
    record(db, event, mail, now).await
}
