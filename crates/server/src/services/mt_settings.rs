//! The process-wide machine translation service: the provider built from the environment, or
//! from the settings an administrator saved (they win), with one concurrency limiter for the
//! whole process so runs started before and after a settings change still share it fairly.
//!
//! Several server instances may share one database: each reads the stored settings' time stamp
//! whenever it needs the provider and rebuilds when another instance saved new settings.
//!
//! The settings live in the table `settings` (JSON per key, here the key `mt`; the agency's
//! quote terms under `quote_terms`, as text; the schedule of site checks under `site_checks`);
//! this module is the only code that reads or writes them. The API key in there is sealed (`secret_box`): the
//! database holds `sealed:v1:…`, never the key. Rows written before sealing existed hold it
//! in plain text; they are read as they are and sealed at the next start (`reseal`).

mod update;

use std::sync::{Arc, RwLock};

use sea_orm::{ActiveValue::Set, ConnectionTrait, DbErr, EntityTrait, sea_query::OnConflict};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use wordmark_mt::{FairLimiter, MtError, ProviderConfig, ProviderKind, Translator};

pub use self::update::{ConnectionTest, MtSettingsUpdate, Saved};
use crate::db::entities::setting;
use crate::services::secret_box::SecretBox;

/// What saving settings refuses.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    #[error("The field {0} is required.")]
    Missing(&'static str),
    #[error("The field {field} must be {expected}.")]
    Invalid {
        field: &'static str,
        expected: &'static str,
    },
    /// Settings that name a provider but cannot build it (DeepL without a key …): refused
    /// when saved, not at the next run.
    #[error(
        "These settings cannot translate ({0}): enter the provider's API key, address or model."
    )]
    CannotTranslate(String),
    #[error("The quote terms must have at most {QUOTE_TERMS_MAX_CHARS} characters.")]
    TermsTooLong,
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// Where the active provider settings come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SettingsSource {
    Environment,
    Settings,
}

/// The provider settings an administrator saved (stored as JSON under the key `mt`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredMt {
    pub provider: ProviderKind,
    pub api_key: Option<String>,
    pub base_url: Option<String>,
    pub model: Option<String>,
    pub formality: Option<String>,
    pub glossary_id: Option<String>,
    /// `en-gb` or `en-us`.
    pub english_variant: String,
}

impl StoredMt {
    /// The environment's configuration with the provider part replaced by these settings
    /// (timeouts, retries and concurrency stay the environment's).
    pub fn apply(&self, env: &ProviderConfig) -> ProviderConfig {
        let mut config = env.clone();
        config.kind = self.provider;
        config.api_key = self.api_key.clone();
        config.base_url = self.base_url.clone();
        config.model = self.model.clone();
        config.formality = self.formality.clone();
        config.glossary_id = self.glossary_id.clone();
        config.english_variant = self.english_variant.parse().unwrap_or_default();
        config
    }

    pub fn from_config(config: &ProviderConfig) -> Self {
        Self {
            provider: config.kind,
            api_key: config.api_key.clone(),
            base_url: config.base_url.clone(),
            model: config.model.clone(),
            formality: config.formality.clone(),
            glossary_id: config.glossary_id.clone(),
            english_variant: config.english_variant.as_str().to_owned(),
        }
    }
}

/// What is configured right now: the settings, where they come from, and the translator (or
/// why there is none: provider `none`, a missing key …).
#[derive(Clone)]
pub struct ActiveMt {
    pub config: ProviderConfig,
    pub source: SettingsSource,
    pub translator: Result<Translator, MtError>,
}

impl ActiveMt {
    /// The translator, or a message that says what to configure.
    pub fn translator(&self) -> Result<&Translator, String> {
        self.translator.as_ref().map_err(|error| match error {
            MtError::NotConfigured { what } => format!(
                "Machine translation is not configured: choose a provider and its key under Administration → Settings, or {what}."
            ),
            other => other.to_string(),
        })
    }

    pub fn is_pseudo(&self) -> bool {
        self.config.kind == ProviderKind::Pseudo
    }

    /// A name for people: the provider's label, or `none`.
    pub fn label(&self) -> String {
        match &self.translator {
            Ok(translator) => translator.provider().label(),
            Err(_) => self.config.kind.as_str().to_owned(),
        }
    }
}

/// The settings row's key, and the purpose its sealed API key is bound to.
const MT_KEY: &str = "mt";

/// The saved provider settings (API key opened) and when they were saved; `None` when none
/// were saved. The flag says whether the row still holds the key in plain text.
async fn load(
    db: &impl ConnectionTrait,
    secrets: &SecretBox,
) -> Result<Option<(StoredMt, OffsetDateTime, bool)>, DbErr> {
    let Some(row) = setting::Entity::find_by_id(MT_KEY).one(db).await? else {
        return Ok(None);
    };
    let unreadable = |e: &dyn std::fmt::Display| {
        DbErr::Custom(format!("the stored MT settings are not readable: {e}"))
    };
    let mut stored: StoredMt = serde_json::from_str(&row.value).map_err(|e| unreadable(&e))?;
    let mut plain = false;
    if let Some(key) = &stored.api_key {
        if SecretBox::is_sealed(key) {
            stored.api_key = Some(secrets.open(MT_KEY, key).map_err(|e| unreadable(&e))?);
        } else {
            plain = true;
        }
    }
    Ok(Some((stored, row.updated_at, plain)))
}

/// Stores `stored` with its API key sealed by the first key of `secrets`.
async fn save(
    db: &impl ConnectionTrait,
    secrets: &SecretBox,
    stored: &StoredMt,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let sealed = StoredMt {
        api_key: stored.api_key.as_deref().map(|k| secrets.seal(MT_KEY, k)),
        ..stored.clone()
    };
    let value = serde_json::to_string(&sealed).map_err(|e| DbErr::Custom(e.to_string()))?;
    // Strictly increasing stamps: other instances rebuild their provider when it changes, and
    // two saves within one second must not look alike.
    let previous = setting::Entity::find_by_id(MT_KEY)
        .one(db)
        .await?
        .map(|row| row.updated_at);
    let mut updated_at = now;
    if let Some(previous) = previous
        && previous >= updated_at
    {
        updated_at = previous + time::Duration::SECOND;
    }
    setting::Entity::insert(setting::ActiveModel {
        key: Set(MT_KEY.to_owned()),
        value: Set(value),
        updated_at: Set(updated_at),
    })
    .on_conflict(
        OnConflict::column(setting::Column::Key)
            .update_columns([setting::Column::Value, setting::Column::UpdatedAt])
            .to_owned(),
    )
    .exec(db)
    .await?;
    Ok(())
}

/// Seals the stored API key again with the first key of `secrets` (it may have been sealed
/// with an older key, or stored in plain text by an older version). Returns whether there was
/// a key to seal. Run it inside the transaction of a key rotation.
pub async fn reseal(
    db: &impl ConnectionTrait,
    secrets: &SecretBox,
    now: OffsetDateTime,
) -> Result<bool, DbErr> {
    match load(db, secrets).await? {
        Some((stored, _, _)) if stored.api_key.is_some() => {
            save(db, secrets, &stored, now).await?;
            Ok(true)
        }
        _ => Ok(false),
    }
}

struct Cached {
    /// `updated_at` of the stored settings this was built from; `None`: the environment.
    stamp: Option<OffsetDateTime>,
    active: ActiveMt,
}

pub struct MtService {
    env: ProviderConfig,
    secrets: SecretBox,
    limiter: Arc<FairLimiter>,
    cached: RwLock<Cached>,
}

impl MtService {
    pub fn new(env: ProviderConfig, secrets: SecretBox) -> Self {
        let limiter = FairLimiter::new(env.concurrency);
        let active = build(&env, SettingsSource::Environment, &limiter);
        Self {
            env,
            secrets,
            limiter,
            cached: RwLock::new(Cached {
                stamp: None,
                active,
            }),
        }
    }

    pub fn environment(&self) -> &ProviderConfig {
        &self.env
    }

    /// Saves settings already checked (`update`); the API key is sealed on the way.
    async fn save(
        &self,
        db: &impl ConnectionTrait,
        stored: &StoredMt,
        now: OffsetDateTime,
    ) -> Result<(), DbErr> {
        save(db, &self.secrets, stored, now).await
    }

    /// Seals an API key an older version stored in plain text; a no-op when there is none.
    pub async fn seal_plain_key(
        &self,
        db: &impl ConnectionTrait,
        now: OffsetDateTime,
    ) -> Result<(), DbErr> {
        if let Some((_, _, true)) = load(db, &self.secrets).await? {
            reseal(db, &self.secrets, now).await?;
            tracing::info!("sealed the MT provider's API key stored in plain text");
        }
        Ok(())
    }

    /// The active configuration, rebuilt when the stored settings changed (here or on another
    /// instance) since last time.
    pub async fn active(&self, db: &impl ConnectionTrait) -> Result<ActiveMt, DbErr> {
        let stored = load(db, &self.secrets).await?;
        let stamp = stored.as_ref().map(|(_, at, _)| *at);
        {
            let cached = self.cached.read().unwrap_or_else(|p| p.into_inner());
            if cached.stamp == stamp {
                return Ok(cached.active.clone());
            }
        }
        let active = match &stored {
            Some((settings, _, _)) => build(
                &settings.apply(&self.env),
                SettingsSource::Settings,
                &self.limiter,
            ),
            None => build(&self.env, SettingsSource::Environment, &self.limiter),
        };
        let mut cached = self.cached.write().unwrap_or_else(|p| p.into_inner());
        *cached = Cached {
            stamp,
            active: active.clone(),
        };
        Ok(active)
    }
}

fn build(config: &ProviderConfig, source: SettingsSource, limiter: &Arc<FairLimiter>) -> ActiveMt {
    let translator = wordmark_mt::build(config)
        .map(|provider| Translator::with_limiter(provider, Arc::clone(limiter)));
    if let Err(error) = &translator {
        tracing::info!(provider = %config.kind, %error, "machine translation unavailable");
    }
    ActiveMt {
        config: config.clone(),
        source,
        translator,
    }
}

/// The settings row of the agency's quote terms (plain text, shown on every quote sent).
const QUOTE_TERMS_KEY: &str = "quote_terms";

/// The most characters the quote terms may have: a page's worth under the quote's numbers.
pub const QUOTE_TERMS_MAX_CHARS: usize = 4000;

/// The agency's terms for quotes; empty when none were saved.
pub async fn quote_terms(db: &impl ConnectionTrait) -> Result<String, DbErr> {
    Ok(setting::Entity::find_by_id(QUOTE_TERMS_KEY)
        .one(db)
        .await?
        .map(|row| row.value)
        .unwrap_or_default())
}

/// Stores the agency's terms for quotes, trimmed, and answers them as stored.
pub async fn save_quote_terms(
    db: &impl ConnectionTrait,
    terms: &str,
    now: OffsetDateTime,
) -> Result<String, SettingsError> {
    let terms = terms.trim();
    if terms.chars().count() > QUOTE_TERMS_MAX_CHARS {
        return Err(SettingsError::TermsTooLong);
    }
    save_value(db, QUOTE_TERMS_KEY, terms, now).await?;
    Ok(terms.to_owned())
}

/// The settings row of the schedule of site checks (JSON, `services::sites::checks` reads it).
const SITE_CHECKS_KEY: &str = "site_checks";

/// The saved schedule of site checks; `None` when none was saved.
pub async fn site_checks(db: &impl ConnectionTrait) -> Result<Option<String>, DbErr> {
    Ok(setting::Entity::find_by_id(SITE_CHECKS_KEY)
        .one(db)
        .await?
        .map(|row| row.value))
}

/// Stores the schedule of site checks (checked by the caller).
pub async fn save_site_checks(
    db: &impl ConnectionTrait,
    schedule: &str,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    save_value(db, SITE_CHECKS_KEY, schedule, now).await
}

/// Writes the row `key`, new or replaced.
async fn save_value(
    db: &impl ConnectionTrait,
    key: &str,
    value: &str,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    setting::Entity::insert(setting::ActiveModel {
        key: Set(key.to_owned()),
        value: Set(value.to_owned()),
        updated_at: Set(now),
    })
    .on_conflict(
        OnConflict::column(setting::Column::Key)
            .update_columns([setting::Column::Value, setting::Column::UpdatedAt])
            .to_owned(),
    )
    .exec(db)
    .await?;
    Ok(())
}
