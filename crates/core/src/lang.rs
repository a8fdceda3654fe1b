//! Language codes in the form WPML writes them (`de`, `pt-br`, `zh-hans`), so codes from
//! WPML, other CAT tools (`pt-BR`, `zh_Hans`, `en-US`) and users compare equal everywhere.

/// Normalises a language code to WPML's form: trimmed, lower case, `-` as separator.
pub fn normalize(code: &str) -> String {
    code.trim().to_ascii_lowercase().replace('_', "-")
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
            ("zh_Hans", "zh-hans"),
            ("zh-hant", "zh-hant"),
            ("en-us", "en-us"),
            ("EN_GB", "en-gb"),
            (" fr ", "fr"),
            ("", ""),
        ] {
            assert_eq!(normalize(code), expected, "{code}");
        }
    }
}
