//! `signature-<n>.html`: an e-mail signature for one location.
//!
//! E-mail clients (Outlook's Word engine above all) ignore stylesheets and most modern CSS, so
//! the layout is a table with inline styles only, and font stacks end in web-safe families.

use super::html;
use super::model::{Colour, Location, RebrandingData, labelled};

/// Text colour when the brand has no priority-1 colour.
const DEFAULT_PRIMARY: &str = "#222222";
const MUTED: &str = "#555555";

pub fn signature_html(data: &RebrandingData, location: &Location) -> String {
    let scheme = &data.color_scheme;
    let hex_of = |c: Option<&Colour>| c.map(|c| c.rgb.to_rgb().to_hex());
    let primary = hex_of(scheme.prio1_colors.first()).unwrap_or_else(|| DEFAULT_PRIMARY.into());
    let accent = hex_of(scheme.highlight_color.as_ref())
        .or_else(|| hex_of(scheme.prio2_colors.first()))
        .unwrap_or_else(|| primary.clone());
    let headline_font = font_stack(&data.font_scheme.headline);
    let body_font = font_stack(&data.font_scheme.body);

    let mut contact_lines = Vec::new();
    contact_lines.extend(location.address.lines().iter().map(|l| html::text(l)));
    let contact = &location.contact_details;
    let link = |label: &str, value: &str, href: Option<String>| {
        let shown = html::text(value);
        match href {
            Some(href) => format!(
                "{label} <a href=\"{href}\" style=\"color:{primary};text-decoration:none;\">{shown}</a>"
            ),
            None => format!("{label} {shown}"),
        }
    };
    if !contact.phone.trim().is_empty() {
        contact_lines.push(link("T", &contact.phone, html::tel(&contact.phone)));
    }
    if !contact.fax.trim().is_empty() {
        contact_lines.push(link("F", &contact.fax, None));
    }
    if !contact.email.trim().is_empty() {
        contact_lines.push(link("E", &contact.email, html::mailto(&contact.email)));
    }
    let legal = &location.legal_info;
    let legal_line = [
        data.legal_name.trim().to_owned(),
        legal.commercial_registration.trim().to_owned(),
        labelled("Management", &legal.management),
        labelled("VAT ID", &legal.vat_id),
    ]
    .iter()
    .filter(|s| !s.is_empty())
    .map(|s| html::text(s))
    .collect::<Vec<_>>()
    .join(" · ");

    format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>E-mail signature – {display}</title>
</head>
<body>
<!-- Copy everything below this line into your e-mail client's signature editor. Replace the name and position. -->
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;font-family:{body_font};font-size:13px;line-height:1.45;color:{MUTED};">
  <tr>
    <td style="width:1%;white-space:nowrap;padding:0 14px 0 0;border-right:3px solid {accent};vertical-align:top;">
      <div style="font-family:{headline_font};font-size:15px;font-weight:bold;color:{primary};">Full Name</div>
      <div style="font-size:13px;color:{MUTED};">Position</div>
    </td>
    <td style="padding:0 0 0 14px;vertical-align:top;">
      <div style="font-family:{headline_font};font-size:15px;font-weight:bold;color:{primary};">{display}</div>
      <div>{contact}</div>
    </td>
  </tr>
  <tr>
    <td colspan="2" style="padding:10px 0 0 0;font-size:11px;color:#888888;">{legal_line}</td>
  </tr>
</table>
</body>
</html>
"#,
        display = html::text(&data.display_name),
        contact = contact_lines.join("<br>\n        "),
    )
}

/// The brand font first, then web-safe fallbacks; quotes because family names contain spaces.
fn font_stack(family: &str) -> String {
    // Characters that could end the style attribute or the declaration are not part of any
    // real family name.
    let family: String = family
        .trim()
        .chars()
        .filter(|c| !"\"'<>;{}\\&".contains(*c))
        .collect();
    if family.is_empty() {
        "Arial,Helvetica,sans-serif".to_owned()
    } else {
        format!("'{family}',Arial,Helvetica,sans-serif")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn font_stacks_cannot_break_out_of_the_style_attribute() {
        assert_eq!(
            font_stack("Open Sans\"><script>"),
            "'Open Sansscript',Arial,Helvetica,sans-serif"
        );
        assert_eq!(font_stack(" "), "Arial,Helvetica,sans-serif");
    }
}
