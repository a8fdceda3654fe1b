use serde::Serialize;
use utoipa::ToSchema;

use crate::services::mt_settings::{ActiveMt, SettingsSource};

/// The machine translation settings; the key is never sent back, only whether one is set and
/// its last four characters.
#[derive(Debug, Serialize, ToSchema)]
pub struct MtSettings {
    /// `deepl`, `google`, `libretranslate`, `openai`, `pseudo` or `none`
    pub provider: String,
    pub api_key_set: bool,
    /// The key's last four characters (only for keys long enough that this reveals little).
    pub api_key_hint: Option<String>,
    pub base_url: Option<String>,
    pub model: Option<String>,
    pub formality: Option<String>,
    pub glossary_id: Option<String>,
    /// `en-gb` or `en-us`
    pub english_variant: String,
    pub source: SettingsSource,
}

/// Keys shorter than this get no hint: four characters would give away too much of them.
const HINT_MIN_KEY_CHARS: usize = 12;

impl From<&ActiveMt> for MtSettings {
    fn from(active: &ActiveMt) -> Self {
        let config = &active.config;
        let key = config.api_key.as_deref().filter(|k| !k.is_empty());
        let hint = key.and_then(|key| {
            let chars: Vec<char> = key.chars().collect();
            (chars.len() >= HINT_MIN_KEY_CHARS).then(|| chars[chars.len() - 4..].iter().collect())
        });
        Self {
            provider: config.kind.as_str().to_owned(),
            api_key_set: key.is_some(),
            api_key_hint: hint,
            base_url: config.base_url.clone(),
            model: config.model.clone(),
            formality: config.formality.clone(),
            glossary_id: config.glossary_id.clone(),
            english_variant: config.english_variant.as_str().to_owned(),
            source: active.source,
        }
    }
}

/// Characters used and allowed in the provider's billing period.
#[derive(Debug, Serialize, ToSchema)]
pub struct MtUsage {
    pub characters_used: u64,
    pub characters_limit: u64,
}

/// The answer of 'Test connection'.
#[derive(Debug, Serialize, ToSchema)]
pub struct MtTestResult {
    pub ok: bool,
    pub message: String,
    pub usage: Option<MtUsage>,
}
