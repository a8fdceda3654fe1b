//! `colors.ase`: Adobe Swatch Exchange, read by Illustrator, InDesign, Photoshop, Affinity.
//!
//! Layout (all big-endian): `ASEF`, version 1.0 (two u16), u32 block count, then blocks of
//! u16 type + u32 length of the rest of the block. A group start (0xC001) holds a name, a colour
//! entry (0x0001) a name, a four-byte colour model (`RGB `, `CMYK`), one f32 per channel
//! (0.0–1.0) and a u16 colour type; a group end (0xC002) is empty. A name is a u16 count of UTF-16
//! code units including the terminating NUL, then those code units.
//!
//! Each role becomes a group with every colour twice: once as RGB (screen) and once as CMYK
//! (print), so designers pick the right one without converting.

use super::model::ColourRole;
use super::swatch::Swatch;

const SIGNATURE: &[u8; 4] = b"ASEF";
const VERSION: (u16, u16) = (1, 0);
const GROUP_START: u16 = 0xC001;
const GROUP_END: u16 = 0xC002;
const COLOUR_ENTRY: u16 = 0x0001;
/// "Normal" (process) colour; 0 would be global, 1 spot. Brand colours are printed in process
/// unless a printer assigns spot inks, which is their call.
const COLOUR_TYPE_NORMAL: u16 = 2;

pub fn colors_ase(groups: &[(ColourRole, Vec<Swatch>)]) -> Vec<u8> {
    let mut blocks: Vec<(u16, Vec<u8>)> = Vec::new();
    for (role, swatches) in groups {
        blocks.push((GROUP_START, name(role.label())));
        for s in swatches {
            blocks.push((
                COLOUR_ENTRY,
                colour_entry(&format!("{} RGB", s.name()), b"RGB ", &s.rgb.to_unit()),
            ));
            blocks.push((
                COLOUR_ENTRY,
                colour_entry(&format!("{} CMYK", s.name()), b"CMYK", &s.cmyk.to_unit()),
            ));
        }
        blocks.push((GROUP_END, Vec::new()));
    }
    let mut out = Vec::new();
    out.extend_from_slice(SIGNATURE);
    out.extend_from_slice(&VERSION.0.to_be_bytes());
    out.extend_from_slice(&VERSION.1.to_be_bytes());
    out.extend_from_slice(&(blocks.len() as u32).to_be_bytes());
    for (kind, body) in blocks {
        out.extend_from_slice(&kind.to_be_bytes());
        out.extend_from_slice(&(body.len() as u32).to_be_bytes());
        out.extend_from_slice(&body);
    }
    out
}

fn name(text: &str) -> Vec<u8> {
    let units: Vec<u16> = text.encode_utf16().chain([0]).collect();
    let mut out = Vec::with_capacity(2 + units.len() * 2);
    out.extend_from_slice(&(units.len() as u16).to_be_bytes());
    for unit in units {
        out.extend_from_slice(&unit.to_be_bytes());
    }
    out
}

fn colour_entry(label: &str, model: &[u8; 4], channels: &[f32]) -> Vec<u8> {
    let mut out = name(label);
    out.extend_from_slice(model);
    for channel in channels {
        out.extend_from_slice(&channel.to_be_bytes());
    }
    out.extend_from_slice(&COLOUR_TYPE_NORMAL.to_be_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_counted_utf16_with_a_terminator() {
        assert_eq!(name("Sö"), [0, 3, 0, b'S', 0, 0xF6, 0, 0]);
    }

    #[test]
    fn an_empty_palette_is_a_valid_file_without_blocks() {
        assert_eq!(colors_ase(&[]), b"ASEF\0\x01\0\0\0\0\0\0");
    }
}
