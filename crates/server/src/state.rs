use std::sync::Arc;

use sea_orm::DatabaseConnection;

use crate::config::Config;
use crate::services::{mt_settings::MtService, runs::Working};

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
