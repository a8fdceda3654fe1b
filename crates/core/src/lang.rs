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

#[cfg(test)]
mod tests {
    use super::normalize;

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
}
