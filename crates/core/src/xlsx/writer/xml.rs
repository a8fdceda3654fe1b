//! Text and numbers as they go into the package's XML, appended straight to the output.
//!
//! Every cell passes through here, so these avoid `core::fmt` and intermediate strings: text is
//! copied in slices between the few bytes that need an escape, found with a lookup table.

/// Appends `text` as the character data of a `<t>` element so that Excel, LibreOffice and
/// calamine read back exactly `text`:
///
/// * `&`, `<` and `>` become XML entities;
/// * characters XML 1.0 does not allow (control characters other than tab and line feed, and
///   U+FFFE, U+FFFF) would make the file invalid, so they are written as Excel's `_xHHHH_`
///   escape, as Excel does; so is a carriage return, which XML readers would otherwise turn
///   (with a following line feed) into a line feed;
/// * an underscore that starts something reading like such an escape (`_x0041_`) gets Excel's
///   escaped underscore `_x005F` in front, or it would come back as the character it names.
///
/// Content never goes into attributes (sheet names and defined names are fixed), so `"` stays.
pub(super) fn push_text(out: &mut String, text: &str) {
    let bytes = text.as_bytes();
    // Bytes before `from` are written; everything in between is copied as one slice.
    let mut from = 0;
    let mut at = 0;
    while at < bytes.len() {
        let byte = bytes[at];
        if !NEEDS_LOOK[usize::from(byte)] {
            at += 1;
            continue;
        }
        // Every byte looked at is ASCII or a UTF-8 lead byte, so these slices stay on
        // character boundaries.
        match byte {
            b'&' | b'<' | b'>' => {
                out.push_str(&text[from..at]);
                out.push_str(match byte {
                    b'&' => "&amp;",
                    b'<' => "&lt;",
                    _ => "&gt;",
                });
                from = at + 1;
            }
            b'_' => {
                if reads_like_escape(&bytes[at..]) {
                    out.push_str(&text[from..at]);
                    out.push_str("_x005F");
                    // The underscore itself goes out with the next slice.
                    from = at;
                }
            }
            0xEF => {
                // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
                if let [0xBF, last @ (0xBE | 0xBF), ..] = bytes[at + 1..] {
                    out.push_str(&text[from..at]);
                    out.push_str(if last == 0xBE { "_xFFFE_" } else { "_xFFFF_" });
                    at += 3;
                    from = at;
                    continue;
                }
            }
            control => {
                out.push_str(&text[from..at]);
                out.push_str("_x00");
                push_hex_byte(out, control);
                out.push('_');
                from = at + 1;
            }
        }
        at += 1;
    }
    out.push_str(&text[from..]);
}

/// Bytes [`push_text`] has to look at: entity characters, the underscore, control characters
/// but tab and line feed, and the lead byte of U+FFFE and U+FFFF.
const NEEDS_LOOK: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 0x20 {
        table[byte] = byte != b'\t' as usize && byte != b'\n' as usize;
        byte += 1;
    }
    table[b'&' as usize] = true;
    table[b'<' as usize] = true;
    table[b'>' as usize] = true;
    table[b'_' as usize] = true;
    table[0xEF] = true;
    table
};

/// Whether `bytes` (starting at an underscore) begin with `_xHHHH_`.
fn reads_like_escape(bytes: &[u8]) -> bool {
    matches!(bytes, [b'_', b'x', h1, h2, h3, h4, b'_', ..]
        if [h1, h2, h3, h4].iter().all(|h| h.is_ascii_hexdigit()))
}

fn push_hex_byte(out: &mut String, byte: u8) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push(char::from(HEX[usize::from(byte >> 4)]));
    out.push(char::from(HEX[usize::from(byte & 0xF)]));
}

/// Appends `number` in decimal.
pub(super) fn push_u32(out: &mut String, number: u32) {
    let mut digits = [0u8; 10];
    let text = u32_digits(number, &mut digits);
    out.push_str(text);
}

/// `number`'s decimal digits, written to the end of `buffer`.
pub(super) fn u32_digits(mut number: u32, buffer: &mut [u8; 10]) -> &str {
    let mut start = buffer.len();
    loop {
        start -= 1;
        buffer[start] = b'0' + (number % 10) as u8;
        number /= 10;
        if number == 0 {
            break;
        }
    }
    // Only ASCII digits were written.
    std::str::from_utf8(&buffer[start..]).unwrap_or_default()
}

/// Appends the column's letters (0 → `A`, 26 → `AA`).
pub(super) fn push_column(out: &mut String, column: u16) {
    let mut letters = [0u8; 3];
    let mut start = letters.len();
    let mut rest = u32::from(column) + 1;
    while rest > 0 {
        start -= 1;
        letters[start] = b'A' + ((rest - 1) % 26) as u8;
        rest = (rest - 1) / 26;
    }
    out.push_str(std::str::from_utf8(&letters[start..]).unwrap_or_default());
}

/// Appends an A1 reference to a cell (0-based row and column): `C12`, or `$C$12` when
/// `absolute`.
pub(super) fn push_cell(out: &mut String, row: u32, column: u16, absolute: bool) {
    if absolute {
        out.push('$');
    }
    push_column(out, column);
    if absolute {
        out.push('$');
    }
    push_u32(out, row + 1);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(text: &str) -> String {
        let mut out = String::new();
        push_text(&mut out, text);
        out
    }

    #[test]
    fn plain_text_is_copied() {
        assert_eq!(text(""), "");
        assert_eq!(text("Grüße, 😀 \"quoted\" 'x'"), "Grüße, 😀 \"quoted\" 'x'");
        assert_eq!(text("tab\tand\nnew line"), "tab\tand\nnew line");
    }

    #[test]
    fn markup_characters_become_entities() {
        assert_eq!(
            text(r#"<a href="/x?a=1&b=2">"#),
            r#"&lt;a href="/x?a=1&amp;b=2"&gt;"#
        );
        assert_eq!(text("&amp;"), "&amp;amp;");
    }

    #[test]
    fn text_like_excel_escapes_is_escaped_once() {
        assert_eq!(text("plain_text"), "plain_text");
        assert_eq!(text("_x0041_"), "_x005F_x0041_");
        assert_eq!(text("a_x00e9_b_xABCD_"), "a_x005F_x00e9_b_x005F_xABCD_");
        assert_eq!(text("_x00G1_ and _x12_"), "_x00G1_ and _x12_");
        assert_eq!(text("__x0041_"), "__x005F_x0041_");
        assert_eq!(text("_x005F_x0041_"), "_x005F_x005F_x005F_x0041_");
        assert_eq!(text("ends _x004"), "ends _x004");
    }

    #[test]
    fn characters_xml_forbids_become_excel_escapes() {
        assert_eq!(text("bell\u{7}"), "bell_x0007_");
        assert_eq!(text("\u{0}\u{1f}\u{b}"), "_x0000__x001F__x000B_");
        assert_eq!(text("line\r\nnext"), "line_x000D_\nnext");
        assert_eq!(text("a\u{FFFE}b\u{FFFF}"), "a_xFFFE_b_xFFFF_");
        // Other characters starting with the same byte stay as they are.
        assert_eq!(text("\u{FFFD}\u{F000}"), "\u{FFFD}\u{F000}");
        // Allowed by XML 1.0, so kept (as Excel keeps them).
        assert_eq!(text("del\u{7f} c1\u{85}"), "del\u{7f} c1\u{85}");
    }

    #[test]
    fn numbers_and_references() {
        let mut out = String::new();
        push_u32(&mut out, 0);
        out.push(' ');
        push_u32(&mut out, u32::MAX);
        assert_eq!(out, "0 4294967295");
        let mut out = String::new();
        for column in [0, 6, 25, 26, 701, 702, 16_383] {
            push_column(&mut out, column);
            out.push(' ');
        }
        assert_eq!(out, "A G Z AA ZZ AAA XFD ");
        let mut out = String::new();
        push_cell(&mut out, 9, 0, true);
        push_cell(&mut out, 40, 6, false);
        assert_eq!(out, "$A$10G41");
    }
}
