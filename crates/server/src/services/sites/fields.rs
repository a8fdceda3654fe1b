//! What a site's form may hold: checked here, before anything is stored or any site called.

use reqwest::Url;

use super::SiteError;

pub const NAME_MAX_CHARS: usize = 200;
/// WordPress's own limit on `user_login`.
pub const USERNAME_MAX_CHARS: usize = 60;
pub const URL_MAX_CHARS: usize = 2000;
/// WordPress makes application passwords of 24 letters and digits and shows them in groups of
/// four separated by spaces; it accepts them with or without the spaces.
const PASSWORD_CHARS: usize = 24;

/// A one-line text field: trimmed, not empty, at most `max` characters, no control characters.
pub fn line(label: &str, value: &str, max: usize) -> Result<String, SiteError> {
    let value = value.trim();
    if value.is_empty() {
        return Err(SiteError::Invalid(format!("The {label} is missing.")));
    }
    if value.chars().count() > max {
        return Err(SiteError::Invalid(format!(
            "The {label} is longer than {max} characters."
        )));
    }
    if value.chars().any(char::is_control) {
        return Err(SiteError::Invalid(format!(
            "The {label} contains a line break or another control character."
        )));
    }
    Ok(value.to_owned())
}

/// The site's address as the routes are built from it: `http(s)://host[:port][/folder]`, with
/// no trailing slash, no user, query or fragment.
pub fn url(value: &str) -> Result<String, SiteError> {
    let text = line("site address", value, URL_MAX_CHARS)?;
    let invalid = |why: &str| SiteError::Invalid(format!("The site address {text} {why}."));
    let parsed = Url::parse(&text).map_err(|_| {
        invalid("is not a web address (it starts with https:// and names the site's host)")
    })?;
    if !matches!(parsed.scheme(), "https" | "http") {
        return Err(invalid("does not start with https://"));
    }
    if parsed.host_str().is_none_or(str::is_empty) {
        return Err(invalid("names no host"));
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err(invalid(
            "carries a user name or password: enter them in their own fields",
        ));
    }
    if parsed.query().is_some() || parsed.fragment().is_some() {
        return Err(invalid(
            "has a query or fragment (?…, #…): give the site's home address",
        ));
    }
    Ok(parsed.as_str().trim_end_matches('/').to_owned())
}

/// The host of an address `url` accepted (a site's name when none is given), with its port
/// when it has one: two sites on one host differ by it.
pub fn host_of(url: &str) -> String {
    let parsed = Url::parse(url).expect("an address `url` accepted");
    let host = parsed.host_str().unwrap_or_default();
    match parsed.port() {
        Some(port) => format!("{host}:{port}"),
        None => host.to_owned(),
    }
}

/// An application password without its spaces.
pub fn password(value: &str) -> Result<String, SiteError> {
    let plain: String = value.chars().filter(|c| !c.is_whitespace()).collect();
    if plain.chars().count() != PASSWORD_CHARS || !plain.chars().all(|c| c.is_ascii_alphanumeric())
    {
        return Err(SiteError::Invalid(
            "An application password is 24 letters and digits, as WordPress shows it under Users → Profile → Application Passwords (the spaces between its groups of four may be left in).".into(),
        ));
    }
    Ok(plain)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_kept_as_the_routes_need_them() {
        assert_eq!(
            url(" https://Example.com/ ").unwrap(),
            "https://example.com"
        );
        assert_eq!(
            url("https://example.com/blog/").unwrap(),
            "https://example.com/blog"
        );
        assert_eq!(
            url("http://127.0.0.1:8080").unwrap(),
            "http://127.0.0.1:8080"
        );
        for bad in [
            "example.com",
            "ftp://example.com",
            "https://user:pw@example.com",
            "https://example.com/?p=1",
            "https://example.com/#x",
            "",
        ] {
            assert!(matches!(url(bad), Err(SiteError::Invalid(_))), "{bad}");
        }
    }

    #[test]
    fn a_sites_default_name_is_its_host() {
        assert_eq!(host_of("https://shop.example.com/blog"), "shop.example.com");
        assert_eq!(host_of("http://127.0.0.1:8080"), "127.0.0.1:8080");
    }

    #[test]
    fn application_passwords_are_24_letters_and_digits() {
        assert_eq!(
            password("abcd EFGH ijkl 1234 qrst uvwx").unwrap(),
            "abcdEFGHijkl1234qrstuvwx"
        );
        assert!(password("abcd efgh").is_err());
        assert!(password("abcd efgh ijkl mnop qrst uvw!").is_err());
    }

    #[test]
    fn lines_refuse_control_characters_and_length() {
        assert_eq!(line("name", "  Shop ", 10).unwrap(), "Shop");
        assert!(line("name", "a\nb", 10).is_err());
        assert!(line("name", "   ", 10).is_err());
        assert!(line("name", &"x".repeat(11), 10).is_err());
    }
}
