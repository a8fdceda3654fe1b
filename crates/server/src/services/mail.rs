//! Sending e-mail over SMTP (`WORDMARK_SMTP_URL`, `WORDMARK_SMTP_FROM`): a review link to its
//! reviewer at once, and every other mail through the outbox (`services::outbox`). Optional:
//! without the URL nothing is ever sent.

use std::time::Duration;

use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{
        Mailbox, MultiPart,
        header::{ContentType, MIME_VERSION_1_0},
    },
};

use crate::services::{people, tokens};

/// The longest subject a mail is given; longer ones are cut (with an ellipsis).
const SUBJECT_MAX_CHARS: usize = 200;

/// Why a mail was not sent.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("'{0}' is not an e-mail address")]
    Address(String),
    #[error("the message could not be built: {0}")]
    Build(#[from] lettre::error::Error),
    #[error("the SMTP server refused or could not be reached: {0}")]
    Smtp(#[from] lettre::transport::smtp::Error),
}

/// The configured SMTP server and sender.
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Mailer {
    /// From `smtp://host:port` (no TLS), `smtp://…?tls=required` (STARTTLS) or
    /// `smtps://user:password@host` (TLS), the sender's address, and how long the SMTP server
    /// may take to answer.
    pub fn new(url: &str, from: &str, timeout: Duration) -> Result<Self, MailError> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)?
            .timeout(Some(timeout))
            .build();
        let from = from
            .parse()
            .map_err(|_| MailError::Address(from.to_owned()))?;
        Ok(Mailer { transport, from })
    }

    /// Sends a plain-text mail to `to` (with the name shown, when known).
    pub async fn send(
        &self,
        to: (&str, Option<&str>),
        subject: &str,
        body: String,
    ) -> Result<(), MailError> {
        self.send_alternatives(to, subject, body, None).await
    }

    /// Sends a mail with a plain-text body and, when given, an HTML alternative of it.
    pub async fn send_alternatives(
        &self,
        (to, name): (&str, Option<&str>),
        subject: &str,
        text: String,
        html: Option<String>,
    ) -> Result<(), MailError> {
        let address = to.parse().map_err(|_| MailError::Address(to.to_owned()))?;
        let builder = Message::builder()
            .from(self.from.clone())
            .to(Mailbox::new(name.map(str::to_owned), address))
            .subject(subject)
            .message_id(Some(self.message_id()));
        let message = match html {
            Some(html) => builder.multipart(MultiPart::alternative_plain_html(text, html))?,
            None => builder
                .header(MIME_VERSION_1_0)
                .header(ContentType::TEXT_PLAIN)
                .body(text)?,
        };
        self.transport.send(message).await?;
        Ok(())
    }

    /// A new `Message-ID` in the sender's domain (RFC 5322 wants it unique to the sender;
    /// 128 random bits are).
    fn message_id(&self) -> String {
        format!("<{}@{}>", tokens::random::<16>(), self.from.email.domain())
    }
}

/// Where the links in a mail point (`WORDMARK_PUBLIC_URL`) and who sends it
/// (`WORDMARK_AGENCY_NAME`).
#[derive(Debug, Clone, Copy)]
pub struct Site<'a> {
    pub public_url: &'a str,
    pub agency: &'a str,
}

impl Site<'_> {
    /// The app's `path` (`/invite/…`) as a link.
    pub fn link(&self, path: &str) -> String {
        format!("{}{path}", self.public_url.trim_end_matches('/'))
    }
}

/// `text` fit for a header (a subject, a recipient's name): every control character a
/// space, no bidirectional formatting characters, at most [`SUBJECT_MAX_CHARS`]. The user text
/// a subject quotes (a project's name) is not checked as strictly as a person's name.
pub fn header_text(text: &str) -> String {
    let line: String = text
        .chars()
        .filter(|&c| c.is_control() || !people::is_unsafe(c))
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if line.chars().count() <= SUBJECT_MAX_CHARS {
        return line;
    }
    let mut cut: String = line.chars().take(SUBJECT_MAX_CHARS - 1).collect();
    cut.push('…');
    cut
}

/// `text` fit for a mail's body: its line breaks and tabs kept, the other control and the
/// bidirectional formatting characters (which user text it quotes may hold) left out.
pub fn body_text(text: &str) -> String {
    text.chars()
        .filter(|&c| matches!(c, '\n' | '\t') || !people::is_unsafe(c))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_are_one_line_without_bidi_overrides_and_bounded() {
        assert_eq!(header_text("Kim\r\nBcc: x\u{202e}y"), "Kim  Bcc: xy");
        let long = header_text(&"x".repeat(100_010));
        assert_eq!(long.chars().count(), SUBJECT_MAX_CHARS);
        assert!(long.ends_with('…'));
    }

    #[test]
    fn bodies_keep_their_lines_and_lose_control_and_bidi_characters() {
        assert_eq!(
            body_text("Hello\u{202e}Kim,\n\tsee\u{7} \u{2066}this\u{2069}\r"),
            "HelloKim,\n\tsee this"
        );
    }
}
