//! DeepL API v2 (`POST /v2/translate`, `GET /v2/usage`) and v3 multilingual glossaries
//! (`POST /v3/glossaries`, `GET /v3/glossaries/{id}`, `PUT /v3/glossaries/{id}/dictionaries`).

use futures::future::BoxFuture;
use serde::{Deserialize, Serialize};

use super::{expect_count, required};
use crate::config::{EnglishVariant, ProviderConfig, ProviderKind, VAR_DEEPL_KEY};
use crate::error::MtError;
use crate::http::{HttpClient, default_error, error_message, join};
use crate::lang;
use crate::provider::{Batch, BatchLimits, Glossaries, GlossaryDictionary, Provider, Usage};

const FREE_URL: &str = "https://api-free.deepl.com";
const PRO_URL: &str = "https://api.deepl.com";

/// DeepL's documented limits: 50 texts and 128 KiB of body per request.
pub const LIMITS: BatchLimits = BatchLimits {
    max_texts: 50,
    max_request_bytes: 128 * 1024,
};

pub struct Deepl {
    http: HttpClient,
    auth: String,
    base: String,
    english: EnglishVariant,
    formality: Option<String>,
    glossary_id: Option<String>,
}

impl Deepl {
    pub fn new(config: &ProviderConfig) -> Result<Self, MtError> {
        let key = required(&config.api_key, VAR_DEEPL_KEY)?;
        // Free keys end in ":fx" and only work on the Free host.
        let base = config.base_url.clone().unwrap_or_else(|| {
            if key.ends_with(":fx") {
                FREE_URL
            } else {
                PRO_URL
            }
            .to_owned()
        });
        Ok(Self {
            http: HttpClient::new(config, "DeepL", classify)?,
            auth: format!("DeepL-Auth-Key {key}"),
            base,
            english: config.english_variant,
            formality: config.formality.clone(),
            glossary_id: config.glossary_id.clone(),
        })
    }

    fn body<'a>(&'a self, batch: &'a Batch) -> TranslateBody<'a> {
        TranslateBody {
            text: &batch.texts,
            source_lang: lang::deepl_source(&batch.source_lang),
            target_lang: lang::deepl_target(&batch.target_lang, self.english),
            tag_handling: "xml",
            // Set explicitly: the default depends on the account's age. v2 keeps placeholders
            // where they belong; when its answer failed the markup check, v1 is the other try.
            tag_handling_version: if batch.strict { "v1" } else { "v2" },
            non_splitting_tags: ["g", "x"],
            // Segments are single units, not documents.
            outline_detection: false,
            split_sentences: "nonewlines",
            preserve_formatting: true,
            formality: self.formality.as_deref(),
            glossary_id: batch.glossary_id.as_deref().or(self.glossary_id.as_deref()),
        }
    }

    async fn create_glossary(
        &self,
        name: &str,
        dictionary: &GlossaryDictionary,
    ) -> Result<String, MtError> {
        let body = CreateGlossary {
            name,
            dictionaries: [DictionaryBody::of(dictionary)],
        };
        let answer: GlossaryAnswer = self
            .http
            .send_json(|client| {
                client
                    .post(join(&self.base, "/v3/glossaries"))
                    .header("Authorization", &self.auth)
                    .json(&body)
            })
            .await?;
        Ok(answer.glossary_id)
    }

    async fn replace_dictionary(
        &self,
        id: &str,
        dictionary: &GlossaryDictionary,
    ) -> Result<(), MtError> {
        let body = DictionaryBody::of(dictionary);
        let _: serde_json::Value = self
            .http
            .send_json(|client| {
                client
                    .put(join(&self.base, &glossary_path(id, "/dictionaries")))
                    .header("Authorization", &self.auth)
                    .json(&body)
            })
            .await?;
        Ok(())
    }

    async fn delete_glossary(&self, id: &str) -> Result<(), MtError> {
        let deleted = self
            .http
            .send(|client| {
                client
                    .delete(join(&self.base, &glossary_path(id, "")))
                    .header("Authorization", &self.auth)
            })
            .await;
        match deleted {
            Ok(_) | Err(MtError::NotFound { .. }) => Ok(()),
            Err(error) => Err(error),
        }
    }

    async fn glossary_holds(
        &self,
        id: &str,
        source_lang: &str,
        target_lang: &str,
    ) -> Result<bool, MtError> {
        let answer: Result<GlossaryAnswer, MtError> = self
            .http
            .send_json(|client| {
                client
                    .get(join(&self.base, &glossary_path(id, "")))
                    .header("Authorization", &self.auth)
            })
            .await;
        let (source, target) = (
            lang::deepl_glossary(source_lang),
            lang::deepl_glossary(target_lang),
        );
        match answer {
            // DeepL answers the codes in upper case.
            Ok(glossary) => Ok(glossary.dictionaries.iter().any(|d| {
                d.source_lang.eq_ignore_ascii_case(&source)
                    && d.target_lang.eq_ignore_ascii_case(&target)
            })),
            Err(MtError::NotFound { .. }) => Ok(false),
            Err(error) => Err(error),
        }
    }

    async fn fetch_usage(&self) -> Result<Usage, MtError> {
        let answer: UsageAnswer = self
            .http
            .send_json(|client| {
                client
                    .get(join(&self.base, "/v2/usage"))
                    .header("Authorization", &self.auth)
            })
            .await?;
        Ok(Usage {
            characters_used: answer.character_count,
            characters_limit: answer.character_limit,
        })
    }

    async fn translate_batch(&self, batch: &Batch) -> Result<Vec<String>, MtError> {
        let body = self.body(batch);
        let answer: TranslateAnswer = self
            .http
            .send_json(|client| {
                client
                    .post(join(&self.base, "/v2/translate"))
                    .header("Authorization", &self.auth)
                    .json(&body)
            })
            .await?;
        let texts = answer.translations.into_iter().map(|t| t.text).collect();
        expect_count("DeepL", batch.texts.len(), texts)
    }
}

/// DeepL's 403 has an empty body, so the message says what to fix instead of echoing it.
pub(crate) fn classify(status: u16, body: &str) -> MtError {
    match status {
        401 | 403 => MtError::Unauthorized {
            message: format!("the API key was refused by DeepL — check {VAR_DEEPL_KEY}"),
        },
        // A glossary id DeepL does not know (deleted on DeepL's side): the caller creates it anew.
        404 => MtError::NotFound {
            message: error_message(status, body),
        },
        _ => default_error(status, error_message(status, body)),
    }
}

#[derive(Serialize)]
struct TranslateBody<'a> {
    text: &'a [String],
    source_lang: String,
    target_lang: String,
    tag_handling: &'static str,
    tag_handling_version: &'static str,
    non_splitting_tags: [&'static str; 2],
    outline_detection: bool,
    split_sentences: &'static str,
    preserve_formatting: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    formality: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    glossary_id: Option<&'a str>,
}

/// `/v3/glossaries/{id}{rest}`. The id is DeepL's own (a UUID), but it is stored on our side:
/// anything else than letters, digits and dashes is escaped so it cannot change the path.
fn glossary_path(id: &str, rest: &str) -> String {
    let id: String = id
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b == b'-' {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    format!("/v3/glossaries/{id}{rest}")
}

#[derive(Serialize)]
struct CreateGlossary<'a> {
    name: &'a str,
    dictionaries: [DictionaryBody; 1],
}

#[derive(Serialize)]
struct DictionaryBody {
    source_lang: String,
    target_lang: String,
    entries: String,
    entries_format: &'static str,
}

impl DictionaryBody {
    /// TSV, one `source<TAB>target` line per entry (the caller keeps tabs and line breaks
    /// out of the terms: DeepL refuses them).
    fn of(dictionary: &GlossaryDictionary) -> Self {
        let entries = dictionary
            .entries
            .iter()
            .map(|(source, target)| format!("{source}\t{target}"))
            .collect::<Vec<_>>()
            .join("\n");
        Self {
            source_lang: lang::deepl_glossary(&dictionary.source_lang),
            target_lang: lang::deepl_glossary(&dictionary.target_lang),
            entries,
            entries_format: "tsv",
        }
    }
}

#[derive(Deserialize)]
struct GlossaryAnswer {
    glossary_id: String,
    #[serde(default)]
    dictionaries: Vec<DictionaryInfo>,
}

#[derive(Deserialize)]
struct DictionaryInfo {
    source_lang: String,
    target_lang: String,
}

#[derive(Deserialize)]
struct TranslateAnswer {
    translations: Vec<Translation>,
}

#[derive(Deserialize)]
struct Translation {
    text: String,
}

#[derive(Deserialize)]
struct UsageAnswer {
    character_count: u64,
    character_limit: u64,
}

impl Provider for Deepl {
    fn kind(&self) -> ProviderKind {
        ProviderKind::Deepl
    }

    fn label(&self) -> String {
        "DeepL".to_owned()
    }

    fn limits(&self) -> BatchLimits {
        LIMITS
    }

    fn empty_request_bytes(&self, batch: &Batch) -> usize {
        let empty = Batch {
            texts: Vec::new(),
            ..batch.clone()
        };
        serde_json::to_vec(&self.body(&empty)).map_or(0, |b| b.len())
    }

    fn translate<'a>(&'a self, batch: &'a Batch) -> BoxFuture<'a, Result<Vec<String>, MtError>> {
        Box::pin(self.translate_batch(batch))
    }

    fn usage(&self) -> BoxFuture<'_, Result<Option<Usage>, MtError>> {
        Box::pin(async { self.fetch_usage().await.map(Some) })
    }

    fn check(&self) -> BoxFuture<'_, Result<(), MtError>> {
        Box::pin(async { self.fetch_usage().await.map(|_| ()) })
    }

    fn glossaries(&self) -> Option<&dyn Glossaries> {
        Some(self)
    }
}

impl Glossaries for Deepl {
    fn create<'a>(
        &'a self,
        name: &'a str,
        dictionary: &'a GlossaryDictionary,
    ) -> BoxFuture<'a, Result<String, MtError>> {
        Box::pin(self.create_glossary(name, dictionary))
    }

    fn replace<'a>(
        &'a self,
        id: &'a str,
        dictionary: &'a GlossaryDictionary,
    ) -> BoxFuture<'a, Result<(), MtError>> {
        Box::pin(self.replace_dictionary(id, dictionary))
    }

    fn delete<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<(), MtError>> {
        Box::pin(self.delete_glossary(id))
    }

    fn holds<'a>(
        &'a self,
        id: &'a str,
        source_lang: &'a str,
        target_lang: &'a str,
    ) -> BoxFuture<'a, Result<bool, MtError>> {
        Box::pin(self.glossary_holds(id, source_lang, target_lang))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deepl(key: &str) -> Deepl {
        let mut config = ProviderConfig::new(ProviderKind::Deepl);
        config.api_key = Some(key.into());
        Deepl::new(&config).unwrap()
    }

    #[test]
    fn free_and_pro_addresses_follow_the_key() {
        assert_eq!(deepl("abc:fx").base, FREE_URL);
        assert_eq!(deepl("abc").base, PRO_URL);
    }

    #[test]
    fn size_estimate_is_exact() {
        let provider = deepl("k");
        let batch = Batch {
            source_lang: "en".into(),
            target_lang: "pt-br".into(),
            texts: vec![
                "a \"quoted\" é\n".into(),
                r#"<g id="1">x</g>"#.into(),
                String::new(),
            ],
            strict: false,
            glossary_id: None,
            terms: Vec::new(),
        };
        let estimate = provider.empty_request_bytes(&batch)
            + batch
                .texts
                .iter()
                .map(|t| provider.text_bytes(t))
                .sum::<usize>();
        let actual = serde_json::to_vec(&provider.body(&batch)).unwrap().len();
        // One comma fewer than texts.
        assert_eq!(estimate, actual + 1);
    }
}
