//! What an administrator may save as the machine translation settings, and the connection
//! test: each field checked and named when wrong, settings that cannot translate refused when
//! saved rather than at the next run.

use sea_orm::ConnectionTrait;
use serde::Deserialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use wordmark_mt::{EnglishVariant, FORMALITIES, ProviderKind, Usage};

use super::{ActiveMt, MtService, SettingsError, StoredMt};

/// New settings. `api_key` absent keeps the current key, `""` clears it; the other optional
/// fields are cleared when absent or empty.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct MtSettingsUpdate {
    pub provider: Option<String>,
    #[serde(default, deserialize_with = "present")]
    pub api_key: Option<Option<String>>,
    pub base_url: Option<String>,
    pub model: Option<String>,
    pub formality: Option<String>,
    pub glossary_id: Option<String>,
    pub english_variant: Option<String>,
}

/// Tells an absent field (`None`) from one sent as null or a value (`Some`).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

/// Settings saved: what is active now, and the names of the fields that changed (the key's
/// name, never its value), for the audit log.
pub struct Saved {
    pub active: ActiveMt,
    pub changed: Vec<&'static str>,
}

/// The outcome of "Test connection": a failing provider is not an error of the request.
pub struct ConnectionTest {
    pub ok: bool,
    pub message: String,
    pub usage: Option<Usage>,
}

impl MtService {
    /// Checks and saves new settings; they override the environment from now on.
    pub async fn update(
        &self,
        db: &impl ConnectionTrait,
        update: MtSettingsUpdate,
        now: OffsetDateTime,
    ) -> Result<Saved, SettingsError> {
        let current = self.active(db).await?;
        let before = StoredMt::from_config(&current.config);
        let stored = checked(update, current.config.api_key)?;
        if stored.provider != ProviderKind::None {
            wordmark_mt::build(&stored.apply(self.environment()))
                .map_err(|e| SettingsError::CannotTranslate(e.to_string()))?;
        }
        self.save(db, &stored, now).await?;
        Ok(Saved {
            active: self.active(db).await?,
            changed: changed_fields(&before, &stored),
        })
    }

    /// A cheap call with the active settings, and the usage where the provider reports it
    /// (DeepL's `/v2/usage`).
    pub async fn test_connection(
        &self,
        db: &impl ConnectionTrait,
    ) -> Result<ConnectionTest, SettingsError> {
        let active = self.active(db).await?;
        let failed = |message: String| ConnectionTest {
            ok: false,
            message,
            usage: None,
        };
        let translator = match active.translator() {
            Ok(translator) => translator,
            Err(message) => return Ok(failed(message)),
        };
        let provider = translator.provider();
        let usage = match provider.check().await {
            Ok(()) => provider.usage().await,
            Err(error) => Err(error),
        };
        Ok(match usage {
            Ok(usage) => ConnectionTest {
                ok: true,
                message: format!("The connection to {} works.", provider.label()),
                usage,
            },
            Err(error) => failed(format!("{}: {error}", provider.label())),
        })
    }
}

/// The names of the settings that differ.
fn changed_fields(before: &StoredMt, after: &StoredMt) -> Vec<&'static str> {
    [
        ("provider", before.provider != after.provider),
        ("api_key", before.api_key != after.api_key),
        ("base_url", before.base_url != after.base_url),
        ("model", before.model != after.model),
        ("formality", before.formality != after.formality),
        ("glossary_id", before.glossary_id != after.glossary_id),
        (
            "english_variant",
            before.english_variant != after.english_variant,
        ),
    ]
    .into_iter()
    .filter_map(|(field, changed)| changed.then_some(field))
    .collect()
}

/// The settings to store, every field trimmed and checked; blank fields are absent.
fn checked(
    update: MtSettingsUpdate,
    current_key: Option<String>,
) -> Result<StoredMt, SettingsError> {
    let invalid = |field, expected| SettingsError::Invalid { field, expected };
    let provider: ProviderKind = update
        .provider
        .as_deref()
        .ok_or(SettingsError::Missing("provider"))?
        .parse()
        .map_err(|_| {
            invalid(
                "provider",
                "deepl, google, libretranslate, openai, pseudo or none",
            )
        })?;
    let text = |value: Option<String>| value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    let api_key = match update.api_key {
        None => current_key,
        Some(key) => text(key),
    };
    let base_url = text(update.base_url);
    if let Some(url) = &base_url
        && !(url.starts_with("http://") || url.starts_with("https://"))
    {
        return Err(invalid("base_url", "an http:// or https:// address"));
    }
    let formality = text(update.formality);
    if let Some(value) = &formality
        && !FORMALITIES.contains(&value.as_str())
    {
        return Err(invalid(
            "formality",
            "default, more, less, prefer_more or prefer_less",
        ));
    }
    let english_variant = match text(update.english_variant) {
        None => EnglishVariant::default(),
        Some(value) => value
            .parse::<EnglishVariant>()
            .map_err(|_| invalid("english_variant", "en-gb or en-us"))?,
    };
    Ok(StoredMt {
        provider,
        api_key,
        base_url,
        model: text(update.model),
        formality,
        glossary_id: text(update.glossary_id),
        english_variant: english_variant.as_str().to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn update(provider: &str) -> MtSettingsUpdate {
        MtSettingsUpdate {
            provider: Some(provider.into()),
            ..Default::default()
        }
    }

    #[test]
    fn each_wrong_field_is_named_with_what_it_must_be() {
        let missing = checked(MtSettingsUpdate::default(), None).unwrap_err();
        assert_eq!(missing.to_string(), "The field provider is required.");
        let unknown = checked(update("babelfish"), None).unwrap_err();
        assert!(
            unknown
                .to_string()
                .starts_with("The field provider must be deepl"),
            "{unknown}"
        );
        let url = MtSettingsUpdate {
            base_url: Some("ftp://mt.example".into()),
            ..update("libretranslate")
        };
        assert_eq!(
            checked(url, None).unwrap_err().to_string(),
            "The field base_url must be an http:// or https:// address."
        );
        let formality = MtSettingsUpdate {
            formality: Some("casual".into()),
            ..update("deepl")
        };
        assert!(
            checked(formality, None)
                .unwrap_err()
                .to_string()
                .contains("formality")
        );
        let variant = MtSettingsUpdate {
            english_variant: Some("en-au".into()),
            ..update("deepl")
        };
        assert!(
            checked(variant, None)
                .unwrap_err()
                .to_string()
                .contains("en-gb or en-us")
        );
    }

    #[test]
    fn an_absent_key_keeps_the_current_one_and_a_blank_one_clears_it() {
        let kept = checked(update("deepl"), Some("old-key".into())).unwrap();
        assert_eq!(kept.api_key.as_deref(), Some("old-key"));
        let cleared = MtSettingsUpdate {
            api_key: Some(Some("  ".into())),
            ..update("deepl")
        };
        assert_eq!(
            checked(cleared, Some("old-key".into())).unwrap().api_key,
            None
        );
        let blank_model = MtSettingsUpdate {
            model: Some(" ".into()),
            ..update("openai")
        };
        assert_eq!(checked(blank_model, None).unwrap().model, None);
    }

    #[test]
    fn only_changed_fields_are_named() {
        let before = checked(update("deepl"), Some("a".into())).unwrap();
        let after = StoredMt {
            api_key: Some("b".into()),
            model: Some("m".into()),
            ..before.clone()
        };
        assert_eq!(changed_fields(&before, &after), ["api_key", "model"]);
        assert!(changed_fields(&before, &before).is_empty());
    }
}
