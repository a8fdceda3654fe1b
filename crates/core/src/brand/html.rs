//! Small helpers shared by the HTML files of the package.

use quick_xml::escape::escape;

/// Text for HTML element content and quoted attribute values.
pub(crate) fn text(value: &str) -> String {
    escape(value.trim()).into_owned()
}

/// A `mailto:` link target, or `None` for something that is not a plain address (which is then
/// shown as text only rather than risking a broken or abused link).
pub(crate) fn mailto(email: &str) -> Option<String> {
    let email = email.trim();
    let plain = email.contains('@')
        && !email
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || "<>\"'?&:;,()[]\\".contains(c));
    plain.then(|| format!("mailto:{}", text(email)))
}

/// A `tel:` link target: digits and a leading `+` only (spaces and punctuation are dropped, and
/// the national trunk prefix written as "(0)" after a country code, as in "+49 (0)30 …").
pub(crate) fn tel(phone: &str) -> Option<String> {
    let phone = phone.trim();
    let phone = if phone.starts_with('+') {
        phone.replace("(0)", "")
    } else {
        phone.to_owned()
    };
    let digits: String = phone
        .chars()
        .enumerate()
        .filter(|&(i, c)| c.is_ascii_digit() || (i == 0 && c == '+'))
        .map(|(_, c)| c)
        .collect();
    (digits.chars().filter(char::is_ascii_digit).count() >= 3).then(|| format!("tel:{digits}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(text(" Müller & <Söhne> "), "Müller &amp; &lt;Söhne&gt;");
    }

    #[test]
    fn links_only_plain_addresses_and_numbers() {
        assert_eq!(
            mailto("info@café.de").as_deref(),
            Some("mailto:info@café.de")
        );
        assert_eq!(mailto("javascript:alert(1)//@x"), None);
        assert_eq!(mailto("no address"), None);
        assert_eq!(tel("+49 (0)30 123-45").as_deref(), Some("tel:+493012345"));
        assert_eq!(tel("n/a"), None);
    }
}
