//! openpyxl, a strict reader outside the Rust world, sees the workbook as it is meant to be:
//! styles, rich-text colours, protection, filter, frozen header, print settings.
//!
//! Uses the Python `WORDMARK_PYTHON` names (`make py-deps` builds it, with openpyxl); reported
//! as ignored without it.

mod xlsx_support;

#[path = "../../testing/python.rs"]
mod python;

use std::process::Command;

use serde_json::{Value, json};
use wordmark_core::xlsx::export_workbook;
use xlsx_support::{meta, row};

/// Prints what the test compares, as JSON.
const SCRIPT: &str = r#"
import json, sys, warnings
warnings.simplefilter("error")
import openpyxl
wb = openpyxl.load_workbook(sys.argv[1], rich_text=True)
ws, hidden = wb["Translation"], wb["wordmark"]

def style(ref):
    c = ws[ref]
    return {
        "bold": bool(c.font.b), "italic": bool(c.font.i), "size": c.font.sz,
        "colour": c.font.color.rgb if c.font.color is not None else None,
        "fill": c.fill.fgColor.rgb if c.fill.fill_type == "solid" else None,
        "border": c.border.bottom.style, "top": c.alignment.vertical == "top",
        "wrap": bool(c.alignment.wrap_text), "format": c.number_format,
        "locked": c.protection.locked,
    }

def runs(ref):
    return [[b.font.color.rgb if b.font.color is not None else None, b.text]
            if hasattr(b, "font") else [None, b] for b in ws[ref].value]

p = ws.protection
print(json.dumps({
    "sheets": wb.sheetnames,
    "hidden_sheet": [hidden.sheet_state, hidden.protection.sheet,
                     [[c.value for c in r] for r in hidden.iter_rows()][:2]],
    "protection": [p.sheet, p.password, p.formatColumns, p.formatRows, p.sort, p.autoFilter,
                   p.formatCells, p.insertRows, p.deleteRows],
    "view": [ws.freeze_panes, ws.auto_filter.ref, ws.print_title_rows],
    "print": [ws.page_setup.orientation, ws.sheet_properties.pageSetUpPr.fitToPage,
              ws.page_setup.fitToHeight],
    "hidden_columns": sorted(k for k, d in ws.column_dimensions.items() if d.hidden),
    "title": style("A1"), "notice": style("A7"), "instruction": style("A8"),
    "header": style("D10"), "number": [ws["A11"].value, style("A11")],
    "context": style("B11"), "source": style("C11"), "translation": style("D11"),
    "comment": [ws["E11"].value, style("E11")], "key": ws["G11"].value,
    "runs": runs("C12"),
}))
"#;

fn style(
    bold: bool,
    colour: Option<&str>,
    fill: Option<&str>,
    text_cell: bool,
    locked: bool,
) -> Value {
    json!({
        "bold": bold, "italic": false, "size": 11.0, "colour": colour, "fill": fill,
        "border": null, "top": text_cell, "wrap": text_cell,
        "format": if text_cell { "@" } else { "General" }, "locked": locked,
    })
}

#[test]
#[cfg_attr(
    not(python),
    ignore = "needs WORDMARK_PYTHON: a Python with lxml and openpyxl (make py-deps; make test sets it)"
)]
fn openpyxl_reads_the_workbook_as_designed() {
    let python = python::python();
    let mut with_notice = meta();
    with_notice.mt_notice = Some("Pseudo-translation: not for delivery".into());
    let rows = [
        row("u1", "Welcome to <b>Acme</b>", "Willkommen bei <b>Acme</b>"),
        row(
            "u2",
            r#"Read <a href="/terms">the terms</a>.<br/>"#,
            r#"Lesen Sie <a href="/terms">die Bedingungen</a>.<br/>"#,
        ),
    ];
    let xlsx = export_workbook(&with_notice, &rows).unwrap();
    let path = std::env::temp_dir().join(format!("wordmark-openpyxl-{}.xlsx", std::process::id()));
    std::fs::write(&path, xlsx).unwrap();
    let output = Command::new(python)
        .args(["-c", SCRIPT])
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let seen: Value = serde_json::from_slice(&output.stdout).unwrap();

    let mut title = style(true, None, None, false, true);
    title["size"] = json!(14.0);
    let mut instruction = style(false, None, None, false, true);
    instruction["italic"] = json!(true);
    let mut header = style(true, None, Some("FFD9D9D9"), false, true);
    header["border"] = json!("thin");
    header["top"] = json!(true);
    let mut number = style(false, None, None, false, true);
    number["top"] = json!(true);
    let locked = style(false, None, Some("FFF2F2F2"), true, true);
    let editable = style(false, None, None, true, false);
    let expected = json!({
        "sheets": ["Translation", "wordmark"],
        "hidden_sheet": ["hidden", true, [["format_version", "1"], ["job_id", "7"]]],
        // No password; columns, rows, sorting and the filter stay usable, nothing else.
        "protection": [true, null, false, false, false, false, true, true, true],
        "view": ["A11", "A10:H12", "$10:$10"],
        "print": ["landscape", true, 0],
        "hidden_columns": ["G"],
        "title": title,
        "notice": style(true, Some("FFC00000"), None, false, true),
        "instruction": instruction,
        "header": header,
        "number": [1, number],
        "context": locked,
        "source": locked,
        "translation": editable,
        "comment": [null, editable],
        "key": "u1",
        "runs": [
            [null, "Read "],
            ["FF1F5FBF", "<a href=\"/terms\">"],
            [null, "the terms"],
            ["FF1F5FBF", "</a>"],
            [null, "."],
            ["FF7F7F7F", "<br/>"],
        ],
    });
    assert_eq!(seen, expected);
}
