//! Quality checks on a corrected target, per segment.
//!
//! One check refuses: the target's markup must carry the source's tags (a broken tag would
//! break the page or WPML's import), so such a correction is not taken and the previous target
//! stays. Everything else only warns, because a reviewer may have good reasons (a number
//! written out, a deliberately short title, a brand name left untranslated).

use serde::Serialize;

use crate::field::FieldKind;
use crate::segment::{Markup, Segment, Shortcodes};
use crate::terms::{self, TermIndex};

/// Below this source length (characters of plain text) the length ratio says nothing.
const RATIO_MIN_SOURCE_CHARS: usize = 20;
const RATIO_MIN: f64 = 0.3;
const RATIO_MAX: f64 = 3.0;

/// About what search engines show of a title and a description before cutting them off.
pub const SEO_TITLE_MAX_CHARS: usize = 60;
pub const SEO_DESCRIPTION_MAX_CHARS: usize = 160;

/// The verdict on one target.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct QaOutcome {
    /// Why the target cannot be taken, if it cannot.
    pub refusal: Option<String>,
    pub warnings: Vec<QaWarning>,
}

impl QaOutcome {
    pub fn is_refused(&self) -> bool {
        self.refusal.is_some()
    }
}

/// Something worth a second look, not blocking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum QaWarning {
    /// The target is empty (or only whitespace) while the source is not.
    EmptyTarget,
    /// Numbers of the source that the target does not contain, as written in the source.
    MissingNumbers { numbers: Vec<String> },
    /// Whitespace at the start and/or end differs from the source's.
    WhitespaceChanged { leading: bool, trailing: bool },
    /// The target is the source, unchanged.
    Untranslated,
    /// The target is much shorter or longer than the source (plain-text characters).
    LengthRatio {
        source_chars: usize,
        target_chars: usize,
    },
    /// A termbase's source term is in the source, none of its target variants in the target.
    Term { source: String, target: String },
    /// A target variant the termbase forbids is in the target.
    ForbiddenTerm { term: String },
    /// A `do_not_translate` term of the source is not in the target as written.
    DntChanged { term: String },
    /// An SEO title or description longer than search engines show (plain-text characters).
    TooLong { chars: usize, limit: usize },
    /// A slug with capitals or spaces: WordPress would change it, and the address with it.
    NotASlug,
}

impl QaWarning {
    pub fn message(&self) -> String {
        self.to_string()
    }
}

impl std::fmt::Display for QaWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            QaWarning::EmptyTarget => f.write_str("the translation is empty"),
            QaWarning::MissingNumbers { numbers } => write!(
                f,
                "numbers of the source missing from the translation: {}",
                numbers.join(", ")
            ),
            QaWarning::WhitespaceChanged { leading, trailing } => {
                let edges = match (leading, trailing) {
                    (true, true) => "leading and trailing",
                    (true, false) => "leading",
                    _ => "trailing",
                };
                write!(f, "{edges} whitespace differs from the source")
            }
            QaWarning::Untranslated => f.write_str("the translation is identical to the source"),
            QaWarning::LengthRatio {
                source_chars,
                target_chars,
            } => write!(
                f,
                "the translation has {target_chars} characters for {source_chars} in the source"
            ),
            QaWarning::Term { source, target } => {
                write!(
                    f,
                    "the termbase translates \u{201c}{source}\u{201d} as \u{201c}{target}\u{201d}"
                )
            }
            QaWarning::ForbiddenTerm { term } => {
                write!(f, "the termbase forbids \u{201c}{term}\u{201d}")
            }
            QaWarning::DntChanged { term } => {
                write!(
                    f,
                    "\u{201c}{term}\u{201d} must stay as it is (do not translate)"
                )
            }
            QaWarning::TooLong { chars, limit } => {
                write!(f, "{chars} characters: search engines show about {limit}")
            }
            QaWarning::NotASlug => f.write_str("a slug must stay lower case, without spaces"),
        }
    }
}

/// Checks `target` against `source`, both content in the given markup, any bracketed name
/// taken as a shortcode ([`check_with`] takes a file's list).
pub fn check(source: &str, target: &str, markup: Markup) -> QaOutcome {
    check_with(source, target, markup, &Shortcodes::Any)
}

/// Checks `target` against `source`, both content in the given markup, with the file's
/// registered `shortcodes` (a bracketed word that is not one is text, never an added tag).
///
/// An empty target is only warned about (its markup is not checked): it means "not
/// translated yet", not "tags deleted".
pub fn check_with(
    source: &str,
    target: &str,
    markup: Markup,
    shortcodes: &Shortcodes,
) -> QaOutcome {
    check_with_terms(source, target, markup, shortcodes, None)
}

/// [`check_with`] plus the termbase's checks ([`crate::terms::check`]) when there is one,
/// over the same parse of both sides.
pub fn check_with_terms(
    source: &str,
    target: &str,
    markup: Markup,
    shortcodes: &Shortcodes,
    terms: Option<&TermIndex>,
) -> QaOutcome {
    let source_segment = Segment::parse_with(source, markup, shortcodes);
    let source_text = source_segment.plain_text(markup);
    if target.trim().is_empty() {
        let warnings = if source_text.trim().is_empty() {
            Vec::new()
        } else {
            vec![QaWarning::EmptyTarget]
        };
        return QaOutcome {
            refusal: None,
            warnings,
        };
    }
    let target_segment = Segment::parse_with(target, markup, shortcodes);
    let target_text = target_segment.plain_text(markup);
    let refusal = source_segment
        .check_markup(&target_segment)
        .err()
        .map(|e| e.to_string());

    let mut warnings = Vec::new();
    let numbers = missing_numbers(&source_text, &target_text);
    if !numbers.is_empty() {
        warnings.push(QaWarning::MissingNumbers { numbers });
    }
    let leading = leading_whitespace(&source_text) != leading_whitespace(&target_text);
    let trailing = trailing_whitespace(&source_text) != trailing_whitespace(&target_text);
    if leading || trailing {
        warnings.push(QaWarning::WhitespaceChanged { leading, trailing });
    }
    // Tag-only and number-only segments are rightly left as they are.
    if source == target && source_text.chars().any(char::is_alphabetic) {
        warnings.push(QaWarning::Untranslated);
    }
    let source_chars = source_text.trim().chars().count();
    let target_chars = target_text.trim().chars().count();
    if source_chars >= RATIO_MIN_SOURCE_CHARS {
        let ratio = target_chars as f64 / source_chars as f64;
        if !(RATIO_MIN..=RATIO_MAX).contains(&ratio) {
            warnings.push(QaWarning::LengthRatio {
                source_chars,
                target_chars,
            });
        }
    }
    if let Some(index) = terms {
        let source_terms = terms::term_text(&source_segment, markup);
        let target_terms = terms::term_text(&target_segment, markup);
        warnings.extend(terms::check(index, &source_terms, &target_terms));
    }
    QaOutcome { refusal, warnings }
}

/// The checks a field's kind asks for (see [`crate::field`]): SEO titles and descriptions
/// within what search engines show, a slug still a slug. An empty target has none (it is
/// reported as empty already).
pub fn check_field(kind: FieldKind, target: &str, markup: Markup) -> Vec<QaWarning> {
    let text = Segment::parse(target, markup).plain_text(markup);
    let text = text.trim();
    if text.is_empty() {
        return Vec::new();
    }
    let limit = match kind {
        FieldKind::SeoTitle => SEO_TITLE_MAX_CHARS,
        FieldKind::SeoDescription => SEO_DESCRIPTION_MAX_CHARS,
        FieldKind::Slug if text.chars().any(|c| c.is_uppercase() || c.is_whitespace()) => {
            return vec![QaWarning::NotASlug];
        }
        _ => return Vec::new(),
    };
    let chars = text.chars().count();
    if chars > limit {
        vec![QaWarning::TooLong { chars, limit }]
    } else {
        Vec::new()
    }
}

fn leading_whitespace(text: &str) -> &str {
    &text[..text.len() - text.trim_start().len()]
}

fn trailing_whitespace(text: &str) -> &str {
    &text[text.trim_end().len()..]
}

/// Numbers of `source` that `target` lacks, each as often as it is missing. Numbers compare by
/// their digits, so `1,000.50` matches `1.000,50` and `05` matches `5`.
fn missing_numbers(source: &str, target: &str) -> Vec<String> {
    let mut available: Vec<String> = numbers(target).map(|(_, digits)| digits).collect();
    let mut missing = Vec::new();
    for (written, digits) in numbers(source) {
        match available.iter().position(|d| *d == digits) {
            Some(index) => {
                available.swap_remove(index);
            }
            None => missing.push(written.to_owned()),
        }
    }
    missing
}

/// Each number as written, with its digits (leading zeros dropped). Group and decimal
/// separators (`.`, `,`, `'`, thin and no-break spaces) count only between digits.
fn numbers(text: &str) -> impl Iterator<Item = (&str, String)> {
    const SEPARATORS: [char; 5] = ['.', ',', '\'', '\u{a0}', '\u{202f}'];
    let mut rest = text;
    std::iter::from_fn(move || {
        let start = rest.find(|c: char| c.is_ascii_digit())?;
        let mut end = start;
        let mut chars = rest[start..].char_indices().peekable();
        while let Some((offset, c)) = chars.next() {
            let next_is_digit = chars.peek().is_some_and(|(_, n)| n.is_ascii_digit());
            if c.is_ascii_digit() {
                end = start + offset + 1;
            } else if !(SEPARATORS.contains(&c) && next_is_digit) {
                break;
            }
        }
        let written = &rest[start..end];
        rest = &rest[end..];
        let digits: String = written.chars().filter(char::is_ascii_digit).collect();
        let trimmed = digits.trim_start_matches('0');
        let digits = if trimmed.is_empty() { "0" } else { trimmed };
        Some((written, digits.to_owned()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn warnings(source: &str, target: &str) -> Vec<QaWarning> {
        let outcome = check(source, target, Markup::Html);
        assert_eq!(outcome.refusal, None);
        outcome.warnings
    }

    #[test]
    fn a_good_translation_passes() {
        assert_eq!(
            check(
                "<p>Opening hours: <b>9</b> to 17.</p>",
                "<p>Öffnungszeiten: <b>9</b> bis 17 Uhr.</p>",
                Markup::Html
            ),
            QaOutcome::default()
        );
    }

    #[test]
    fn broken_markup_is_refused_with_its_reason() {
        let outcome = check(
            r#"Read <a href="/terms">the terms</a>."#,
            "Lesen Sie die Bedingungen.",
            Markup::Html,
        );
        assert!(outcome.is_refused());
        let reason = outcome.refusal.unwrap();
        assert!(reason.contains(r#"<a href="/terms">"#), "{reason}");
    }

    #[test]
    fn bracketed_words_are_text_when_the_file_lists_its_shortcodes() {
        let source = r#"[gallery ids="1"] Note: see the manual."#;
        let target = r#"[gallery ids="1"] [Hinweis] siehe [CS] Handbuch."#;
        let listed = Shortcodes::from_list("caption,gallery");
        assert_eq!(
            check_with(source, target, Markup::Html, &listed).refusal,
            None
        );
        // A listed shortcode is still a tag that must be kept.
        assert!(check_with(source, "Hinweis: siehe Handbuch.", Markup::Html, &listed).is_refused());
        // Without a list, any bracketed word is a shortcode.
        assert_eq!(
            check(source, target, Markup::Html).refusal.as_deref(),
            Some("tag [Hinweis] was added")
        );
    }

    #[test]
    fn xliff_inline_elements_are_checked_too() {
        let outcome = check(
            r#"Click <g id="1">here</g>."#,
            "Klicken Sie hier.",
            Markup::Xliff,
        );
        assert!(outcome.is_refused());
    }

    #[test]
    fn missing_numbers_are_named_as_written() {
        assert_eq!(
            warnings(
                "Save 25% on 1,000.50 EUR until 2026.",
                "Sparen Sie 25 % auf 1.000,50 EUR."
            ),
            [QaWarning::MissingNumbers {
                numbers: vec!["2026".into()]
            }]
        );
        // Each occurrence counts.
        assert_eq!(
            warnings("1 + 1", "1 plus eins"),
            [QaWarning::MissingNumbers {
                numbers: vec!["1".into()]
            }]
        );
        assert_eq!(warnings("On 05 May", "Am 5. Mai"), []);
    }

    #[test]
    fn an_empty_target_only_warns_even_when_tags_are_missing() {
        let outcome = check("<b>Hello</b>", "  ", Markup::Html);
        assert_eq!(outcome.refusal, None);
        assert_eq!(outcome.warnings, [QaWarning::EmptyTarget]);
        assert_eq!(check("", "", Markup::Html), QaOutcome::default());
    }

    #[test]
    fn changed_edge_whitespace_is_reported() {
        assert_eq!(
            warnings(" Hello", "Hallo "),
            [QaWarning::WhitespaceChanged {
                leading: true,
                trailing: true
            }]
        );
        assert_eq!(
            warnings("Hello ", "Hallo"),
            [QaWarning::WhitespaceChanged {
                leading: false,
                trailing: true
            }]
        );
        // `&nbsp;` is decoded before comparing, so it counts as whitespace like in the browser.
        assert_eq!(warnings("Hello&nbsp;", "Hallo\u{a0}"), []);
    }

    #[test]
    fn an_unchanged_target_is_untranslated_unless_it_has_no_words() {
        assert_eq!(
            warnings("Contact us", "Contact us"),
            [QaWarning::Untranslated]
        );
        assert_eq!(warnings("<br/>", "<br/>"), []);
        assert_eq!(warnings("2026", "2026"), []);
        assert_eq!(warnings("<b>42</b> %", "<b>42</b> %"), []);
    }

    #[test]
    fn lengths_far_apart_are_reported_for_longer_sources() {
        let source = "This sentence is long enough to judge.";
        assert_eq!(
            warnings(source, "Kurz."),
            [QaWarning::LengthRatio {
                source_chars: 38,
                target_chars: 5
            }]
        );
        assert!(matches!(
            warnings(source, "Sehr lang. ".repeat(12).trim_end()).as_slice(),
            [QaWarning::LengthRatio { .. }]
        ));
        assert_eq!(warnings("Short title", "T"), []);
    }

    #[test]
    fn seo_fields_warn_past_what_search_engines_show() {
        let title = "T".repeat(SEO_TITLE_MAX_CHARS);
        assert_eq!(check_field(FieldKind::SeoTitle, &title, Markup::Html), []);
        assert_eq!(
            check_field(FieldKind::SeoTitle, &format!("{title}é"), Markup::Html),
            [QaWarning::TooLong {
                chars: 61,
                limit: SEO_TITLE_MAX_CHARS
            }]
        );
        // Characters of the text, not bytes or markup: an entity is one character.
        let description = format!("<b>{}</b>&amp;", "ä".repeat(159));
        assert_eq!(
            check_field(FieldKind::SeoDescription, &description, Markup::Html),
            []
        );
        assert_eq!(
            check_field(
                FieldKind::SeoDescription,
                &format!("{description}!"),
                Markup::Html
            ),
            [QaWarning::TooLong {
                chars: 161,
                limit: SEO_DESCRIPTION_MAX_CHARS
            }]
        );
        assert_eq!(
            check_field(FieldKind::Title, &title.repeat(3), Markup::Html),
            []
        );
        assert_eq!(
            QaWarning::TooLong {
                chars: 72,
                limit: 60
            }
            .message(),
            "72 characters: search engines show about 60"
        );
    }

    #[test]
    fn a_slug_must_stay_a_slug() {
        assert_eq!(check_field(FieldKind::Slug, "ueber-uns", Markup::Html), []);
        assert_eq!(check_field(FieldKind::Slug, "über-uns", Markup::Html), []);
        for bad in ["Ueber-uns", "ueber uns", "ÜBER"] {
            assert_eq!(
                check_field(FieldKind::Slug, bad, Markup::Html),
                [QaWarning::NotASlug],
                "{bad}"
            );
        }
        assert_eq!(check_field(FieldKind::Slug, "  ", Markup::Html), []);
        assert_eq!(check_field(FieldKind::Body, "Über uns", Markup::Html), []);
    }

    #[test]
    fn warnings_serialise_with_their_kind_and_read_as_sentences() {
        let warning = QaWarning::MissingNumbers {
            numbers: vec!["12".into()],
        };
        assert_eq!(
            serde_json::to_value(&warning).unwrap(),
            serde_json::json!({"kind": "missing_numbers", "numbers": ["12"]})
        );
        assert_eq!(
            warning.message(),
            "numbers of the source missing from the translation: 12"
        );
    }
}
