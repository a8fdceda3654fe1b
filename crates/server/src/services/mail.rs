//! Sending e-mail over SMTP (`WORDMARK_SMTP_URL`, `WORDMARK_SMTP_FROM`), used to send a review
//! link to its reviewer. Optional: without the URL nothing is ever sent.

use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{Mailbox, header::ContentType},
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
    /// `smtps://user:password@host` (TLS), and the sender's address.
    pub fn new(url: &str, from: &str) -> Result<Self, MailError> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)?.build();
        let from = from
            .parse()
            .map_err(|_| MailError::Address(from.to_owned()))?;
        Ok(Mailer { transport, from })
    }

    /// Sends a plain-text mail to `to` (with the name shown, when known).
    pub async fn send(
        &self,
        (to, name): (&str, Option<&str>),
        subject: &str,
        body: String,
    ) -> Result<(), MailError> {
        let address = to.parse().map_err(|_| MailError::Address(to.to_owned()))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(Mailbox::new(name.map(str::to_owned), address))
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(body)?;
        self.transport.send(message).await?;
        Ok(())
    }
}
