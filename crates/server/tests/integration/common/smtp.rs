//! A fake SMTP server for the tests: a real TCP listener on 127.0.0.1 that speaks enough SMTP
//! for lettre (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT, several mails per connection),
//! records every mail it accepts, and can be told to fail: answer `451` (a temporary failure)
//! to every mail, drop every connection before its greeting (the server is down), or take a
//! mail's data and never answer it (the sender is caught mid-send).

use std::{
    sync::{
        Arc, Mutex,
        atomic::{AtomicUsize, Ordering},
    },
    time::Duration,
};

use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    net::TcpListener,
};
use wordmark_server::config::{Config, Secret, SmtpConfig};

use super::wait_until;

/// Wordmark's address in the mails of the tests.
pub const PUBLIC_URL: &str = "https://wordmark.example.com";

/// How the fake server answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Behaviour {
    Accept,
    /// `451` to every `MAIL FROM`.
    TemporaryFailure,
    /// Closes every connection at once.
    Down,
    /// Reads a mail's data and never answers it: the mail is not accepted, and its sender
    /// waits until its connection ends.
    Hold,
}

/// A mail the fake server accepted.
#[derive(Debug, Clone)]
pub struct Received {
    pub recipients: Vec<String>,
    /// The message as sent (headers and body), dot-stuffing undone.
    pub data: String,
}

impl Received {
    /// The message with quoted-printable soft line breaks and `=3D` undone, for searching.
    pub fn text(&self) -> String {
        self.data
            .replace("=\r\n", "")
            .replace("=\n", "")
            .replace("=3D", "=")
    }

    /// The first link in the mail that starts with `PUBLIC_URL` + `path`, whole.
    pub fn link(&self, path: &str) -> Option<String> {
        let text = self.text();
        let prefix = format!("{PUBLIC_URL}{path}");
        let start = text.find(&prefix)?;
        let link: String = text[start..]
            .chars()
            .take_while(|c| !c.is_whitespace() && !matches!(c, '"' | '<' | '>'))
            .collect();
        Some(link)
    }

    /// Whether the mail went to `address`.
    pub fn is_to(&self, address: &str) -> bool {
        self.recipients
            .iter()
            .any(|r| r.eq_ignore_ascii_case(address))
    }
}

#[derive(Clone)]
pub struct FakeSmtp {
    pub port: u16,
    received: Arc<Mutex<Vec<Received>>>,
    behaviour: Arc<Mutex<Behaviour>>,
    held: Arc<AtomicUsize>,
}

impl FakeSmtp {
    pub async fn start() -> FakeSmtp {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let smtp = FakeSmtp {
            port: listener.local_addr().unwrap().port(),
            received: Arc::default(),
            behaviour: Arc::new(Mutex::new(Behaviour::Accept)),
            held: Arc::default(),
        };
        let server = smtp.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let server = server.clone();
                tokio::spawn(async move { server.session(socket).await });
            }
        });
        smtp
    }

    pub fn set(&self, behaviour: Behaviour) {
        *self.behaviour.lock().unwrap() = behaviour;
    }

    fn behaviour(&self) -> Behaviour {
        *self.behaviour.lock().unwrap()
    }

    /// Mails whose data was held unanswered ([`Behaviour::Hold`]) so far.
    pub fn held(&self) -> usize {
        self.held.load(Ordering::SeqCst)
    }

    /// Every mail accepted so far.
    pub fn received(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }

    /// Waits (at most 10 s) until `count` mails have arrived, and answers them all.
    pub async fn wait_for(&self, count: usize) -> Vec<Received> {
        wait_until(
            &format!("{count} mails arrive"),
            Duration::from_secs(10),
            || async { self.received().len() >= count },
        )
        .await;
        self.received()
    }

    /// The mails sent to `address`.
    pub fn to(&self, address: &str) -> Vec<Received> {
        self.received()
            .into_iter()
            .filter(|mail| mail.is_to(address))
            .collect()
    }

    /// Waits (at most 10 s) for a mail to `address` that mentions `phrase`, and answers its
    /// text. What arrived, not what was queued: the outbox drops a mail's body once it is
    /// delivered, so reading the queue races the worker.
    pub async fn mail_about(&self, address: &str, phrase: &str) -> String {
        let find = || {
            self.to(address)
                .into_iter()
                .map(|mail| mail.text())
                .find(|text| text.contains(phrase))
        };
        wait_until(
            &format!("a mail to {address} about \"{phrase}\" arrives"),
            Duration::from_secs(10),
            || async { find().is_some() },
        )
        .await;
        find().expect("the mail arrived")
    }

    /// Configures a server to send through this one.
    pub fn configure(&self) -> impl FnOnce(&mut Config) + use<> {
        let port = self.port;
        move |config| {
            config.smtp = Some(SmtpConfig {
                url: Secret::new(format!("smtp://127.0.0.1:{port}")),
                from: "Agentur <wordmark@example.com>".into(),
                public_url: PUBLIC_URL.into(),
            });
        }
    }

    async fn session(&self, socket: tokio::net::TcpStream) {
        if self.behaviour() == Behaviour::Down {
            return;
        }
        let (read, mut write) = socket.into_split();
        let mut lines = BufReader::new(read).lines();
        if write.write_all(b"220 fake ESMTP\r\n").await.is_err() {
            return;
        }
        let mut recipients = Vec::new();
        let mut data: Option<String> = None;
        while let Ok(Some(line)) = lines.next_line().await {
            if let Some(message) = data.as_mut() {
                if line == "." && self.behaviour() == Behaviour::Hold {
                    self.held.fetch_add(1, Ordering::SeqCst);
                    // No answer: whatever else the sender says waits with it.
                    while let Ok(Some(_)) = lines.next_line().await {}
                    return;
                }
                if line == "." {
                    self.received.lock().unwrap().push(Received {
                        recipients: std::mem::take(&mut recipients),
                        data: data.take().unwrap_or_default(),
                    });
                    if write.write_all(b"250 queued\r\n").await.is_err() {
                        return;
                    }
                } else {
                    message.push_str(line.strip_prefix('.').unwrap_or(&line));
                    message.push('\n');
                }
                continue;
            }
            let command = line.to_ascii_uppercase();
            let answer: &[u8] = if command.starts_with("EHLO") {
                b"250-fake\r\n250 8BITMIME\r\n"
            } else if command.starts_with("MAIL") {
                recipients.clear();
                if self.behaviour() == Behaviour::TemporaryFailure {
                    b"451 try again later\r\n"
                } else {
                    b"250 ok\r\n"
                }
            } else if let Some(to) = command.strip_prefix("RCPT TO:") {
                let to = line[line.len() - to.len()..].trim();
                recipients.push(to.trim_matches(|c| c == '<' || c == '>').to_owned());
                b"250 ok\r\n"
            } else if command.starts_with("DATA") {
                data = Some(String::new());
                b"354 go on\r\n"
            } else if command.starts_with("QUIT") {
                let _ = write.write_all(b"221 bye\r\n").await;
                return;
            } else {
                // HELO, RSET, NOOP.
                b"250 ok\r\n"
            };
            if write.write_all(answer).await.is_err() {
                return;
            }
        }
    }
}
