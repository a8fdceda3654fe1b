//! The brand sheet's layout: what goes where on which A4 page, as plain drawing operations.
//!
//! Layout is kept apart from PDF writing ([`super::pdf`]) so that page breaks and wrapping are
//! decided in one place with real glyph widths, and the PDF side only paints.

use super::model::{ColourRole, Location, RebrandingData, labelled};
use super::swatch::Swatch;
use crate::colour::Rgb;
use crate::fonts::{Face, runs};

/// A4 in PDF points.
pub const PAGE_WIDTH: f32 = 595.28;
pub const PAGE_HEIGHT: f32 = 841.89;
const MARGIN: f32 = 48.0;
const CONTENT_WIDTH: f32 = PAGE_WIDTH - 2.0 * MARGIN;
/// Space kept free at the bottom of every page for the footer.
const FOOTER_SPACE: f32 = 36.0;
const BOTTOM: f32 = PAGE_HEIGHT - MARGIN - FOOTER_SPACE;

pub const INK: Rgb = Rgb::new(0x1F, 0x29, 0x33);
pub const MUTED: Rgb = Rgb::new(0x6B, 0x72, 0x80);
pub const HAIRLINE: Rgb = Rgb::new(0xD1, 0xD5, 0xDB);

const SWATCH_COLUMNS: usize = 4;
const SWATCH_GAP: f32 = 12.0;
const SWATCH_HEIGHT: f32 = 58.0;
const NOTE_LINE: f32 = 10.0;
const CMYK_NOTE: &str = "* CMYK suggested by Wordmark from RGB (device-independent formula). \
                         Confirm print values with your printer's colour profile.";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

/// One drawing operation; coordinates from the page's top-left corner, y downwards.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// Text on one line; `y` is the baseline.
    Text {
        x: f32,
        y: f32,
        size: f32,
        weight: Weight,
        colour: Rgb,
        text: String,
    },
    Rect {
        x: f32,
        y: f32,
        width: f32,
        height: f32,
        fill: Rgb,
        /// A hairline border, so that white and very light swatches remain visible.
        border: Option<Rgb>,
    },
    /// The client logo, fitted into this box by the painter.
    Logo {
        x: f32,
        y: f32,
        width: f32,
        height: f32,
    },
}

/// What the sheet shows besides the project data.
pub struct SheetInfo<'a> {
    pub data: &'a RebrandingData,
    pub groups: &'a [(ColourRole, Vec<Swatch>)],
    pub client_name: &'a str,
    pub has_logo: bool,
    pub generated_at: &'a str,
}

impl Weight {
    /// The bundled font of this weight (before any fallback).
    pub(crate) fn face(self) -> Face {
        match self {
            Weight::Regular => Face::Regular,
            Weight::Bold => Face::Bold,
        }
    }
}

/// The advance width of `text` in points, each run in the font that draws it (no kerning: the
/// PDF side shapes without it too).
pub fn text_width(text: &str, size: f32, weight: Weight) -> f32 {
    runs(text, weight.face())
        .into_iter()
        .map(|(face, run)| {
            let face = face.parsed();
            let units: u32 = run
                .chars()
                .map(|c| {
                    let glyph = face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
                    u32::from(face.glyph_hor_advance(glyph).unwrap_or(0))
                })
                .sum();
            units as f32 * size / f32::from(face.units_per_em())
        })
        .sum()
}

/// Breaks `text` into lines no wider than `width`, at spaces where possible.
pub(crate) fn wrap(text: &str, width: f32, size: f32, weight: Weight) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if text_width(&candidate, size, weight) <= width {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        // A single word wider than the column (an IBAN, an e-mail address) is cut by characters.
        for c in word.chars() {
            line.push(c);
            if text_width(&line, size, weight) > width {
                line.pop();
                lines.push(std::mem::replace(&mut line, c.to_string()));
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Pages being filled from top to bottom.
struct Layout {
    pages: Vec<Vec<Op>>,
    y: f32,
}

impl Layout {
    fn new() -> Self {
        Self {
            pages: vec![Vec::new()],
            y: MARGIN,
        }
    }

    fn push(&mut self, op: Op) {
        self.pages.last_mut().expect("one page at least").push(op);
    }

    /// Starts a new page unless `height` more points fit on this one.
    fn ensure(&mut self, height: f32) {
        if self.y + height > BOTTOM {
            self.pages.push(Vec::new());
            self.y = MARGIN;
        }
    }

    fn text(&mut self, x: f32, y: f32, size: f32, weight: Weight, colour: Rgb, text: &str) {
        self.push(Op::Text {
            x,
            y,
            size,
            weight,
            colour,
            text: text.to_owned(),
        });
    }

    fn section_title(&mut self, title: &str, first_content_height: f32) {
        // Keep a title together with the start of what it introduces.
        self.ensure(40.0 + first_content_height);
        self.y += 22.0;
        self.text(MARGIN, self.y, 14.0, Weight::Bold, INK, title);
        self.y += 6.0;
        self.push(Op::Rect {
            x: MARGIN,
            y: self.y,
            width: CONTENT_WIDTH,
            height: 0.6,
            fill: HAIRLINE,
            border: None,
        });
        self.y += 12.0;
    }
}

/// Lays out the whole sheet; the result has one entry per page.
pub fn layout(info: &SheetInfo) -> Vec<Vec<Op>> {
    let mut l = Layout::new();
    header(&mut l, info);
    colours(&mut l, info.groups);
    typography(&mut l, info.data);
    locations(&mut l, &info.data.locations);
    let total = l.pages.len();
    for (index, page) in l.pages.iter_mut().enumerate() {
        footer(page, info, index + 1, total);
    }
    l.pages
}

fn header(l: &mut Layout, info: &SheetInfo) {
    const LOGO_WIDTH: f32 = 150.0;
    const LOGO_HEIGHT: f32 = 72.0;
    let text_width = if info.has_logo {
        CONTENT_WIDTH - LOGO_WIDTH - 16.0
    } else {
        CONTENT_WIDTH
    };
    let top = l.y;
    l.text(MARGIN, top + 8.0, 8.0, Weight::Bold, MUTED, "BRAND SHEET");
    let mut y = top + 8.0;
    for line in wrap(&info.data.display_name, text_width, 24.0, Weight::Bold) {
        y += 28.0;
        l.text(MARGIN, y, 24.0, Weight::Bold, INK, &line);
    }
    for line in wrap(&info.data.legal_name, text_width, 11.0, Weight::Regular) {
        y += 16.0;
        l.text(MARGIN, y, 11.0, Weight::Regular, MUTED, &line);
    }
    if !info.client_name.trim().is_empty() {
        y += 14.0;
        let client = format!("Client: {}", info.client_name.trim());
        l.text(MARGIN, y, 8.5, Weight::Regular, MUTED, &client);
    }
    if info.has_logo {
        l.push(Op::Logo {
            x: MARGIN + CONTENT_WIDTH - LOGO_WIDTH,
            y: top,
            width: LOGO_WIDTH,
            height: LOGO_HEIGHT,
        });
        y = y.max(top + LOGO_HEIGHT);
    }
    l.y = y + 14.0;
    colour_band(l, info.groups);
}

/// A band of all brand colours side by side: the brand at a glance.
fn colour_band(l: &mut Layout, groups: &[(ColourRole, Vec<Swatch>)]) {
    let all: Vec<&Swatch> = groups.iter().flat_map(|(_, s)| s).collect();
    if all.is_empty() {
        return;
    }
    let width = CONTENT_WIDTH / all.len() as f32;
    for (i, s) in all.iter().enumerate() {
        l.push(Op::Rect {
            x: MARGIN + i as f32 * width,
            y: l.y,
            width,
            height: 6.0,
            fill: s.rgb,
            border: is_light(s.rgb).then_some(HAIRLINE),
        });
    }
    l.y += 6.0;
}

/// Light enough to vanish on white paper without an outline (relative luminance above 0.85).
fn is_light(colour: Rgb) -> bool {
    let [r, g, b] = colour.to_unit();
    0.2126 * r + 0.7152 * g + 0.0722 * b > 0.85
}

fn colours(l: &mut Layout, groups: &[(ColourRole, Vec<Swatch>)]) {
    const CARD_HEIGHT: f32 = SWATCH_HEIGHT + 50.0;
    let card_width =
        (CONTENT_WIDTH - SWATCH_GAP * (SWATCH_COLUMNS - 1) as f32) / SWATCH_COLUMNS as f32;
    l.section_title("Colours", 3.0 * NOTE_LINE + 18.0 + CARD_HEIGHT);
    if groups.is_empty() {
        l.text(
            MARGIN,
            l.y + 10.0,
            9.5,
            Weight::Regular,
            MUTED,
            "No colours defined yet.",
        );
        l.y += 16.0;
        return;
    }
    // The note explaining the asterisks comes first, under the title: it never ends up alone
    // on a page of its own, and it is read before the values it qualifies.
    if groups.iter().flat_map(|(_, s)| s).any(|s| s.cmyk_computed) {
        for line in wrap(CMYK_NOTE, CONTENT_WIDTH, 7.5, Weight::Regular) {
            l.text(MARGIN, l.y, 7.5, Weight::Regular, MUTED, &line);
            l.y += NOTE_LINE;
        }
    }
    for (role, swatches) in groups {
        l.ensure(18.0 + CARD_HEIGHT);
        l.y += 10.0;
        l.text(
            MARGIN,
            l.y,
            8.5,
            Weight::Bold,
            MUTED,
            &role.label().to_uppercase(),
        );
        l.y += 8.0;
        for row in swatches.chunks(SWATCH_COLUMNS) {
            l.ensure(CARD_HEIGHT);
            for (column, s) in row.iter().enumerate() {
                let x = MARGIN + column as f32 * (card_width + SWATCH_GAP);
                swatch_card(l, s, x, card_width);
            }
            l.y += CARD_HEIGHT + 6.0;
        }
    }
}

fn swatch_card(l: &mut Layout, s: &Swatch, x: f32, width: f32) {
    let top = l.y;
    l.push(Op::Rect {
        x,
        y: top,
        width,
        height: SWATCH_HEIGHT,
        fill: s.rgb,
        border: Some(HAIRLINE),
    });
    let mut y = top + SWATCH_HEIGHT + 13.0;
    l.text(x, y, 10.0, Weight::Bold, INK, &s.hex);
    let name = s.name();
    let name_x = x + width - text_width(&name, 7.0, Weight::Regular);
    l.text(name_x, y, 7.0, Weight::Regular, MUTED, &name);
    let Rgb { r, g, b } = s.rgb;
    let cmyk = s.cmyk;
    let mark = if s.cmyk_computed { "*" } else { "" };
    for line in [
        format!("RGB  {r} / {g} / {b}"),
        format!(
            "CMYK  {} / {} / {} / {}{mark}",
            cmyk.c, cmyk.m, cmyk.y, cmyk.k
        ),
    ] {
        y += 12.0;
        l.text(x, y, 8.0, Weight::Regular, INK, &line);
    }
}

fn typography(l: &mut Layout, data: &RebrandingData) {
    let fonts = &data.font_scheme;
    l.section_title("Typography", 40.0);
    for (label, family, size, weight) in [
        ("Headline", &fonts.headline, 18.0, Weight::Bold),
        ("Body", &fonts.body, 12.0, Weight::Regular),
    ] {
        let family = family.trim();
        l.ensure(size + 14.0);
        l.y += size + 6.0;
        l.text(MARGIN, l.y, 8.5, Weight::Bold, MUTED, &label.to_uppercase());
        let shown = if family.is_empty() {
            "Not chosen yet"
        } else {
            family
        };
        l.text(MARGIN + 80.0, l.y, size, weight, INK, shown);
    }
    l.y += 14.0;
    l.text(
        MARGIN + 80.0,
        l.y,
        7.0,
        Weight::Regular,
        MUTED,
        "Family names shown in the sheet's own typeface; install the brand fonts to use them.",
    );
}

fn locations(l: &mut Layout, locations: &[Location]) {
    const COLUMNS: usize = 3;
    const GAP: f32 = 16.0;
    const LINE: f32 = 12.0;
    let column_width = (CONTENT_WIDTH - GAP * (COLUMNS - 1) as f32) / COLUMNS as f32;
    if locations.is_empty() {
        return;
    }
    l.section_title("Locations", 80.0);
    for (index, location) in locations.iter().enumerate() {
        let columns = location_columns(location).map(|(heading, lines)| {
            let wrapped: Vec<String> = lines
                .iter()
                .flat_map(|line| wrap(line, column_width, 8.5, Weight::Regular))
                .collect();
            (heading, wrapped)
        });
        let rows = columns
            .iter()
            .map(|(_, lines)| lines.len())
            .max()
            .unwrap_or(0);
        l.ensure(34.0 + rows as f32 * LINE);
        l.y += 16.0;
        let title = match location.address.city.trim() {
            "" => format!("Location {index}"),
            city => format!("Location {index} · {city}"),
        };
        l.text(MARGIN, l.y, 10.5, Weight::Bold, INK, &title);
        l.y += 14.0;
        for (column, (heading, lines)) in columns.iter().enumerate() {
            let x = MARGIN + column as f32 * (column_width + GAP);
            l.text(x, l.y, 7.0, Weight::Bold, MUTED, heading);
            for (row, line) in lines.iter().enumerate() {
                let y = l.y + (row + 1) as f32 * LINE;
                l.text(x, y, 8.5, Weight::Regular, INK, line);
            }
        }
        l.y += rows as f32 * LINE + 4.0;
    }
}

/// The three columns of a location: address and contact, legal information, banking.
fn location_columns(location: &Location) -> [(&'static str, Vec<String>); 3] {
    let contact = &location.contact_details;
    let legal = &location.legal_info;
    let bank = &location.banking;
    let non_empty = |lines: Vec<String>| -> Vec<String> {
        let lines: Vec<String> = lines.into_iter().filter(|l| !l.is_empty()).collect();
        if lines.is_empty() {
            vec!["–".to_owned()]
        } else {
            lines
        }
    };
    let mut address = location.address.lines();
    address.extend([
        labelled("Phone", &contact.phone),
        labelled("Fax", &contact.fax),
        labelled("E-mail", &contact.email),
    ]);
    [
        ("ADDRESS AND CONTACT", non_empty(address)),
        (
            "LEGAL",
            non_empty(vec![
                labelled("Management", &legal.management),
                labelled("Register", &legal.commercial_registration),
                labelled("VAT ID", &legal.vat_id),
            ]),
        ),
        (
            "BANKING",
            non_empty(vec![
                bank.bank.trim().to_owned(),
                labelled("IBAN", &bank.iban),
                labelled("BIC", &bank.bic),
            ]),
        ),
    ]
}

fn footer(page: &mut Vec<Op>, info: &SheetInfo, number: usize, total: usize) {
    let y = PAGE_HEIGHT - MARGIN;
    page.push(Op::Rect {
        x: MARGIN,
        y: y - 14.0,
        width: CONTENT_WIDTH,
        height: 0.6,
        fill: HAIRLINE,
        border: None,
    });
    let left = format!(
        "{} · brand sheet generated by Wordmark · {}",
        info.data.display_name.trim(),
        info.generated_at.trim()
    );
    let right = format!("Page {number} of {total}");
    let right_x = MARGIN + CONTENT_WIDTH - text_width(&right, 7.5, Weight::Regular);
    let left = wrap(&left, right_x - MARGIN - 12.0, 7.5, Weight::Regular)
        .into_iter()
        .next()
        .unwrap_or_default();
    for (x, text) in [(MARGIN, left), (right_x, right)] {
        page.push(Op::Text {
            x,
            y,
            size: 7.5,
            weight: Weight::Regular,
            colour: MUTED,
            text,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_with_the_bundled_font() {
        let narrow = text_width("iiii", 10.0, Weight::Regular);
        let wide = text_width("WWWW", 10.0, Weight::Regular);
        assert!(narrow > 5.0 && wide > 2.0 * narrow, "{narrow} {wide}");
        assert!(text_width("ab", 10.0, Weight::Bold) > text_width("ab", 10.0, Weight::Regular));
    }

    #[test]
    fn wraps_at_spaces_and_cuts_long_words() {
        let lines = wrap(
            "Müller & Söhne Gesellschaft mit beschränkter Haftung",
            100.0,
            10.0,
            Weight::Regular,
        );
        assert!(lines.len() > 2, "{lines:?}");
        for line in &lines {
            assert!(text_width(line, 10.0, Weight::Regular) <= 100.0, "{line}");
        }
        assert_eq!(
            lines.join(" "),
            "Müller & Söhne Gesellschaft mit beschränkter Haftung"
        );
        let iban = wrap(
            "DE89370400440532013000DE89370400440532013000",
            60.0,
            10.0,
            Weight::Regular,
        );
        assert!(iban.len() > 1);
        assert_eq!(
            iban.concat(),
            "DE89370400440532013000DE89370400440532013000"
        );
    }

    /// The page index holding a text op that satisfies `matches`.
    fn page_of(pages: &[Vec<Op>], matches: impl Fn(&str) -> bool) -> Option<usize> {
        pages.iter().position(|page| {
            page.iter()
                .any(|op| matches!(op, Op::Text { text, .. } if matches(text)))
        })
    }

    #[test]
    fn the_cmyk_note_opens_the_colours_on_their_first_page() {
        use crate::brand::model::{ColorScheme, Colour};
        use crate::brand::swatch::swatches;
        // Headers of different heights put the colours section at many different heights.
        let names = [
            "Café",
            "Süß Café-mws98ph25980 Neu",
            "Café Müller & Söhne Gesellschaft mbH & Co KG",
        ];
        let cases = (1..=12).flat_map(|n| [(n, false), (n, true)]);
        for ((count, highlight), name) in cases.flat_map(|c| names.map(|name| (c, name))) {
            let scheme = ColorScheme {
                prio1_colors: vec![Colour::from_hex("#0A3D62").unwrap(); count],
                prio2_colors: vec![Colour::from_hex("#E55039").unwrap(); count % 3],
                highlight_color: highlight.then(|| Colour::from_hex("#FA983A").unwrap()),
                greyscale_colors: vec![Colour::from_hex("#2F3640").unwrap()],
            };
            let groups = swatches(&scheme);
            let data = RebrandingData {
                display_name: name.into(),
                legal_name: name.into(),
                ..RebrandingData::default()
            };
            let info = SheetInfo {
                data: &data,
                groups: &groups,
                client_name: "Bäckerei Süß",
                has_logo: true,
                generated_at: "",
            };
            let pages = layout(&info);
            let note = page_of(&pages, |t| t.starts_with("* CMYK suggested"));
            let first = page_of(&pages, |t| t == "#0A3D62");
            let title = page_of(&pages, |t| t == "Colours");
            assert_eq!(
                note, first,
                "{count}/{highlight}/{name}: note and swatches apart"
            );
            assert_eq!(
                note, title,
                "{count}/{highlight}/{name}: note and title apart"
            );
            let note_y = pages.iter().flatten().find_map(|op| match op {
                Op::Text { text, y, .. } if text.starts_with("* CMYK") => Some(*y),
                _ => None,
            });
            assert!(
                note_y.unwrap() <= BOTTOM,
                "{count}/{highlight}/{name}: note in the footer"
            );
        }
    }

    #[test]
    fn many_locations_flow_onto_further_pages_with_numbered_footers() {
        let data = RebrandingData {
            display_name: "Café".into(),
            locations: vec![Location::default(); 40],
            ..RebrandingData::default()
        };
        let info = SheetInfo {
            data: &data,
            groups: &[],
            client_name: "",
            has_logo: false,
            generated_at: "2026-11-22",
        };
        let pages = layout(&info);
        assert!(pages.len() > 1);
        for (i, page) in pages.iter().enumerate() {
            let footer = format!("Page {} of {}", i + 1, pages.len());
            assert!(
                page.iter()
                    .any(|op| matches!(op, Op::Text { text, .. } if *text == footer))
            );
            for op in page {
                if let Op::Text { y, .. } = op {
                    assert!(*y <= PAGE_HEIGHT - MARGIN + 0.01);
                }
            }
        }
    }
}
