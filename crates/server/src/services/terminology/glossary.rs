//! A client's termbase as the provider's own glossary (DeepL's v3 glossaries), one per client,
//! provider and language pair, in `term_glossaries` (this module is its only writer).
//!
//! A run asks [`sync`] once per language pair before its first request: the glossary is reused
//! while the entries it was made from are unchanged (one request proves it still exists),
//! its dictionary replaced when they changed, and a glossary that vanished or that the provider
//! refuses to update is created anew, once; one whose pair has no entry left is deleted. Only `preferred` entries go into it, with their
//! first target variant: `do_not_translate` terms never reach the provider as text (they are
//! masked), and a forbidden target is not a translation.

use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter,
    sea_query::OnConflict,
};
use sha2::{Digest, Sha256};
use time::OffsetDateTime;
use wordmark_core::terms::{TermEntry, TermKind};
use wordmark_mt::{GlossaryDictionary, MtError, Provider};

use crate::db::entities::term_glossary;

/// DeepL's limit for one term, in bytes of UTF-8.
const MAX_TERM_BYTES: usize = 1024;

#[derive(Debug, thiserror::Error)]
pub enum GlossaryError {
    /// The provider refused to make or update the glossary (after the one new try).
    #[error(transparent)]
    Provider(#[from] MtError),
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// The glossary entries of a pair's termbase: each `preferred` entry's source term and its
/// first target, the first entry of a source term winning, and terms the provider cannot hold
/// (line breaks, tabs, over 1024 bytes) left out: the termbase's checks still cover them.
pub fn dictionary(
    source_lang: &str,
    target_lang: &str,
    entries: &[TermEntry],
) -> GlossaryDictionary {
    let fits = |term: &str| {
        !term.is_empty()
            && term.trim() == term
            && term.len() <= MAX_TERM_BYTES
            && !term.chars().any(char::is_control)
    };
    let mut pairs: Vec<(String, String)> = Vec::new();
    for entry in entries.iter().filter(|e| e.kind == TermKind::Preferred) {
        let Some(target) = entry.targets.first() else {
            continue;
        };
        if fits(&entry.source) && fits(target) && !pairs.iter().any(|(s, _)| *s == entry.source) {
            pairs.push((entry.source.clone(), target.clone()));
        }
    }
    GlossaryDictionary {
        source_lang: source_lang.to_owned(),
        target_lang: target_lang.to_owned(),
        entries: pairs,
    }
}

/// SHA-256 over the pair and the entries, each field ended by a byte no term holds.
fn hash(dictionary: &GlossaryDictionary) -> String {
    let mut digest = Sha256::new();
    for part in [&dictionary.source_lang, &dictionary.target_lang] {
        digest.update(part.as_bytes());
        digest.update([0]);
    }
    for (source, target) in &dictionary.entries {
        digest.update(source.as_bytes());
        digest.update([0]);
        digest.update(target.as_bytes());
        digest.update([0]);
    }
    hex::encode(digest.finalize())
}

/// The provider's glossary for the client's pair, made or brought up to date: `None` when the
/// provider has no glossaries or the termbase has no entry for one (a glossary made earlier
/// for the pair is then deleted, on the provider's side and here).
pub async fn sync(
    db: &impl ConnectionTrait,
    provider: &dyn Provider,
    client_id: i32,
    dictionary: &GlossaryDictionary,
    now: OffsetDateTime,
) -> Result<Option<String>, GlossaryError> {
    let Some(glossaries) = provider.glossaries() else {
        return Ok(None);
    };
    let kind = provider.kind().as_str();
    let stored = term_glossary::Entity::find()
        .filter(term_glossary::Column::ClientId.eq(client_id))
        .filter(term_glossary::Column::Provider.eq(kind))
        .filter(term_glossary::Column::SourceLang.eq(&dictionary.source_lang))
        .filter(term_glossary::Column::TargetLang.eq(&dictionary.target_lang))
        .one(db)
        .await?;
    if dictionary.entries.is_empty() {
        if let Some(unused) = stored {
            glossaries.delete(&unused.glossary_id).await?;
            term_glossary::Entity::delete_by_id(unused.id)
                .exec(db)
                .await?;
        }
        return Ok(None);
    }
    let wanted = hash(dictionary);
    if let Some(stored) = stored {
        let current = if stored.entries_hash == wanted {
            glossaries
                .holds(
                    &stored.glossary_id,
                    &dictionary.source_lang,
                    &dictionary.target_lang,
                )
                .await?
        } else {
            // Replaced in place; gone or refused: made anew below.
            match glossaries.replace(&stored.glossary_id, dictionary).await {
                Ok(()) => true,
                Err(MtError::NotFound { .. } | MtError::BadRequest { .. }) => false,
                Err(error) => return Err(error.into()),
            }
        };
        if current {
            save(
                db,
                client_id,
                kind,
                dictionary,
                &stored.glossary_id,
                &wanted,
                now,
            )
            .await?;
            return Ok(Some(stored.glossary_id));
        }
    }
    let name = format!(
        "Wordmark client {client_id} {} → {}",
        dictionary.source_lang, dictionary.target_lang
    );
    let id = glossaries.create(&name, dictionary).await?;
    save(db, client_id, kind, dictionary, &id, &wanted, now).await?;
    Ok(Some(id))
}

async fn save(
    db: &impl ConnectionTrait,
    client_id: i32,
    provider: &str,
    dictionary: &GlossaryDictionary,
    glossary_id: &str,
    entries_hash: &str,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    term_glossary::Entity::insert(term_glossary::ActiveModel {
        client_id: Set(client_id),
        provider: Set(provider.to_owned()),
        source_lang: Set(dictionary.source_lang.clone()),
        target_lang: Set(dictionary.target_lang.clone()),
        glossary_id: Set(glossary_id.to_owned()),
        entries_hash: Set(entries_hash.to_owned()),
        synced_at: Set(now),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([
            term_glossary::Column::ClientId,
            term_glossary::Column::Provider,
            term_glossary::Column::SourceLang,
            term_glossary::Column::TargetLang,
        ])
        .update_columns([
            term_glossary::Column::GlossaryId,
            term_glossary::Column::EntriesHash,
            term_glossary::Column::SyncedAt,
        ])
        .to_owned(),
    )
    .exec(db)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(source: &str, target: &str, kind: TermKind) -> TermEntry {
        TermEntry {
            source_lang: "en".into(),
            target_lang: "de".into(),
            source: source.into(),
            targets: vec![target.into(), "other".into()],
            kind,
            case_sensitive: false,
            part_of_speech: None,
            note: None,
        }
    }

    #[test]
    fn only_preferred_entries_with_their_first_target() {
        let entries = [
            entry("checkout", "Kasse", TermKind::Preferred),
            entry("cart", "Karre", TermKind::Forbidden),
            entry("Acme", "Acme", TermKind::DoNotTranslate),
            entry("checkout", "Bezahlen", TermKind::Preferred),
            entry("two\tparts", "x", TermKind::Preferred),
        ];
        let dictionary = dictionary("en", "de", &entries);
        assert_eq!(
            dictionary.entries,
            vec![("checkout".to_owned(), "Kasse".to_owned())]
        );
        let changed = super::dictionary("en", "de", &entries[1..]);
        assert_ne!(hash(&dictionary), hash(&changed));
        assert_eq!(hash(&dictionary), hash(&dictionary.clone()));
    }
}
