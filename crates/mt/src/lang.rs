//! Mapping WPML language codes (`en`, `pt-br`, `zh-hans`, …) to each provider's codes.

use crate::config::EnglishVariant;

/// Lower-cases and uses `-` as separator (`pt_BR` → `pt-br`).
fn normalize(code: &str) -> String {
    code.trim().to_ascii_lowercase().replace('_', "-")
}

/// The base language (`pt-br` → `pt`).
fn base(code: &str) -> String {
    let code = normalize(code);
    match code.split_once('-') {
        Some((base, _)) => base.to_owned(),
        None => code,
    }
}

/// Spanish variants DeepL serves as Latin American Spanish.
const LATIN_AMERICAN_SPANISH: &[&str] = &[
    "es-419", "es-mx", "es-ar", "es-co", "es-cl", "es-pe", "es-ve",
];

/// DeepL source codes are base languages only (`EN`, `PT`, `ZH`).
pub fn deepl_source(code: &str) -> String {
    match base(code).as_str() {
        // WPML's Norwegian is `no`; DeepL only knows Bokmål (`NB`).
        "no" => "NB".to_owned(),
        other => other.to_ascii_uppercase(),
    }
}

/// DeepL glossary codes: lower-case base languages (`pt-br` → `pt`; a `pt` glossary serves
/// both Portuguese targets).
pub fn deepl_glossary(code: &str) -> String {
    deepl_source(code).to_ascii_lowercase()
}

/// DeepL target codes: the variants DeepL distinguishes, otherwise the base language.
/// Plain `en`/`pt` are deprecated as DeepL targets, so they are always given a variant.
pub fn deepl_target(code: &str, english: EnglishVariant) -> String {
    let code = normalize(code);
    let mapped = match code.as_str() {
        "en-us" => "EN-US",
        "en-gb" => "EN-GB",
        "pt-br" => "PT-BR",
        "zh-hant" | "zh-tw" | "zh-hk" | "zh-mo" => "ZH-HANT",
        c if c == "zh" || c.starts_with("zh-") => "ZH-HANS",
        c if LATIN_AMERICAN_SPANISH.contains(&c) => "ES-419",
        c if c == "pt" || c.starts_with("pt-") => "PT-PT",
        c if c == "en" || c.starts_with("en-") => match english {
            EnglishVariant::British => "EN-GB",
            EnglishVariant::American => "EN-US",
        },
        _ => return deepl_source(&code),
    };
    mapped.to_owned()
}

/// Google Cloud Translation codes (BCP-47-like: `zh-CN`, `zh-TW`, `pt` is Brazilian, `pt-PT`).
pub fn google(code: &str) -> String {
    let code = normalize(code);
    let mapped = match code.as_str() {
        "zh-hant" | "zh-tw" | "zh-hk" | "zh-mo" => "zh-TW",
        c if c == "zh" || c.starts_with("zh-") => "zh-CN",
        "pt-pt" => "pt-PT",
        // Google's Hebrew is still `iw` in many places but `he` is accepted; keep WPML's.
        _ => return base(&code),
    };
    mapped.to_owned()
}

/// LibreTranslate codes: base languages, plus `zh-Hant` for traditional Chinese.
pub fn libretranslate(code: &str) -> String {
    let code = normalize(code);
    match code.as_str() {
        "zh-hant" | "zh-tw" | "zh-hk" | "zh-mo" => "zh-Hant".to_owned(),
        _ => base(&code),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use EnglishVariant::{American, British};

    #[test]
    fn deepl_targets() {
        let table = [
            ("en", British, "EN-GB"),
            ("en", American, "EN-US"),
            ("en-us", British, "EN-US"),
            ("EN_GB", American, "EN-GB"),
            ("en-au", American, "EN-US"),
            ("pt", British, "PT-PT"),
            ("pt-pt", British, "PT-PT"),
            ("pt-br", British, "PT-BR"),
            ("zh", British, "ZH-HANS"),
            ("zh-hans", British, "ZH-HANS"),
            ("zh-hant", British, "ZH-HANT"),
            ("es", British, "ES"),
            ("es-419", British, "ES-419"),
            ("es-mx", British, "ES-419"),
            ("de", British, "DE"),
            ("de-ch", British, "DE"),
            ("no", British, "NB"),
            ("nb", British, "NB"),
        ];
        for (wpml, english, expected) in table {
            assert_eq!(deepl_target(wpml, english), expected, "{wpml}");
        }
    }

    #[test]
    fn deepl_sources_are_base_languages() {
        for (wpml, expected) in [
            ("en-us", "EN"),
            ("pt-br", "PT"),
            ("zh-hans", "ZH"),
            ("de", "DE"),
            ("no", "NB"),
        ] {
            assert_eq!(deepl_source(wpml), expected, "{wpml}");
        }
    }

    #[test]
    fn google_and_libretranslate_codes() {
        for (wpml, expected) in [
            ("zh-hans", "zh-CN"),
            ("zh-hant", "zh-TW"),
            ("pt-br", "pt"),
            ("pt-pt", "pt-PT"),
            ("en-us", "en"),
            ("fr", "fr"),
        ] {
            assert_eq!(google(wpml), expected, "{wpml}");
        }
        for (wpml, expected) in [
            ("zh-hans", "zh"),
            ("zh-hant", "zh-Hant"),
            ("pt-br", "pt"),
            ("de", "de"),
        ] {
            assert_eq!(libretranslate(wpml), expected, "{wpml}");
        }
    }
}
