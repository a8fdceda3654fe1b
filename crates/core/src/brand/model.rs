//! The editable part of a rebranding project (names, colour scheme, fonts, locations) and
//! colour completion.
//!
//! Field names are the API contract, including the spelling `cymk`. Input is forgiving the way the
//! wizard needs it to be: missing or `null` strings read as `""`, missing or `null` channel objects
//! read as zeros, `cmyk` is accepted as an alias of `cymk`. Channels are wide integers so that an
//! out-of-range value reaches validation and gets a message instead of a JSON parse error.

use serde::{Deserialize, Deserializer, Serialize};

use crate::colour::{self, Cmyk, Rgb};

/// Reads `null` like a missing field: the type's default.
fn null_as_default<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Default + Deserialize<'de>,
{
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RebrandingData {
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub legal_name: String,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub display_name: String,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub color_scheme: ColorScheme,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub font_scheme: FontScheme,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub locations: Vec<Location>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ColorScheme {
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub prio1_colors: Vec<Colour>,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub prio2_colors: Vec<Colour>,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub greyscale_colors: Vec<Colour>,
    /// `None` when the project has no highlight colour (missing, `null`, or an empty hex).
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default)]
    pub highlight_color: Option<Colour>,
}

/// The colour roles of a brand, in the order the wizard and every brand file present them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColourRole {
    Prio1,
    Prio2,
    Highlight,
    Greyscale,
}

impl ColourRole {
    pub const ALL: [ColourRole; 4] = [Self::Prio1, Self::Prio2, Self::Highlight, Self::Greyscale];

    /// Machine name used in file formats (CSS variables, token groups, palette names).
    pub fn key(self) -> &'static str {
        match self {
            Self::Prio1 => "prio1",
            Self::Prio2 => "prio2",
            Self::Highlight => "highlight",
            Self::Greyscale => "greyscale",
        }
    }

    /// The section title the app's 'Color Scheme' tab shows for this role.
    pub fn label(self) -> &'static str {
        match self {
            Self::Prio1 => "Priority 1",
            Self::Prio2 => "Priority 2",
            Self::Highlight => "Highlight",
            Self::Greyscale => "Corporate",
        }
    }

    /// JSON path of the role's colours inside `RebrandingData`.
    pub fn json_path(self) -> &'static str {
        match self {
            Self::Prio1 => "color_scheme.prio1_colors",
            Self::Prio2 => "color_scheme.prio2_colors",
            Self::Highlight => "color_scheme.highlight_color",
            Self::Greyscale => "color_scheme.greyscale_colors",
        }
    }
}

impl ColorScheme {
    /// The colours of one role (the highlight role has at most one).
    pub fn colours(&self, role: ColourRole) -> &[Colour] {
        match role {
            ColourRole::Prio1 => &self.prio1_colors,
            ColourRole::Prio2 => &self.prio2_colors,
            ColourRole::Highlight => self.highlight_color.as_slice(),
            ColourRole::Greyscale => &self.greyscale_colors,
        }
    }

    /// Every non-empty role with its colours, in presentation order.
    pub fn groups(&self) -> impl Iterator<Item = (ColourRole, &[Colour])> {
        ColourRole::ALL
            .into_iter()
            .map(|role| (role, self.colours(role)))
            .filter(|(_, colours)| !colours.is_empty())
    }

    fn colours_mut(&mut self) -> impl Iterator<Item = &mut Colour> {
        self.prio1_colors
            .iter_mut()
            .chain(self.prio2_colors.iter_mut())
            .chain(self.highlight_color.iter_mut())
            .chain(self.greyscale_colors.iter_mut())
    }
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Colour {
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub hex: String,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, alias = "cmyk", deserialize_with = "null_as_default")]
    pub cymk: CmykValue,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub rgb: RgbValue,
    /// True when `cymk` is Wordmark's suggestion computed from RGB rather than a value a user
    /// entered (printers use profile-based values, so a typed value is never overwritten).
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub cmyk_computed: bool,
}

/// RGB as received; bounds are checked by validation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct RgbValue {
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, minimum = 0, maximum = 255)
    )]
    pub r: i64,
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, minimum = 0, maximum = 255)
    )]
    pub g: i64,
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, minimum = 0, maximum = 255)
    )]
    pub b: i64,
}

/// CMYK in percent as received (the contract's field order is c, y, m, k).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct CmykValue {
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, minimum = 0, maximum = 100)
    )]
    pub c: i64,
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, minimum = 0, maximum = 100)
    )]
    pub y: i64,
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, minimum = 0, maximum = 100)
    )]
    pub m: i64,
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, minimum = 0, maximum = 100)
    )]
    pub k: i64,
}

fn channel<const MAX: i64>(value: i64) -> u8 {
    value.clamp(0, MAX) as u8
}

impl RgbValue {
    /// The value as 8-bit channels; out-of-range input is clamped (validation refuses it first).
    pub fn to_rgb(self) -> Rgb {
        Rgb::new(
            channel::<255>(self.r),
            channel::<255>(self.g),
            channel::<255>(self.b),
        )
    }
}

impl From<Rgb> for RgbValue {
    fn from(rgb: Rgb) -> Self {
        Self {
            r: rgb.r.into(),
            g: rgb.g.into(),
            b: rgb.b.into(),
        }
    }
}

impl CmykValue {
    /// The value in whole percent; out-of-range input is clamped (validation refuses it first).
    pub fn to_cmyk(self) -> Cmyk {
        Cmyk {
            c: channel::<100>(self.c),
            m: channel::<100>(self.m),
            y: channel::<100>(self.y),
            k: channel::<100>(self.k),
        }
    }

    fn is_all_zero(self) -> bool {
        self == Self::default()
    }
}

impl From<Cmyk> for CmykValue {
    fn from(cmyk: Cmyk) -> Self {
        Self {
            c: cmyk.c.into(),
            y: cmyk.y.into(),
            m: cmyk.m.into(),
            k: cmyk.k.into(),
        }
    }
}

impl Colour {
    /// A complete colour from a HEX value, with the CMYK suggestion (for tests and defaults).
    pub fn from_hex(hex: &str) -> Result<Self, colour::HexError> {
        let mut c = Colour {
            hex: hex.to_owned(),
            ..Colour::default()
        };
        c.complete()?;
        Ok(c)
    }

    /// Whether `cymk` holds a value a user typed in.
    ///
    /// The rule: CMYK counts as entered unless it is flagged `cmyk_computed` (it is an earlier
    /// suggestion coming back, possibly stale after a HEX edit) or it is all zeros (the wizard's
    /// "new colour" state, and what a missing or `null` `cymk` reads as). All zeros is no ink at
    /// all, so it is never a meaningful print value for a brand colour; for white the suggestion
    /// is all zeros anyway.
    pub fn cmyk_entered(&self) -> bool {
        !self.cmyk_computed && !self.cymk.is_all_zero()
    }

    /// Normalises the hex, derives RGB from it and fills CMYK when none was entered.
    fn complete(&mut self) -> Result<(), colour::HexError> {
        let rgb = colour::rgb_from_hex(&self.hex)?;
        self.hex = rgb.to_hex();
        self.rgb = rgb.into();
        if !self.cmyk_entered() {
            self.cymk = colour::cmyk_suggestion(rgb).into();
            self.cmyk_computed = true;
        }
        Ok(())
    }
}

/// Fills in every colour of `data`: hex upper-case `#RRGGBB`, RGB from hex, CMYK suggested where
/// the user entered none (see [`Colour::cmyk_entered`]). A highlight colour with an empty hex
/// becomes `None` (the wizard's untouched highlight step). Colours whose hex does not parse are
/// left as they are; [`super::validate::validate`] reports them.
pub fn complete_colours(data: &mut RebrandingData) {
    let scheme = &mut data.color_scheme;
    if scheme
        .highlight_color
        .as_ref()
        .is_some_and(|c| c.hex.trim().is_empty())
    {
        scheme.highlight_color = None;
    }
    for colour in scheme.colours_mut() {
        // An invalid hex is a validation error reported elsewhere; keep the input untouched.
        let _ = colour.complete();
    }
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FontScheme {
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub headline: String,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub body: String,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Location {
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub address: Address,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub legal_info: LegalInfo,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub banking: Banking,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub contact_details: ContactDetails,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Address {
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub street: String,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub zipcode: String,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub city: String,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub country: String,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LegalInfo {
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub vat_id: String,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub management: String,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub commercial_registration: String,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Banking {
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub bank: String,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub iban: String,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub bic: String,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ContactDetails {
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub phone: String,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub email: String,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    #[serde(default, deserialize_with = "null_as_default")]
    pub fax: String,
}

impl Address {
    /// "zipcode city" as written on letters in most of Europe, empty parts left out.
    pub fn zip_city(&self) -> String {
        join_non_empty([self.zipcode.trim(), self.city.trim()], " ")
    }

    /// The non-empty address lines: street, "zipcode city", country.
    pub fn lines(&self) -> Vec<String> {
        [
            self.street.trim().to_owned(),
            self.zip_city(),
            self.country.trim().to_owned(),
        ]
        .into_iter()
        .filter(|l| !l.is_empty())
        .collect()
    }
}

/// Joins the non-empty parts with `sep`.
pub(crate) fn join_non_empty<'a>(parts: impl IntoIterator<Item = &'a str>, sep: &str) -> String {
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(sep)
}

/// "Label: value", or "" when the value is blank (so `join_non_empty` leaves it out).
pub(crate) fn labelled(label: &str, value: &str) -> String {
    let value = value.trim();
    if value.is_empty() {
        String::new()
    } else {
        format!("{label}: {value}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_the_contract_with_nulls_missing_fields_and_the_cmyk_alias() {
        let data: RebrandingData = serde_json::from_value(json!({
            "legal_name": "Müller & Söhne GmbH",
            "display_name": null,
            "color_scheme": {
                "prio1_colors": [{"hex": "#0a3d62", "cmyk": {"c": 1, "m": 2, "y": 3, "k": 4}}],
                "highlight_color": null
            },
            "locations": [{"address": {"street": "Hauptstraße 1"}, "banking": null}]
        }))
        .unwrap();
        assert_eq!(data.display_name, "");
        assert_eq!(data.font_scheme, FontScheme::default());
        let c = &data.color_scheme.prio1_colors[0];
        assert_eq!(
            c.cymk,
            CmykValue {
                c: 1,
                y: 3,
                m: 2,
                k: 4
            }
        );
        assert_eq!(c.rgb, RgbValue::default());
        assert!(data.color_scheme.highlight_color.is_none());
        assert_eq!(data.locations[0].address.street, "Hauptstraße 1");
        assert_eq!(data.locations[0].banking, Banking::default());
    }

    #[test]
    fn writes_cymk_with_the_contract_spelling() {
        let value = serde_json::to_value(Colour::from_hex("#0A3D62").unwrap()).unwrap();
        assert_eq!(
            value,
            json!({"hex": "#0A3D62", "cymk": {"c": 90, "y": 0, "m": 38, "k": 62},
                   "rgb": {"r": 10, "g": 61, "b": 98}, "cmyk_computed": true})
        );
    }

    fn data_with(colours: Vec<Colour>, highlight: Option<Colour>) -> RebrandingData {
        RebrandingData {
            color_scheme: ColorScheme {
                prio1_colors: colours,
                highlight_color: highlight,
                ..ColorScheme::default()
            },
            ..RebrandingData::default()
        }
    }

    #[test]
    fn completion_derives_rgb_and_suggests_cmyk_when_none_was_entered() {
        let stale_rgb = Colour {
            hex: "#0a3d62".into(),
            rgb: RgbValue { r: 1, g: 2, b: 3 },
            ..Colour::default()
        };
        let mut data = data_with(vec![stale_rgb], None);
        complete_colours(&mut data);
        let c = &data.color_scheme.prio1_colors[0];
        assert_eq!(c.hex, "#0A3D62");
        assert_eq!(
            c.rgb,
            RgbValue {
                r: 10,
                g: 61,
                b: 98
            }
        );
        assert_eq!(
            c.cymk,
            CmykValue {
                c: 90,
                y: 0,
                m: 38,
                k: 62
            }
        );
        assert!(c.cmyk_computed);
    }

    #[test]
    fn completion_keeps_entered_cmyk_and_replaces_a_stale_suggestion() {
        let typed = CmykValue {
            c: 100,
            y: 10,
            m: 45,
            k: 50,
        };
        let entered = Colour {
            hex: "#0A3D62".into(),
            cymk: typed,
            ..Colour::default()
        };
        let stale_suggestion = Colour {
            hex: "#FF0000".into(),
            cymk: typed,
            cmyk_computed: true,
            ..Colour::default()
        };
        let mut data = data_with(vec![entered, stale_suggestion], None);
        complete_colours(&mut data);
        let [kept, recomputed] = &data.color_scheme.prio1_colors[..] else {
            panic!("two colours expected")
        };
        assert_eq!(kept.cymk, typed);
        assert!(!kept.cmyk_computed);
        assert_eq!(
            recomputed.cymk,
            CmykValue {
                c: 0,
                y: 100,
                m: 100,
                k: 0
            }
        );
        assert!(recomputed.cmyk_computed);
    }

    #[test]
    fn completion_drops_an_empty_highlight_and_leaves_invalid_hex_alone() {
        let invalid = Colour {
            hex: "#12".into(),
            ..Colour::default()
        };
        let mut data = data_with(vec![invalid.clone()], Some(Colour::default()));
        complete_colours(&mut data);
        assert_eq!(data.color_scheme.highlight_color, None);
        assert_eq!(data.color_scheme.prio1_colors[0], invalid);
    }

    #[test]
    fn groups_list_non_empty_roles_in_order() {
        let mut data = data_with(
            vec![Colour::from_hex("#111").unwrap()],
            Some(Colour::from_hex("#F00").unwrap()),
        );
        data.color_scheme.greyscale_colors = vec![Colour::from_hex("#888").unwrap()];
        let roles: Vec<_> = data.color_scheme.groups().map(|(r, _)| r).collect();
        assert_eq!(
            roles,
            [
                ColourRole::Prio1,
                ColourRole::Highlight,
                ColourRole::Greyscale
            ]
        );
    }
}
