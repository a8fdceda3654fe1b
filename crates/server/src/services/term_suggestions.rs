//! Suggested entries from the client's brand: the company names of its rebranding projects
//! (display and legal name) as `do_not_translate` terms, for every language pair the client
//! translates (its jobs' pairs and its termbase's). Brand fonts' names are not terms. What
//! the termbase already has is not suggested. A unit of its own: it reads the termbase, the
//! translation jobs and the rebranding projects, and the translation owner reads the termbase.

use sea_orm::{ConnectionTrait, DbErr};
use wordmark_core::terms::{TermEntry, TermKind};

use crate::services::{rebranding, terminology, translation};

/// An entry to suggest, and where it comes from.
pub struct Suggestion {
    pub term: TermEntry,
    /// For people: `The legal name of the rebranding project "…"`.
    pub reason: String,
}

/// The suggestions for the client's termbase, each new to it.
pub async fn of_client(
    db: &impl ConnectionTrait,
    client_id: i32,
) -> Result<Vec<Suggestion>, DbErr> {
    let existing = terminology::all(db, client_id).await?;
    let mut pairs = translation::jobs::pairs_of_client(db, client_id).await?;
    pairs.extend(
        existing
            .iter()
            .map(|e| (e.source_lang.clone(), e.target_lang.clone())),
    );
    let projects = rebranding::of_client(db, client_id).await?;
    let mut suggestions: Vec<Suggestion> = Vec::new();
    for project in &projects {
        for (name, what) in [
            (&project.display_name, "display name"),
            (&project.legal_name, "legal name"),
        ] {
            for (source_lang, target_lang) in &pairs {
                let entry = TermEntry {
                    source_lang: source_lang.clone(),
                    target_lang: target_lang.clone(),
                    source: name.clone(),
                    targets: Vec::new(),
                    kind: TermKind::DoNotTranslate,
                    case_sensitive: true,
                    part_of_speech: Some("proper noun".into()),
                    note: Some(format!("Company name ({what} of the client's brand)")),
                };
                let Ok(entry) = entry.validated() else {
                    continue;
                };
                let known = existing.iter().any(|e| e.key() == entry.key())
                    || suggestions.iter().any(|s| s.term.key() == entry.key());
                if !known {
                    suggestions.push(Suggestion {
                        term: entry,
                        reason: format!(
                            "The {what} of the rebranding project \u{201c}{}\u{201d}",
                            project.display_name
                        ),
                    });
                }
            }
        }
    }
    Ok(suggestions)
}
