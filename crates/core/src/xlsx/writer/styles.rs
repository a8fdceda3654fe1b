//! The workbook's styles: a fixed `xl/styles.xml`, the cell styles that index into it, and the
//! fonts of rich-text runs.
//!
//! The review workbook always needs the same handful of looks, so they are written out once
//! here instead of being collected from the cells. Fonts name Calibri 11 directly rather than
//! through a theme, because the package has no theme part.

/// A cell's style: its index in `cellXfs` below.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::xlsx) enum Style {
    /// Calibri 11, locked (as every cell without a style).
    Default,
    /// The header block's first line: bold 14 pt.
    Title,
    /// The header block's labels: bold.
    Label,
    /// A notice that must not be overlooked: bold, dark red.
    Notice,
    /// Italic.
    Instruction,
    /// The table's header row: bold on grey, thin bottom border, top-aligned.
    Header,
    /// Top-aligned, for the `#` numbers.
    Number,
    /// Locked table text: shaded light grey, wrapped, top-aligned, number format text (`@`).
    Locked,
    /// Editable table text: like [`Style::Locked`] but unlocked and not shaded.
    Editable,
}

impl Style {
    /// The `s` attribute of a cell with this style; `None` for the default style.
    pub(super) fn index(self) -> Option<&'static str> {
        Some(match self {
            Style::Default => return None,
            Style::Title => "1",
            Style::Label => "2",
            Style::Notice => "3",
            Style::Instruction => "4",
            Style::Header => "5",
            Style::Number => "6",
            Style::Locked => "7",
            Style::Editable => "8",
        })
    }
}

/// Fonts: 0 normal, 1 title, 2 bold, 3 notice, 4 italic. Fills: 0 and 1 are required by
/// Excel, 2 header grey, 3 locked-cell grey. Borders: 0 none, 1 thin bottom. `cellXfs` in the
/// order of [`Style`]; number format 49 is Excel's built-in text format `@`.
pub(super) const STYLES_XML: &str = concat!(
    r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#,
    "\n",
    r#"<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">"#,
    r#"<fonts count="5">"#,
    r#"<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>"#,
    r#"<font><b/><sz val="14"/><name val="Calibri"/><family val="2"/></font>"#,
    r#"<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font>"#,
    r#"<font><b/><sz val="11"/><color rgb="FFC00000"/><name val="Calibri"/><family val="2"/></font>"#,
    r#"<font><i/><sz val="11"/><name val="Calibri"/><family val="2"/></font>"#,
    r#"</fonts>"#,
    r#"<fills count="4">"#,
    r#"<fill><patternFill patternType="none"/></fill>"#,
    r#"<fill><patternFill patternType="gray125"/></fill>"#,
    r#"<fill><patternFill patternType="solid"><fgColor rgb="FFD9D9D9"/><bgColor indexed="64"/></patternFill></fill>"#,
    r#"<fill><patternFill patternType="solid"><fgColor rgb="FFF2F2F2"/><bgColor indexed="64"/></patternFill></fill>"#,
    r#"</fills>"#,
    r#"<borders count="2">"#,
    r#"<border><left/><right/><top/><bottom/><diagonal/></border>"#,
    r#"<border><left/><right/><top/><bottom style="thin"><color auto="1"/></bottom><diagonal/></border>"#,
    r#"</borders>"#,
    r#"<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>"#,
    r#"<cellXfs count="9">"#,
    r#"<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>"#,
    r#"<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>"#,
    r#"<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/>"#,
    r#"<xf numFmtId="0" fontId="3" fillId="0" borderId="0" xfId="0" applyFont="1"/>"#,
    r#"<xf numFmtId="0" fontId="4" fillId="0" borderId="0" xfId="0" applyFont="1"/>"#,
    r#"<xf numFmtId="0" fontId="2" fillId="2" borderId="1" xfId="0" applyFont="1" applyFill="1" applyBorder="1" applyAlignment="1"><alignment vertical="top"/></xf>"#,
    r#"<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment vertical="top"/></xf>"#,
    r#"<xf numFmtId="49" fontId="0" fillId="3" borderId="0" xfId="0" applyNumberFormat="1" applyFill="1" applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf>"#,
    r#"<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyAlignment="1" applyProtection="1"><alignment vertical="top" wrapText="1"/><protection locked="0"/></xf>"#,
    r#"</cellXfs>"#,
    r#"<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>"#,
    r#"<dxfs count="0"/>"#,
    r#"<tableStyles count="0" defaultTableStyle="TableStyleMedium9" defaultPivotStyle="PivotStyleLight16"/>"#,
    r#"</styleSheet>"#,
);

/// The font of a rich-text run. Each is one fixed `<rPr>` element, written as is for every run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::xlsx) enum RunFont {
    /// The cell's own font.
    Plain,
    /// Blue, for paired tags.
    Blue,
    /// Grey, for tags standing alone.
    Grey,
}

impl RunFont {
    pub(super) fn xml(self) -> &'static str {
        match self {
            RunFont::Plain => r#"<rPr><sz val="11"/><rFont val="Calibri"/><family val="2"/></rPr>"#,
            RunFont::Blue => {
                r#"<rPr><sz val="11"/><color rgb="FF1F5FBF"/><rFont val="Calibri"/><family val="2"/></rPr>"#
            }
            RunFont::Grey => {
                r#"<rPr><sz val="11"/><color rgb="FF7F7F7F"/><rFont val="Calibri"/><family val="2"/></rPr>"#
            }
        }
    }
}
