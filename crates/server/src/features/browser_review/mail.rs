//! Mailing a new link to its reviewer, when SMTP is configured and the link names an address.

use crate::{
    services::{mail::MailError, reviews},
    state::AppState,
};

/// Sends the link (`path` under `WORDMARK_PUBLIC_URL`); `None` when there was nothing to send
/// (no SMTP, or no reviewer's address). A failure is logged; the link exists all the same.
pub async fn send_link(
    state: &AppState,
    link: &reviews::Link,
    project: &str,
    path: &str,
) -> Option<Result<(), MailError>> {
    let (mailer, smtp) = (state.mailer.as_ref()?, state.config.smtp.as_ref()?);
    let to = link.reviewer_email.as_deref()?;
    let agency = &state.config.agency_name;
    let greeting = match &link.reviewer_name {
        Some(name) => format!("Hello {name},"),
        None => "Hello,".to_owned(),
    };
    let note = link
        .note
        .as_deref()
        .map(|note| format!("\n{note}\n"))
        .unwrap_or_default();
    let body = format!(
        "{greeting}\n\n{agency} asks you to review the translation of \"{project}\" in your browser; no account is needed:\n\n{}{path}\n{note}\nThe link is valid until {} (UTC).\n",
        smtp.public_url,
        link.expires_at.date(),
    );
    let subject = format!("Please review the translation of \"{project}\"");
    let sent = mailer
        .send((to, link.reviewer_name.as_deref()), &subject, body)
        .await;
    if let Err(err) = &sent {
        tracing::error!(link_id = link.id, error = %err, "the review link could not be mailed");
    }
    Some(sent)
}
