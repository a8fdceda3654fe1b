//! `imprint-<n>.html` and `imprint-<n>.md`: the legal notice (imprint) of one location.
//!
//! Both are built from one list of sections so that they always say the same thing.

use super::html;
use super::model::Location;

/// A heading with its lines; sections without content are left out.
struct Section {
    heading: &'static str,
    lines: Vec<Line>,
}

/// One line of a section: plain text, or contact data that HTML turns into a link.
enum Line {
    Text(String),
    Phone(String),
    Fax(String),
    Email(String),
}

impl Line {
    /// The line as plain text, labelled.
    fn plain(&self) -> String {
        match self {
            Line::Text(text) => text.clone(),
            Line::Phone(phone) => format!("Phone: {phone}"),
            Line::Fax(fax) => format!("Fax: {fax}"),
            Line::Email(email) => format!("E-mail: {email}"),
        }
    }
}

fn sections(legal_name: &str, location: &Location) -> Vec<Section> {
    let address = &location.address;
    let legal = &location.legal_info;
    let contact = &location.contact_details;
    let mut company = vec![Line::Text(legal_name.trim().to_owned())];
    company.extend(address.lines().into_iter().map(Line::Text));
    let non_empty = |value: &str| (!value.trim().is_empty()).then(|| value.trim().to_owned());
    let sections = [
        Section {
            heading: "Company",
            lines: company,
        },
        Section {
            heading: "Represented by",
            lines: non_empty(&legal.management)
                .map(Line::Text)
                .into_iter()
                .collect(),
        },
        Section {
            heading: "Contact",
            lines: [
                non_empty(&contact.phone).map(Line::Phone),
                non_empty(&contact.fax).map(Line::Fax),
                non_empty(&contact.email).map(Line::Email),
            ]
            .into_iter()
            .flatten()
            .collect(),
        },
        Section {
            heading: "Commercial register",
            lines: non_empty(&legal.commercial_registration)
                .map(Line::Text)
                .into_iter()
                .collect(),
        },
        Section {
            heading: "VAT ID",
            lines: non_empty(&legal.vat_id)
                .map(|id| Line::Text(format!("VAT identification number: {id}")))
                .into_iter()
                .collect(),
        },
    ];
    sections
        .into_iter()
        .filter(|s| !s.lines.is_empty())
        .collect()
}

pub fn imprint_html(legal_name: &str, location: &Location) -> String {
    let name = html::text(legal_name);
    let mut body = String::new();
    for section in sections(legal_name, location) {
        body.push_str(&format!("    <h2>{}</h2>\n    <p>", section.heading));
        let lines: Vec<String> = section.lines.iter().map(html_line).collect();
        body.push_str(&lines.join("<br>\n      "));
        body.push_str("</p>\n");
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n  <meta charset=\"utf-8\">\n  \
         <title>Legal notice – {name}</title>\n  <style>\n    \
         body {{ font-family: system-ui, sans-serif; line-height: 1.5; max-width: 40rem; \
         margin: 2rem auto; padding: 0 1rem; color: #222; }}\n    \
         h2 {{ font-size: 1.05rem; margin: 1.5rem 0 0.25rem; }}\n    p {{ margin: 0; }}\n  \
         </style>\n</head>\n<body>\n  <main>\n    <h1>Legal notice</h1>\n{body}  </main>\n\
         </body>\n</html>\n"
    )
}

fn html_line(line: &Line) -> String {
    let link = |label: &str, value: &str, href: Option<String>| match href {
        Some(href) => format!("{label}: <a href=\"{href}\">{}</a>", html::text(value)),
        None => format!("{label}: {}", html::text(value)),
    };
    match line {
        Line::Text(text) => html::text(text),
        Line::Phone(phone) => link("Phone", phone, html::tel(phone)),
        Line::Fax(fax) => link("Fax", fax, None),
        Line::Email(email) => link("E-mail", email, html::mailto(email)),
    }
}

pub fn imprint_md(legal_name: &str, location: &Location) -> String {
    let mut out = String::from("# Legal notice\n");
    for section in sections(legal_name, location) {
        out.push_str(&format!("\n## {}\n\n", section.heading));
        let lines: Vec<String> = section
            .lines
            .iter()
            .map(|line| md_escape(&line.plain()))
            .collect();
        // Two trailing spaces: a line break inside the paragraph.
        out.push_str(&lines.join("  \n"));
        out.push('\n');
    }
    out
}

/// Backslash-escapes what Markdown would read as formatting or markup: emphasis, code, links,
/// HTML, headings, tables, and a list marker at the start of the line ("- ", "1. ").
fn md_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let leading_digits = text.chars().take_while(char::is_ascii_digit).count();
    for (i, c) in text.chars().enumerate() {
        let list_marker = (i == 0 && matches!(c, '-' | '+'))
            || (i == leading_digits && i > 0 && matches!(c, '.' | ')'));
        if list_marker || "\\`*_[]<>#|~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_formatting_characters_are_escaped() {
        assert_eq!(
            md_escape("A_B *C* [x](y) <b>"),
            "A\\_B \\*C\\* \\[x\\](y) \\<b\\>"
        );
        assert_eq!(md_escape("1. Etage"), "1\\. Etage");
        assert_eq!(md_escape("- x - y"), "\\- x - y");
        assert_eq!(md_escape("Hauptstraße 1."), "Hauptstraße 1.");
    }

    #[test]
    fn empty_sections_are_left_out() {
        let md = imprint_md("Müller & Söhne GmbH", &Location::default());
        assert_eq!(md, "# Legal notice\n\n## Company\n\nMüller & Söhne GmbH\n");
    }
}
