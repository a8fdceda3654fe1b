use std::sync::Arc;

use sea_orm::DatabaseConnection;

use crate::config::Config;
use crate::services::{
    mail::Mailer, mt_settings::MtService, pretranslate::worker::Runner, runs::Working,
    secret_box::SecretBox,
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
    /// Sends review links by mail when `WORDMARK_SMTP_URL` is set.
    pub mailer: Option<Arc<Mailer>>,
}

impl AppState {
    /// `secrets` seals what the services store (`SecretBox::load_or_create` of the configured
    /// key source; loaded by the caller because it may create a key file).
    pub fn new(db: DatabaseConnection, config: Config, secrets: SecretBox) -> Self {
        let mailer = config.smtp.as_ref().and_then(|smtp| {
            Mailer::new(smtp.url.expose(), &smtp.from)
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
}
