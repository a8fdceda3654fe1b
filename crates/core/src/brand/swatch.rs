//! The brand's colours as named swatches: one naming scheme shared by every palette file.

use super::model::{ColorScheme, ColourRole};
use crate::colour::{Cmyk, Rgb};

/// One completed colour with its place in the scheme.
#[derive(Debug, Clone, PartialEq)]
pub struct Swatch {
    pub role: ColourRole,
    /// 1-based position within its role.
    pub number: usize,
    /// Upper-case `#RRGGBB`.
    pub hex: String,
    pub rgb: Rgb,
    pub cmyk: Cmyk,
    /// The CMYK value is Wordmark's suggestion, not a value the user entered.
    pub cmyk_computed: bool,
}

impl Swatch {
    /// Identifier for code: `prio1-2`, `highlight-1` (CSS variables, token names).
    pub fn key(&self) -> String {
        format!("{}-{}", self.role.key(), self.number)
    }

    /// Name for people: `Priority 1 - 2` (palette files, brand sheet).
    pub fn name(&self) -> String {
        format!("{} - {}", self.role.label(), self.number)
    }
}

/// Every colour of a completed scheme, grouped by role in presentation order.
pub fn swatches(scheme: &ColorScheme) -> Vec<(ColourRole, Vec<Swatch>)> {
    scheme
        .groups()
        .map(|(role, colours)| {
            let swatches = colours
                .iter()
                .enumerate()
                .map(|(i, c)| Swatch {
                    role,
                    number: i + 1,
                    hex: c.rgb.to_rgb().to_hex(),
                    rgb: c.rgb.to_rgb(),
                    cmyk: c.cymk.to_cmyk(),
                    cmyk_computed: c.cmyk_computed,
                })
                .collect();
            (role, swatches)
        })
        .collect()
}
