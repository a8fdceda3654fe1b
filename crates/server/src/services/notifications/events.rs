//! The events users are told of, each worded once with its recipients: the "other side" of a
//! review — the project's staff (its author and the administrators) for what the customer did,
//! the customer (the project's review links' reviewers, as accounts when one that can see the
//! project has their address, else by mail alone) for what the staff did. Requests and quotes
//! go between the agency's staff (administrators and editors) and the project's customers (its
//! client's customer accounts and whoever requested it). A customer's term proposal goes to the
//! agency's staff, and the staff's answer to whoever proposed it.

mod assignments;
mod sites;

use sea_orm::{ConnectionTrait, DbErr};
use time::OffsetDateTime;

pub use self::{
    assignments::{assignment_due, assignment_moved, assignments_offered},
    sites::{PagesRequested, site_pages_changed, site_pages_requested},
};
use super::{Event, Kind, Recipient, SubjectType, record};
use crate::{
    db::entities::user::Role,
    policy::ClientScope,
    services::{accounts, mail::Site, reviews, translation::projects},
};

/// The project's author (when staff) and every administrator.
async fn staff(db: &impl ConnectionTrait, project_id: i32) -> Result<Vec<Recipient>, DbErr> {
    let mut staff = accounts::with_role(db, Role::Admin).await?;
    let author = projects::find_row(db, project_id)
        .await?
        .and_then(|p| p.author_id);
    if let Some(author) = author
        && let Some(user) = accounts::find_by_id(db, author).await?
        && matches!(user.role, Role::Admin | Role::Editor | Role::Translator)
    {
        staff.push(user);
    }
    Ok(staff.into_iter().map(Recipient::User).collect())
}

/// The person a link was sent to: the accounts with its address that can see the project
/// (staff, or customers of its client), else the address alone. An account of another client
/// that has the address is not told: the project is none of its business, and a notification
/// would show it the project's name and its reviewers' words.
async fn reviewer(
    db: &impl ConnectionTrait,
    link: &reviews::Link,
) -> Result<Vec<Recipient>, DbErr> {
    let Some(email) = link.reviewer_email.clone() else {
        return Ok(Vec::new());
    };
    let client = projects::find_row(db, link.project_id)
        .await?
        .and_then(|p| p.client_id);
    let mut accounts = accounts::with_email(db, &email).await?;
    let mut clients = accounts::client_ids_of(db, accounts.iter().map(|a| a.id)).await?;
    accounts.retain(|account| {
        let of = clients.remove(&account.id).unwrap_or_default();
        ClientScope::of(account.role, of).includes(client)
    });
    Ok(if accounts.is_empty() {
        vec![Recipient::Address {
            email,
            name: link.reviewer_name.clone(),
        }]
    } else {
        accounts.into_iter().map(Recipient::User).collect()
    })
}

/// The reviewers of every link of the project.
async fn reviewers(db: &impl ConnectionTrait, project_id: i32) -> Result<Vec<Recipient>, DbErr> {
    let mut all = Vec::new();
    for link in reviews::links_of_project(db, project_id).await? {
        all.extend(reviewer(db, &link).await?);
    }
    Ok(all)
}

async fn name_of(db: &impl ConnectionTrait, project_id: i32) -> Result<String, DbErr> {
    Ok(projects::find_row(db, project_id)
        .await?
        .map_or_else(|| format!("project {project_id}"), |p| p.name))
}

fn about(
    project_id: i32,
    kind: Kind,
    text: String,
    to: Vec<Recipient>,
    actor: Option<i32>,
) -> Event {
    Event {
        kind,
        subject_type: SubjectType::TranslationProject,
        subject_id: project_id,
        text,
        recipients: to,
        actor,
    }
}

/// A review link was sent: its reviewer's account is told in the app (the link's own mail is
/// their e-mail).
pub async fn review_link_created(
    db: &impl ConnectionTrait,
    link: &reviews::Link,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let name = name_of(db, link.project_id).await?;
    let to = reviewer(db, link)
        .await?
        .into_iter()
        .filter(|r| matches!(r, Recipient::User(_)))
        .collect();
    let text = format!("The translation of \"{name}\" is ready for your review");
    let event = about(
        link.project_id,
        Kind::ReviewLinkCreated,
        text,
        to,
        link.created_by,
    );
    record(db, event, None, now).await
}

/// The customer submitted their review: the project's staff are told.
pub async fn review_submitted(
    db: &impl ConnectionTrait,
    link: &reviews::Link,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let name = name_of(db, link.project_id).await?;
    let who = link.reviewer_name.as_deref().unwrap_or("The reviewer");
    let text = format!("{who} submitted the review of \"{name}\"");
    let to = staff(db, link.project_id).await?;
    record(
        db,
        about(link.project_id, Kind::ReviewSubmitted, text, to, None),
        mail,
        now,
    )
    .await
}

/// A comment was added: a reviewer's goes to the staff, a staff member's to the reviewers. A
/// translator's goes to the staff too: a freelancer's question is the agency's to answer, and
/// the customer need not learn who works on their project.
pub async fn comment_added(
    db: &impl ConnectionTrait,
    comment: &reviews::Comment,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let project = comment.project_id;
    let name = name_of(db, project).await?;
    let by_translator = match comment.user_id {
        Some(id) => accounts::find_by_id(db, id)
            .await?
            .is_some_and(|user| user.role == Role::Translator),
        None => false,
    };
    let to = if comment.link_id.is_some() || by_translator {
        staff(db, project).await?
    } else {
        reviewers(db, project).await?
    };
    let text = format!("{} commented on \"{name}\"", comment.author_name);
    record(
        db,
        about(project, Kind::CommentAdded, text, to, comment.user_id),
        mail,
        now,
    )
    .await
}

/// The project was completed: its customers (its reviewers, its client's customer accounts)
/// are told their delivery is ready.
pub async fn project_completed(
    db: &impl ConnectionTrait,
    project_id: i32,
    actor: Option<i32>,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let name = name_of(db, project_id).await?;
    let text = format!("\"{name}\" is completed: the translated files are ready");
    let mut to = reviewers(db, project_id).await?;
    to.extend(project_customers(db, project_id, None).await?);
    record(
        db,
        about(project_id, Kind::ProjectCompleted, text, to, actor),
        mail,
        now,
    )
    .await
}

/// The agency's staff who run projects: every administrator and editor.
async fn agency(db: &impl ConnectionTrait) -> Result<Vec<Recipient>, DbErr> {
    let mut staff = accounts::with_role(db, Role::Admin).await?;
    staff.extend(accounts::with_role(db, Role::Editor).await?);
    Ok(staff.into_iter().map(Recipient::User).collect())
}

/// The project's customers: the customer accounts of its client, and whoever requested it.
async fn project_customers(
    db: &impl ConnectionTrait,
    project_id: i32,
    requester: Option<i32>,
) -> Result<Vec<Recipient>, DbErr> {
    let client = projects::find_row(db, project_id)
        .await?
        .and_then(|p| p.client_id);
    let mut to = match client {
        Some(client) => accounts::customers_of(db, client).await?,
        None => Vec::new(),
    };
    if let Some(requester) = requester
        && let Some(user) = accounts::find_by_id(db, requester).await?
    {
        to.push(user);
    }
    Ok(to.into_iter().map(Recipient::User).collect())
}

/// A customer requested a translation: the agency's staff are told.
pub async fn request_received(
    db: &impl ConnectionTrait,
    project_id: i32,
    requester: &str,
    actor: i32,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let name = name_of(db, project_id).await?;
    let text = format!("{requester} requested a translation: \"{name}\"");
    let to = agency(db).await?;
    let event = about(project_id, Kind::RequestReceived, text, to, Some(actor));
    record(db, event, mail, now).await
}

/// Staff sent a quote: the project's customers are told.
pub async fn quote_sent(
    db: &impl ConnectionTrait,
    project_id: i32,
    version: i32,
    requester: Option<i32>,
    actor: i32,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let name = name_of(db, project_id).await?;
    let text = format!("Quote {version} for \"{name}\" is ready for you");
    let to = project_customers(db, project_id, requester).await?;
    let event = about(project_id, Kind::QuoteSent, text, to, Some(actor));
    record(db, event, mail, now).await
}

/// A customer's answer to a quote.
pub struct Answered<'a> {
    pub project_id: i32,
    pub version: i32,
    pub accepted: bool,
    /// The name they gave (accepted) or their account's.
    pub who: &'a str,
    pub actor: i32,
}

/// A customer accepted or declined a quote: the agency's staff are told.
pub async fn quote_answered(
    db: &impl ConnectionTrait,
    answer: Answered<'_>,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let name = name_of(db, answer.project_id).await?;
    let (kind, verb) = if answer.accepted {
        (Kind::QuoteAccepted, "accepted")
    } else {
        (Kind::QuoteDeclined, "declined")
    };
    let text = format!(
        "{} {verb} quote {} for \"{name}\"",
        answer.who, answer.version
    );
    let to = agency(db).await?;
    let event = about(answer.project_id, kind, text, to, Some(answer.actor));
    record(db, event, mail, now).await
}

/// What the notices of a term proposal tell of it. `term_proposals` describes its proposal
/// with this: it uses this module, so this module does not name its types.
pub struct ProposalNotice<'a> {
    pub client_id: i32,
    pub source: &'a str,
    pub target: &'a str,
    pub accepted: bool,
    /// Why it was refused, when it was and a reason was given.
    pub reason: Option<&'a str>,
    pub proposed_by: Option<i32>,
    pub decided_by: Option<i32>,
}

/// A customer proposed an entry for their client's termbase: the agency's staff are told.
pub async fn term_proposed(
    db: &impl ConnectionTrait,
    proposal: &ProposalNotice<'_>,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let who = proposer(db, proposal).await?;
    let who = who.map_or_else(|| "A customer".to_owned(), |u| u.username);
    let text = format!(
        "{who} proposed the term \"{}\" → \"{}\" for the termbase",
        proposal.source, proposal.target
    );
    let to = agency(db).await?;
    let event = termbase_event(proposal, Kind::TermProposed, text, to, proposal.proposed_by);
    record(db, event, mail, now).await
}

/// Staff accepted or refused a term proposal: whoever proposed it is told.
pub async fn term_proposal_answered(
    db: &impl ConnectionTrait,
    proposal: &ProposalNotice<'_>,
    mail: Option<Site<'_>>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let proposer = proposer(db, proposal).await?;
    let verdict = match (proposal.accepted, proposal.reason) {
        (true, _) => "is in the termbase now".to_owned(),
        (_, Some(reason)) => format!("was not taken into the termbase: {reason}"),
        (_, None) => "was not taken into the termbase".to_owned(),
    };
    let text = format!(
        "Your term \"{}\" → \"{}\" {verdict}",
        proposal.source, proposal.target
    );
    let to = proposer.into_iter().map(Recipient::User).collect();
    let event = termbase_event(
        proposal,
        Kind::TermProposalAnswered,
        text,
        to,
        proposal.decided_by,
    );
    record(db, event, mail, now).await
}

/// The account that proposed the term, unless it was deleted since.
async fn proposer(
    db: &impl ConnectionTrait,
    proposal: &ProposalNotice<'_>,
) -> Result<Option<accounts::User>, DbErr> {
    match proposal.proposed_by {
        Some(id) => accounts::find_by_id(db, id).await,
        None => Ok(None),
    }
}

fn termbase_event(
    proposal: &ProposalNotice<'_>,
    kind: Kind,
    text: String,
    to: Vec<Recipient>,
    actor: Option<i32>,
) -> Event {
    Event {
        kind,
        subject_type: SubjectType::Termbase,
        subject_id: proposal.client_id,
        text,
        recipients: to,
        actor,
    }
}
