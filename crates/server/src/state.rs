use std::sync::Arc;

use sea_orm::DatabaseConnection;

use crate::config::Config;
use crate::services::{
    clock::Clock,
    mail::Mailer,
    mt_settings::MtService,
    outbox::worker::Deliverer,
    pretranslate::worker::Runner,
    runs::Working,
    secret_box::SecretBox,
    sites::{
        self,
        checks::{Checker, MailLinks},
        publish::Publisher,
    },
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
    /// Calls the clients' WordPress sites, with the key their passwords are sealed with.
    pub sites: sites::Connector,
    /// The publishing runs (to WordPress) this process is working.
    pub publishing: Arc<Working>,
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
            sites: sites::Connector::new(secrets.clone(), config.site_timeout),
            mt: Arc::new(MtService::new(config.mt.clone(), secrets)),
            config: Arc::new(config),
            instance_id: uuid::Uuid::new_v4().to_string().into(),
            runs: Arc::default(),
            publishing: Arc::default(),
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
            clock: self.clock.clone(),
        }
    }

    /// What the publishing workers take of the state.
    pub fn publisher(&self) -> Publisher {
        let clock = self.clock.clone();
        Publisher {
            db: self.db.clone(),
            connector: self.sites.clone(),
            owner: Arc::clone(&self.instance_id),
            lease: self.config.run_claim_timeout,
            runs: Arc::clone(&self.publishing),
            now: Arc::new(move || clock.now()),
        }
    }

    /// What the scheduled checks of the sites take of the state.
    pub fn site_checker(&self) -> Checker {
        Checker {
            db: self.db.clone(),
            connector: self.sites.clone(),
            owner: Arc::clone(&self.instance_id),
            lease: self.config.run_claim_timeout,
            clock: self.clock.clone(),
            mail: self.mail_site().map(|site| MailLinks {
                public_url: site.public_url.to_owned(),
                agency: site.agency.to_owned(),
            }),
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
