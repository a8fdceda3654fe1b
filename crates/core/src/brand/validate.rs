//! Validation of a rebranding project: the wizard's rules (legal name, display name, colours;
//! see docs/product.md), enforced on the server.
//!
//! Lengths count Unicode scalar values, not bytes, so "Café" has four letters.

use serde::Serialize;

use super::model::{CmykValue, Colour, ColourRole, RebrandingData, RgbValue};
use crate::colour;

pub const LEGAL_NAME_MIN_CHARS: usize = 6;
pub const DISPLAY_NAME_MIN_CHARS: usize = 3;

pub const LEGAL_NAME_MESSAGE: &str =
    "The legal name must have at least 6 letters and contain the legal entity of the company";
pub const DISPLAY_NAME_MESSAGE: &str = "The display name must have at least 3 letters.";

/// One refused field: `field` is its JSON path (e.g. `color_scheme.prio1_colors[1].hex`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

impl FieldError {
    fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// Checks every rule and reports every failure at once (the wizard shows them side by side).
pub fn validate(data: &RebrandingData) -> Result<(), Vec<FieldError>> {
    let mut errors = Vec::new();
    if data.legal_name.trim().chars().count() < LEGAL_NAME_MIN_CHARS {
        errors.push(FieldError::new("legal_name", LEGAL_NAME_MESSAGE));
    }
    // Trimmed like the legal name: a display name of blanks is no name either.
    if data.display_name.trim().chars().count() < DISPLAY_NAME_MIN_CHARS {
        errors.push(FieldError::new("display_name", DISPLAY_NAME_MESSAGE));
    }
    for role in ColourRole::ALL {
        let colours = data.color_scheme.colours(role);
        for (index, c) in colours.iter().enumerate() {
            // An untouched highlight step (empty hex) means "no highlight colour".
            if role == ColourRole::Highlight && c.hex.trim().is_empty() {
                continue;
            }
            let (path, name) = match role {
                ColourRole::Highlight => (role.json_path().to_owned(), "Highlight colour".into()),
                _ => (
                    format!("{}[{index}]", role.json_path()),
                    format!("{} colour {}", role.label(), index + 1),
                ),
            };
            check_colour(c, &path, &name, &mut errors);
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

fn check_colour(c: &Colour, path: &str, name: &str, errors: &mut Vec<FieldError>) {
    if colour::rgb_from_hex(&c.hex).is_err() {
        errors.push(FieldError::new(
            format!("{path}.hex"),
            format!(
                "{name}: \"{}\" is not a valid HEX colour (#RRGGBB or #RGB).",
                c.hex
            ),
        ));
    }
    let RgbValue { r, g, b } = c.rgb;
    check_channels(
        &[("r", r), ("g", g), ("b", b)],
        255,
        "RGB",
        path,
        "rgb",
        name,
        errors,
    );
    let CmykValue { c: cyan, y, m, k } = c.cymk;
    let cmyk = [("c", cyan), ("m", m), ("y", y), ("k", k)];
    check_channels(&cmyk, 100, "CMYK", path, "cymk", name, errors);
}

fn check_channels(
    channels: &[(&str, i64)],
    max: i64,
    model: &str,
    path: &str,
    object: &str,
    name: &str,
    errors: &mut Vec<FieldError>,
) {
    for &(channel, value) in channels {
        if !(0..=max).contains(&value) {
            errors.push(FieldError::new(
                format!("{path}.{object}.{channel}"),
                format!(
                    "{name}: {model} value {} = {value} is out of range (0 to {max}).",
                    channel.to_uppercase()
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brand::model::ColorScheme;

    fn valid() -> RebrandingData {
        RebrandingData {
            legal_name: "Müller & Söhne GmbH".into(),
            display_name: "Müller".into(),
            color_scheme: ColorScheme {
                prio1_colors: vec![Colour::from_hex("#0A3D62").unwrap()],
                ..ColorScheme::default()
            },
            ..RebrandingData::default()
        }
    }

    fn errors(data: &RebrandingData) -> Vec<(String, String)> {
        validate(data)
            .err()
            .unwrap_or_default()
            .into_iter()
            .map(|e| (e.field, e.message))
            .collect()
    }

    #[test]
    fn accepts_a_complete_project() {
        assert_eq!(validate(&valid()), Ok(()));
    }

    #[test]
    fn legal_name_needs_six_characters_after_trimming() {
        let mut data = valid();
        data.legal_name = "  Acme   ".into();
        assert_eq!(
            errors(&data),
            [("legal_name".into(), LEGAL_NAME_MESSAGE.into())]
        );
        // Six characters but twelve bytes: accepted.
        data.legal_name = "ÄÖÜäöß".into();
        assert_eq!(validate(&data), Ok(()));
    }

    #[test]
    fn display_name_needs_three_characters() {
        let mut data = valid();
        data.display_name = "ab".into();
        assert_eq!(
            errors(&data),
            [("display_name".into(), DISPLAY_NAME_MESSAGE.into())]
        );
        data.display_name = "Café".chars().take(3).collect();
        assert_eq!(data.display_name, "Caf");
        assert_eq!(validate(&data), Ok(()));
        data.display_name = "éßä".into();
        assert_eq!(validate(&data), Ok(()));
    }

    #[test]
    fn names_the_list_and_position_of_a_bad_hex() {
        let mut data = valid();
        data.color_scheme.prio2_colors = vec![
            Colour::from_hex("#FFF").unwrap(),
            Colour {
                hex: "#12".into(),
                ..Colour::default()
            },
        ];
        assert_eq!(
            errors(&data),
            [(
                "color_scheme.prio2_colors[1].hex".into(),
                "Priority 2 colour 2: \"#12\" is not a valid HEX colour (#RRGGBB or #RGB).".into()
            )]
        );
    }

    #[test]
    fn reports_out_of_range_channels() {
        let mut data = valid();
        data.color_scheme.highlight_color = Some(Colour {
            hex: "#FF0000".into(),
            rgb: RgbValue { r: 256, g: 0, b: 0 },
            cymk: CmykValue {
                c: 0,
                y: 101,
                m: -1,
                k: 0,
            },
            cmyk_computed: false,
        });
        assert_eq!(
            errors(&data),
            [
                (
                    "color_scheme.highlight_color.rgb.r".into(),
                    "Highlight colour: RGB value R = 256 is out of range (0 to 255).".into()
                ),
                (
                    "color_scheme.highlight_color.cymk.m".into(),
                    "Highlight colour: CMYK value M = -1 is out of range (0 to 100).".into()
                ),
                (
                    "color_scheme.highlight_color.cymk.y".into(),
                    "Highlight colour: CMYK value Y = 101 is out of range (0 to 100).".into()
                ),
            ]
        );
    }

    #[test]
    fn an_empty_highlight_is_no_highlight_but_an_empty_list_colour_is_an_error() {
        let mut data = valid();
        data.color_scheme.highlight_color = Some(Colour::default());
        assert_eq!(validate(&data), Ok(()));
        data.color_scheme.greyscale_colors = vec![Colour::default()];
        assert_eq!(
            errors(&data),
            [(
                "color_scheme.greyscale_colors[0].hex".into(),
                "Corporate colour 1: \"\" is not a valid HEX colour (#RRGGBB or #RGB).".into()
            )]
        );
    }

    #[test]
    fn reports_all_failures_together() {
        let data = RebrandingData::default();
        let fields: Vec<_> = errors(&data).into_iter().map(|(f, _)| f).collect();
        assert_eq!(fields, ["legal_name", "display_name"]);
    }
}
