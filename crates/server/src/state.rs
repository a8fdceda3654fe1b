use std::sync::Arc;

use sea_orm::DatabaseConnection;

use crate::config::Config;
use crate::features::{pretranslate::worker::Working, settings::service::MtService};

/// Shared by every handler: the database pool, the configuration, and the process-wide
/// machine translation service.
#[derive(Clone)]
pub struct AppState {
    pub db: DatabaseConnection,
    pub config: Arc<Config>,
    pub mt: Arc<MtService>,
    /// Names this server process in the leases of the pre-translation runs it works.
    pub instance_id: Arc<str>,
    /// The pre-translation runs this process is working.
    pub runs: Arc<Working>,
}

impl AppState {
    pub fn new(db: DatabaseConnection, config: Config) -> Self {
        Self {
            db,
            mt: Arc::new(MtService::new(config.mt.clone())),
            config: Arc::new(config),
            instance_id: uuid::Uuid::new_v4().to_string().into(),
            runs: Arc::default(),
        }
    }
}
