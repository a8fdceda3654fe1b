//! `colors.gpl`: the GIMP palette format, also read by Inkscape, Krita and Scribus.

use super::model::ColourRole;
use super::swatch::Swatch;

/// Four columns: the palette dialogs of GIMP and Inkscape show swatches in a grid that wide.
const COLUMNS: usize = 4;

pub fn colors_gpl(display_name: &str, groups: &[(ColourRole, Vec<Swatch>)]) -> String {
    // The header is line-based: a line break in the name would end it early.
    let name: String = display_name.chars().filter(|c| !c.is_control()).collect();
    let mut out = format!("GIMP Palette\nName: {name}\nColumns: {COLUMNS}\n#\n");
    for (role, swatches) in groups {
        out.push_str(&format!("# {}\n", role.label()));
        for s in swatches {
            out.push_str(&format!(
                "{:3} {:3} {:3}\t{} {}\n",
                s.rgb.r,
                s.rgb.g,
                s.rgb.b,
                s.name(),
                s.hex
            ));
        }
    }
    out
}
