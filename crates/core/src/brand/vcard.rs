//! `location-<n>.vcf`: a vCard 4.0 (RFC 6350) for one company location.
//!
//! Written to the RFC so that Outlook, Apple Contacts and Google Contacts import it: CRLF line
//! endings, text values escaped (`\\`, `\,`, `\;`, `\n`), lines folded at 75 octets without
//! splitting a UTF-8 sequence.

use super::model::{Location, join_non_empty, labelled};

/// RFC 6350 §3.2: lines SHOULD NOT be longer than 75 octets, excluding the line break.
const MAX_LINE_OCTETS: usize = 75;

pub fn location_vcard(legal_name: &str, location: &Location) -> String {
    let legal_name = legal_name.trim();
    let address = &location.address;
    let contact = &location.contact_details;
    let legal = &location.legal_info;
    let mut lines = vec![
        "BEGIN:VCARD".to_owned(),
        "VERSION:4.0".to_owned(),
        "KIND:org".to_owned(),
        format!("FN:{}", escape(legal_name)),
        format!("ORG:{}", escape(legal_name)),
        // Apple Contacts shows a card as a company only with this extension.
        "X-ABSHOWAS:COMPANY".to_owned(),
    ];
    if !address.lines().is_empty() {
        // ADR components: PO box; extended; street; locality; region; postal code; country.
        let components = [
            "",
            "",
            &address.street,
            &address.city,
            "",
            &address.zipcode,
            &address.country,
        ]
        .map(|c| escape(c.trim()));
        lines.push(format!("ADR;TYPE=work:{}", components.join(";")));
    }
    let mut optional = |property: &str, value: &str| {
        if !value.trim().is_empty() {
            lines.push(format!("{property}:{}", escape(value.trim())));
        }
    };
    optional("TEL;TYPE=work,voice", &contact.phone);
    optional("TEL;TYPE=work,fax", &contact.fax);
    optional("EMAIL;TYPE=work", &contact.email);
    let note = join_non_empty(
        [
            labelled("VAT ID", &legal.vat_id),
            labelled("Management", &legal.management),
            labelled("Commercial register", &legal.commercial_registration),
        ]
        .iter()
        .map(String::as_str),
        "\n",
    );
    optional("NOTE", &note);
    lines.push("END:VCARD".to_owned());
    lines.iter().map(|l| fold(l)).collect()
}

/// Escapes a text value (RFC 6350 §3.4).
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ',' => out.push_str("\\,"),
            ';' => out.push_str("\\;"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// One content line, folded (CRLF + space) and terminated with CRLF.
fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 8);
    let mut octets = 0;
    for c in line.chars() {
        if octets + c.len_utf8() > MAX_LINE_OCTETS {
            out.push_str("\r\n ");
            // The leading space of a continuation line counts towards its length.
            octets = 1;
        }
        out.push(c);
        octets += c.len_utf8();
    }
    out.push_str("\r\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_separators() {
        assert_eq!(escape("a,b;c\\d\r\ne"), "a\\,b\\;c\\\\d\\ne");
    }

    #[test]
    fn folds_at_75_octets_between_characters() {
        let line = format!("NOTE:{}", "ä".repeat(60));
        let folded = fold(&line);
        for physical in folded.split("\r\n").filter(|l| !l.is_empty()) {
            assert!(physical.len() <= MAX_LINE_OCTETS, "{physical:?}");
        }
        let unfolded = folded.trim_end_matches("\r\n").replace("\r\n ", "");
        assert_eq!(unfolded, line);
    }
}
