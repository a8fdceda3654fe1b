//! The mail that sends a new link to its reviewer. It goes through the outbox, in the
//! transaction that creates the link: a link exists with its mail queued, or neither, and a
//! mail server that is down delays it (retried; failures shown under Administration → Mail)
//! rather than losing it.

use crate::services::{mail::Site, outbox::Mail, reviews};

/// The mail of `link` (its page is `path`) to its reviewer; `None` without a reviewer's address.
pub fn of_link(site: Site<'_>, link: &reviews::Link, project: &str, path: &str) -> Option<Mail> {
    let to = link.reviewer_email.clone()?;
    let greeting = match &link.reviewer_name {
        Some(name) => format!("Hello {name},"),
        None => "Hello,".to_owned(),
    };
    let note = link
        .note
        .as_deref()
        .map(|note| format!("\n{note}\n"))
        .unwrap_or_default();
    let text = format!(
        "{greeting}\n\n{} asks you to review the translation of \"{project}\" in your browser; no account is needed:\n\n{}\n{note}\nThe link is valid until {} (UTC).\n",
        site.agency,
        site.link(path),
        link.expires_at.date(),
    );
    Some(Mail {
        to,
        to_name: link.reviewer_name.clone(),
        subject: format!("Please review the translation of \"{project}\""),
        text,
        html: None,
    })
}
