//! A small XLSX writer made for the review workbook.
//!
//! The workbook has a fixed set of styles and a few thousand cells, most of them rich text, so
//! a general-purpose writer spends its time on things this one never needs: a font element
//! built per rich-text run, a hashed shared-string table, formatted writes per cell. This one
//! writes each cell's XML once, directly (`sheet`), with styles and run fonts fixed in advance
//! (`styles`), escapes text in one pass (`xml`), and zips the parts (`package`).

mod package;
mod sheet;
mod styles;
mod xml;

pub(super) use package::write_package;
pub(super) use sheet::{ColumnFormat, Protection, Sheet, Table};
pub(super) use styles::{RunFont, Style};
