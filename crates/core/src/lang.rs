//! Language codes in the form WPML writes them (`de`, `pt-br`, `zh-hans`), so codes from
//! WPML, other CAT tools (`pt-BR`, `zh_Hans`, `en-US`, `de-DE`) and users compare equal
//! everywhere: every import (XLIFF, TMX, termbases), every lookup (memory, terms, MT
//! glossaries) and every filter goes through [`normalize`].

/// The regional languages WPML has as languages of their own (its language list names
/// Portuguese and Chinese twice, every other language once, without a region).
const WPML_REGIONAL: [&str; 4] = ["pt-br", "pt-pt", "zh-hans", "zh-hant"];

/// Normalises a language code to WPML's form: trimmed, lower case, `-` as separator, and any
/// region other tools add dropped (`en-US` → `en`, `de_DE` → `de`), except for WPML's own
/// regional languages ([`WPML_REGIONAL`], also with a region after them: `zh-Hans-CN`);
/// Chinese with a region becomes WPML's Chinese of that region's script (`zh-CN` →
/// `zh-hans`, `zh-TW` → `zh-hant`).
pub fn normalize(code: &str) -> String {
    let code = code.trim().to_ascii_lowercase().replace('_', "-");
    if let Some(regional) = WPML_REGIONAL.iter().find(|regional| {
        code.strip_prefix(**regional)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('-'))
    }) {
        return (*regional).to_owned();
    }
    match code.as_str() {
        "zh-cn" | "zh-sg" => "zh-hans".into(),
        "zh-tw" | "zh-hk" | "zh-mo" => "zh-hant".into(),
        _ => match code.split_once('-') {
            Some((language, _region)) => language.to_owned(),
            None => code,
        },
    }
}

/// The languages WPML offers, in the form [`normalize`] gives (its regional variants such as
/// `de-at` or `en-us` reduce to their language, as every import and lookup reduces them).
const WPML_LANGUAGES: &[&str] = &[
    "af", "am", "ar", "az", "be", "bg", "bn", "bs", "ca", "cs", "cy", "da", "de", "el", "en", "eo",
    "es", "et", "eu", "fa", "fi", "fil", "fr", "ga", "gl", "gu", "he", "hi", "hr", "hu", "hy",
    "id", "is", "it", "ja", "ka", "kk", "km", "kn", "ko", "ku", "ky", "la", "lo", "lt", "lv", "mk",
    "ml", "mn", "mo", "mr", "ms", "mt", "my", "nb", "ne", "nl", "nn", "no", "pa", "pl", "ps", "pt",
    "pt-br", "pt-pt", "qu", "ro", "ru", "si", "sk", "sl", "so", "sq", "sr", "sv", "sw", "ta", "te",
    "tg", "th", "tk", "tl", "tr", "uk", "ur", "uz", "vi", "yi", "zh", "zh-hans", "zh-hant", "zu",
];

/// Whether `code` names a language WPML offers, once normalised: what a form that takes a
/// language (a translator's pairs) accepts.
pub fn is_known(code: &str) -> bool {
    WPML_LANGUAGES.contains(&normalize(code).as_str())
}

#[cfg(test)]
mod tests {
    use super::{WPML_LANGUAGES, is_known, normalize};

    #[test]
    fn codes_take_wpml_form() {
        for (code, expected) in [
            ("de", "de"),
            ("pt-BR", "pt-br"),
            ("pt-br", "pt-br"),
            ("PT_pt", "pt-pt"),
            ("zh_Hans", "zh-hans"),
            ("zh-Hans-CN", "zh-hans"),
            ("zh-hant", "zh-hant"),
            ("zh-CN", "zh-hans"),
            ("zh-TW", "zh-hant"),
            ("zh", "zh"),
            ("en-us", "en"),
            ("en-US", "en"),
            ("EN_GB", "en"),
            ("de-DE", "de"),
            ("es-ES", "es"),
            ("es-419", "es"),
            ("sr-Latn-RS", "sr"),
            ("pt", "pt"),
            ("pt-AO", "pt"),
            (" fr ", "fr"),
            ("*all*", "*all*"),
            ("", ""),
        ] {
            assert_eq!(normalize(code), expected, "{code}");
        }
    }

    #[test]
    fn normalising_twice_changes_nothing() {
        for code in ["en-US", "zh-TW", "pt_BR", "zh-Hans-CN", "de", "x-klingon"] {
            let once = normalize(code);
            assert_eq!(normalize(&once), once, "{code}");
        }
    }

    #[test]
    fn known_languages_are_wpml_s_in_normal_form() {
        for code in WPML_LANGUAGES {
            assert_eq!(&normalize(code), code);
        }
        for code in ["de", "DE-at", "en_US", "pt-BR", "zh-CN", "fil"] {
            assert!(is_known(code), "{code}");
        }
        for code in ["", "xx", "klingon", "*all*"] {
            assert!(!is_known(code), "{code}");
        }
    }
}
