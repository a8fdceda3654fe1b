//! Sending e-mail over SMTP (`WORDMARK_SMTP_URL`, `WORDMARK_SMTP_FROM`): a review link to its
//! reviewer at once, and every other mail through the outbox (`services::outbox`). Optional:
//! without the URL nothing is ever sent.

use std::time::Duration;

use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{Mailbox, MultiPart, header::ContentType},
};

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
            .subject(subject);
        let message = match html {
            Some(html) => builder.multipart(MultiPart::alternative_plain_html(text, html))?,
            None => builder.header(ContentType::TEXT_PLAIN).body(text)?,
        };
        self.transport.send(message).await?;
        Ok(())
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

/// Whether `text` is an e-mail address SMTP can send to.
pub fn is_address(text: &str) -> bool {
    text.parse::<lettre::Address>().is_ok()
}
