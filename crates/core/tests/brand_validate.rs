//! Validation and colour completion as the server sees them: from the JSON the wizard sends.

use serde_json::json;
use wordmark_core::brand::model::{RebrandingData, complete_colours};
use wordmark_core::brand::validate::validate;

fn parse(value: serde_json::Value) -> RebrandingData {
    serde_json::from_value(value).unwrap()
}

#[test]
fn every_rule_reports_its_field_and_the_spec_message() {
    let data = parse(json!({
        "legal_name": "  Acme  ",
        "display_name": "Ab",
        "color_scheme": {
            "prio1_colors": [{"hex": "#0A3D62"}, {"hex": "#12"}],
            "prio2_colors": [{"hex": "#FFF", "rgb": {"r": 300, "g": 0, "b": 0}}],
            "highlight_color": {"hex": "#E55039", "cymk": {"c": 101, "y": 0, "m": 0, "k": 0}},
            "greyscale_colors": []
        }
    }));
    let errors = validate(&data).unwrap_err();
    let pairs: Vec<(&str, &str)> = errors
        .iter()
        .map(|e| (e.field.as_str(), e.message.as_str()))
        .collect();
    assert_eq!(
        pairs,
        [
            (
                "legal_name",
                "The legal name must have at least 6 letters and contain the legal entity of the \
                 company"
            ),
            (
                "display_name",
                "The display name must have at least 3 letters."
            ),
            (
                "color_scheme.prio1_colors[1].hex",
                "Priority 1 colour 2: \"#12\" is not a valid HEX colour (#RRGGBB or #RGB)."
            ),
            (
                "color_scheme.prio2_colors[0].rgb.r",
                "Priority 2 colour 1: RGB value R = 300 is out of range (0 to 255)."
            ),
            (
                "color_scheme.highlight_color.cymk.c",
                "Highlight colour: CMYK value C = 101 is out of range (0 to 100)."
            ),
        ]
    );
    // The errors serialise for a 422 answer.
    assert_eq!(
        serde_json::to_value(&errors[1]).unwrap(),
        json!({"field": "display_name", "message": "The display name must have at least 3 letters."})
    );
}

#[test]
fn names_are_counted_in_characters_not_bytes() {
    let data = parse(json!({"legal_name": "Café ß", "display_name": "äöü"}));
    assert_eq!(validate(&data), Ok(()));
    let data = parse(json!({"legal_name": "Café", "display_name": "äö"}));
    assert_eq!(validate(&data).unwrap_err().len(), 2);
}

#[test]
fn completion_turns_the_wizard_payload_into_full_colours() {
    let mut data = parse(json!({
        "legal_name": "Müller & Söhne GmbH",
        "display_name": "Müller",
        "color_scheme": {
            "prio1_colors": [
                {"hex": "#0a3d62"},
                {"hex": "#3C6382", "cmyk": {"c": 53, "m": 24, "y": 0, "k": 49}}
            ],
            "highlight_color": {"hex": "", "cymk": {"c": 0, "y": 0, "m": 0, "k": 0}, "rgb": {"r": 0, "g": 0, "b": 0}}
        }
    }));
    assert_eq!(validate(&data), Ok(()));
    complete_colours(&mut data);
    let out = serde_json::to_value(&data.color_scheme).unwrap();
    assert_eq!(
        out["prio1_colors"][0],
        json!({"hex": "#0A3D62", "cymk": {"c": 90, "y": 0, "m": 38, "k": 62},
               "rgb": {"r": 10, "g": 61, "b": 98}, "cmyk_computed": true})
    );
    assert_eq!(
        out["prio1_colors"][1]["cymk"],
        json!({"c": 53, "y": 0, "m": 24, "k": 49})
    );
    assert_eq!(out["prio1_colors"][1]["cmyk_computed"], false);
    assert_eq!(out["highlight_color"], serde_json::Value::Null);
}
