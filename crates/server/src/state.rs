use std::sync::{
    Arc,
    atomic::{AtomicU64, Ordering},
};
use std::time::Duration;

use sea_orm::DatabaseConnection;
use time::OffsetDateTime;

use crate::config::Config;
use crate::services::{
    mail::Mailer, mt_settings::MtService, outbox::worker::Deliverer, pretranslate::worker::Runner,
    runs::Working, secret_box::SecretBox,
};

/// Shared by every handler: the database pool, the configuration, and the process-wide
/// services (machine translation, the runs this process works). It sits between the services
/// and the features: it holds services and is handed to every handler, so it may name
/// `config`, `db` and `services`, never a feature.
#[derive(Clone)]
pub struct AppState {
    pub db: DatabaseConnection,
    pub config: Arc<Config>,
    pub mt: Arc<MtService>,
    /// Names this server process in the leases of the pre-translation runs it works.
    pub instance_id: Arc<str>,
    /// The pre-translation runs this process is working.
    pub runs: Arc<Working>,
    /// Sends review links, and the outbox's mails, when `WORDMARK_SMTP_URL` is set.
    pub mailer: Option<Arc<Mailer>>,
    /// The time sign-in tokens expire and sign-in throttling ends by.
    pub clock: Clock,
}

impl AppState {
    /// `secrets` seals what the services store (`SecretBox::load_or_create` of the configured
    /// key source; loaded by the caller because it may create a key file).
    pub fn new(db: DatabaseConnection, config: Config, secrets: SecretBox) -> Self {
        let mailer = config.smtp.as_ref().and_then(|smtp| {
            // Half the lease: a sender that waits on its SMTP server still holds its mail.
            Mailer::new(smtp.url.expose(), &smtp.from, config.mail_lease / 2)
                .inspect_err(
                    |err| tracing::error!(error = %err, "WORDMARK_SMTP_URL: no mail will be sent"),
                )
                .ok()
                .map(Arc::new)
        });
        Self {
            mailer,
            db,
            mt: Arc::new(MtService::new(config.mt.clone(), secrets)),
            config: Arc::new(config),
            instance_id: uuid::Uuid::new_v4().to_string().into(),
            runs: Arc::default(),
            clock: Clock::default(),
        }
    }

    /// What the pre-translation workers take of the state.
    pub fn runner(&self) -> Runner {
        Runner {
            db: self.db.clone(),
            mt: Arc::clone(&self.mt),
            instance_id: Arc::clone(&self.instance_id),
            run_claim_timeout: self.config.run_claim_timeout,
            runs: Arc::clone(&self.runs),
        }
    }

    /// Where the links of mails point and who sends them; `None` when no mail is sent.
    pub fn mail_site(&self) -> Option<crate::services::mail::Site<'_>> {
        self.mailer.as_ref()?;
        let smtp = self.config.smtp.as_ref()?;
        Some(crate::services::mail::Site {
            public_url: &smtp.public_url,
            agency: &self.config.agency_name,
        })
    }

    /// What the outbox worker takes of the state; `None` without SMTP (mails then wait).
    pub fn deliverer(&self) -> Option<Deliverer> {
        let clock = self.clock.clone();
        Some(Deliverer {
            db: self.db.clone(),
            mailer: Arc::clone(self.mailer.as_ref()?),
            owner: Arc::clone(&self.instance_id),
            lease: self.config.mail_lease,
            now: Arc::new(move || clock.now()),
        })
    }
}

/// The time by which expiry is decided (sign-in tokens, sign-in throttling), in whole seconds
/// like every stored timestamp. The server reads the system clock; a test that checks an expiry
/// puts a [`ManualClock`] into the state it builds and moves it forward instead of sleeping.
/// Nothing in the configuration or the API selects or moves that clock: only code that builds
/// an [`AppState`] can.
#[derive(Clone, Default)]
pub struct Clock {
    moved: Option<ManualClock>,
}

impl Clock {
    pub fn now(&self) -> OffsetDateTime {
        let ahead = self
            .moved
            .as_ref()
            .map_or(Duration::ZERO, ManualClock::ahead);
        (OffsetDateTime::now_utc() + ahead)
            .replace_nanosecond(0)
            .expect("zero nanoseconds are valid")
    }
}

/// A clock that runs with the system clock, ahead of it by as much as it has been moved.
#[derive(Clone, Default)]
pub struct ManualClock {
    ahead_ms: Arc<AtomicU64>,
}

impl ManualClock {
    pub fn advance(&self, by: Duration) {
        let ms = u64::try_from(by.as_millis()).expect("a test moves the clock by less than ages");
        self.ahead_ms.fetch_add(ms, Ordering::SeqCst);
    }

    fn ahead(&self) -> Duration {
        Duration::from_millis(self.ahead_ms.load(Ordering::SeqCst))
    }
}

impl From<ManualClock> for Clock {
    fn from(moved: ManualClock) -> Self {
        Self { moved: Some(moved) }
    }
}
