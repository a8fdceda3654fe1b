//! Colour maths for brand colours: HEX parsing and normalisation, RGB, and a CMYK suggestion.
//!
//! The CMYK value computed here is the naive device-independent formula. Print shops convert with
//! ICC profiles (coated/uncoated paper), so callers must treat it as a *suggestion* and never
//! overwrite a CMYK value a user typed in (see `brand::model::complete_colours`).

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// An sRGB colour with 8-bit channels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Rgb {
    pub r: u8,
    pub g: u8,
    pub b: u8,
}

/// A CMYK colour in whole percent (0–100 each).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Cmyk {
    pub c: u8,
    pub m: u8,
    pub y: u8,
    pub k: u8,
}

/// Why a HEX colour string was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum HexError {
    #[error("a HEX colour is empty")]
    Empty,
    #[error("{0:?} does not start with '#'")]
    MissingHash(String),
    #[error("{0:?} must have 3 or 6 hexadecimal digits after '#'")]
    WrongLength(String),
    #[error("{0:?} contains characters that are not hexadecimal digits")]
    NotHexDigit(String),
}

impl Rgb {
    pub const fn new(r: u8, g: u8, b: u8) -> Self {
        Self { r, g, b }
    }

    /// Upper-case `#RRGGBB`, the one form Wordmark stores and writes into every brand file.
    pub fn to_hex(self) -> String {
        format!("#{:02X}{:02X}{:02X}", self.r, self.g, self.b)
    }

    /// Channels as fractions 0.0–1.0 (PDF, ASE and design tools work in this range).
    pub fn to_unit(self) -> [f32; 3] {
        [self.r, self.g, self.b].map(|c| f32::from(c) / 255.0)
    }
}

impl Cmyk {
    /// Channels as fractions 0.0–1.0.
    pub fn to_unit(self) -> [f32; 4] {
        [self.c, self.m, self.y, self.k].map(|c| f32::from(c) / 100.0)
    }
}

/// Parses `#RRGGBB` or `#RGB` (any case, surrounding whitespace ignored).
pub fn rgb_from_hex(hex: &str) -> Result<Rgb, HexError> {
    let trimmed = hex.trim();
    if trimmed.is_empty() {
        return Err(HexError::Empty);
    }
    let digits = trimmed
        .strip_prefix('#')
        .ok_or_else(|| HexError::MissingHash(trimmed.to_owned()))?;
    if !digits.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(HexError::NotHexDigit(trimmed.to_owned()));
    }
    // All characters are ASCII from here on, so byte slicing is safe.
    let channel = |s: &str| u8::from_str_radix(s, 16).expect("checked hex digits");
    match digits.len() {
        6 => Ok(Rgb::new(
            channel(&digits[0..2]),
            channel(&digits[2..4]),
            channel(&digits[4..6]),
        )),
        // `#RGB` is shorthand for `#RRGGBB` with each digit doubled (CSS Color 4).
        3 => {
            let double = |i: usize| channel(&digits[i..=i]) * 17;
            Ok(Rgb::new(double(0), double(1), double(2)))
        }
        _ => Err(HexError::WrongLength(trimmed.to_owned())),
    }
}

/// Normalises a valid HEX colour to upper-case `#RRGGBB`.
pub fn normalise_hex(hex: &str) -> Result<String, HexError> {
    rgb_from_hex(hex).map(Rgb::to_hex)
}

/// The naive RGB→CMYK conversion, rounded to whole percent:
/// K = 1 − max(R,G,B); C = (1 − R − K) / (1 − K), likewise M and Y; pure black is K = 100.
pub fn cmyk_suggestion(rgb: Rgb) -> Cmyk {
    let [r, g, b] = rgb.to_unit().map(f64::from);
    let max = r.max(g).max(b);
    let k = 1.0 - max;
    let percent = |v: f64| (v * 100.0).round().clamp(0.0, 100.0) as u8;
    if max <= 0.0 {
        return Cmyk {
            c: 0,
            m: 0,
            y: 0,
            k: 100,
        };
    }
    let ink = |channel: f64| (1.0 - channel - k) / (1.0 - k);
    Cmyk {
        c: percent(ink(r)),
        m: percent(ink(g)),
        y: percent(ink(b)),
        k: percent(k),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_six_digit_hex_in_any_case() {
        assert_eq!(rgb_from_hex("#0A3D62"), Ok(Rgb::new(10, 61, 98)));
        assert_eq!(rgb_from_hex("#0a3d62"), Ok(Rgb::new(10, 61, 98)));
        assert_eq!(rgb_from_hex("  #FFffFF "), Ok(Rgb::new(255, 255, 255)));
    }

    #[test]
    fn expands_three_digit_hex() {
        assert_eq!(rgb_from_hex("#f0a"), Ok(Rgb::new(255, 0, 170)));
        assert_eq!(normalise_hex("#abc").as_deref(), Ok("#AABBCC"));
    }

    #[test]
    fn normalises_to_upper_case_six_digits() {
        assert_eq!(normalise_hex("#0a3d62").as_deref(), Ok("#0A3D62"));
    }

    #[test]
    fn refuses_malformed_hex_with_the_reason() {
        assert_eq!(rgb_from_hex(""), Err(HexError::Empty));
        assert_eq!(
            rgb_from_hex("0A3D62"),
            Err(HexError::MissingHash("0A3D62".into()))
        );
        assert_eq!(
            rgb_from_hex("#12"),
            Err(HexError::WrongLength("#12".into()))
        );
        assert_eq!(
            rgb_from_hex("#12345"),
            Err(HexError::WrongLength("#12345".into()))
        );
        assert_eq!(
            rgb_from_hex("#GG0000"),
            Err(HexError::NotHexDigit("#GG0000".into()))
        );
        // Multi-byte characters must not be sliced into (6 bytes, 3 characters).
        assert_eq!(
            rgb_from_hex("#ääa"),
            Err(HexError::NotHexDigit("#ääa".into()))
        );
    }

    #[test]
    fn suggests_cmyk_with_the_naive_formula() {
        // #0A3D62: K = 1 - 98/255 = 61.6 %; C = (98-10)/98 = 89.8 %; M = (98-61)/98 = 37.8 %.
        assert_eq!(
            cmyk_suggestion(Rgb::new(10, 61, 98)),
            Cmyk {
                c: 90,
                m: 38,
                y: 0,
                k: 62
            }
        );
        assert_eq!(
            cmyk_suggestion(Rgb::new(0, 0, 0)),
            Cmyk {
                c: 0,
                m: 0,
                y: 0,
                k: 100
            }
        );
        assert_eq!(cmyk_suggestion(Rgb::new(255, 255, 255)), Cmyk::default());
        assert_eq!(
            cmyk_suggestion(Rgb::new(255, 0, 0)),
            Cmyk {
                c: 0,
                m: 100,
                y: 100,
                k: 0
            }
        );
    }
}
