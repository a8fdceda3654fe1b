//! People's names and e-mail addresses: the one check of each (accounts, invitations, review
//! links) and the one way a person's name is written out. Both end up in mail headers, where a
//! line break cannot be written at all, and on pages and in mails where a bidirectional
//! override (U+202E) would reverse what follows it; so they are refused where they are entered,
//! with the field named.

/// The longest first or last name, and the longest name of a review link's reviewer.
pub const NAME_MAX_CHARS: usize = 100;
/// The longest e-mail address SMTP can carry (RFC 5321's path limit less its brackets).
pub const EMAIL_MAX_CHARS: usize = 254;

/// A person's name as others see it (the author of a client or a project, a reviewer): the
/// name alone, never the account it belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonName {
    pub first_name: String,
    pub last_name: String,
}

/// What is wrong with a name or an address, naming the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FieldError {
    #[error("The field {0} must not be empty.")]
    Empty(&'static str),
    #[error("The field {field} must have at most {max} characters.")]
    TooLong { field: &'static str, max: usize },
    #[error(
        "The field {0} must not contain line breaks, other control characters or bidirectional \
         formatting characters."
    )]
    ControlCharacter(&'static str),
    #[error("The field {field} is not an e-mail address: \"{value}\".")]
    NotAnAddress { field: &'static str, value: String },
}

/// Control characters (line breaks among them), the Unicode line and paragraph separators, and
/// the characters that change the direction of the text after them.
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{2028}' | '\u{2029}' | '\u{202a}'
                ..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

/// `value` trimmed, when it is a name `field` may hold: not empty, at most
/// [`NAME_MAX_CHARS`], no [unsafe](is_unsafe) characters.
pub fn name(field: &'static str, value: &str) -> Result<String, FieldError> {
    let value = value.trim();
    if value.is_empty() {
        return Err(FieldError::Empty(field));
    }
    if value.chars().count() > NAME_MAX_CHARS {
        return Err(FieldError::TooLong {
            field,
            max: NAME_MAX_CHARS,
        });
    }
    if value.chars().any(is_unsafe) {
        return Err(FieldError::ControlCharacter(field));
    }
    Ok(value.to_owned())
}

/// `value` trimmed, when it is an address SMTP can send to (`local@domain`, at most
/// [`EMAIL_MAX_CHARS`]); the domain needs a dot, since a mail to a bare host name never
/// leaves the server.
pub fn email(field: &'static str, value: &str) -> Result<String, FieldError> {
    let value = value.trim();
    if value.is_empty() {
        return Err(FieldError::Empty(field));
    }
    if value.chars().count() > EMAIL_MAX_CHARS {
        return Err(FieldError::TooLong {
            field,
            max: EMAIL_MAX_CHARS,
        });
    }
    let not_an_address = || FieldError::NotAnAddress {
        field,
        value: value.to_owned(),
    };
    let address: lettre::Address = value.parse().map_err(|_| not_an_address())?;
    let domain = address.domain();
    if !domain.contains('.') || domain.starts_with('.') || domain.ends_with('.') {
        return Err(not_an_address());
    }
    Ok(value.to_owned())
}

/// A person's name as mails, lists and the audit log show it: the first name, then the last,
/// either left out when blank.
pub fn full_name(first: &str, last: &str) -> String {
    match (first.trim(), last.trim()) {
        (first, "") => first.to_owned(),
        ("", last) => last.to_owned(),
        (first, last) => format!("{first} {last}"),
    }
}

/// The name a person's own act is signed with (a request, a quote's answer): their full name, or
/// their username when they gave no name.
pub fn signature(first: &str, last: &str, username: &str) -> String {
    Some(full_name(first, last))
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| username.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_refuse_line_breaks_bidi_overrides_and_length() {
        assert_eq!(name("first_name", "  Kim ").unwrap(), "Kim");
        assert_eq!(name("first_name", "José Ñúñez").unwrap(), "José Ñúñez");
        for bad in [
            "Kim\nLee",
            "Kim\rLee",
            "Kim\u{202e}eeL",
            "Kim\u{2066}",
            "a\u{7}",
        ] {
            assert_eq!(
                name("first_name", bad),
                Err(FieldError::ControlCharacter("first_name")),
                "{bad:?}"
            );
        }
        assert_eq!(name("last_name", " "), Err(FieldError::Empty("last_name")));
        assert!(name("first_name", &"x".repeat(NAME_MAX_CHARS)).is_ok());
        let long = name("first_name", &"x".repeat(NAME_MAX_CHARS + 1)).unwrap_err();
        assert!(long.to_string().contains("first_name"), "{long}");
    }

    #[test]
    fn addresses_are_checked_one_way() {
        assert_eq!(
            email("email", " kim@example.com ").unwrap(),
            "kim@example.com"
        );
        for bad in [
            "kim",
            "kim@",
            "@example.com",
            "kim@localhost",
            "kim@example.",
            "kim lee@example.com",
            "kim@example.com\nBcc: x@example.com",
            "a@b@example.com",
        ] {
            assert!(
                matches!(email("email", bad), Err(FieldError::NotAnAddress { .. })),
                "{bad:?}"
            );
        }
        let long = format!("{}@example.com", "k".repeat(250));
        assert!(matches!(
            email("email", &long),
            Err(FieldError::TooLong { .. })
        ));
    }

    #[test]
    fn a_full_name_leaves_out_a_blank_part() {
        assert_eq!(full_name("Kim", "Lee"), "Kim Lee");
        assert_eq!(full_name("Kim", " "), "Kim");
        assert_eq!(full_name("", "Lee"), "Lee");
    }

    #[test]
    fn a_signature_falls_back_to_the_username_without_a_name() {
        assert_eq!(signature("", " ", "kim"), "kim");
        assert_eq!(signature("Kim", "", "kim"), "Kim");
    }
}
