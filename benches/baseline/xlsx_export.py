#!/usr/bin/env python3
"""Baseline for the XLSX export benchmark: the same job done the common Python way.

Reads a zip of WPML XLIFF files with lxml, writes one bilingual workbook per file with
openpyxl (header block, #/Context/Source/Translation/Comment/Key columns, wrapped text,
locked/unlocked cells, protection, frozen panes, autofilter) and zips the workbooks.
Prints the wall time in seconds as JSON so `wordmark-bench` can put it next to its own.

usage: xlsx_export.py <xliff.zip> <out.zip>
"""
import io
import json
import sys
import time
import zipfile

from lxml import etree
from openpyxl import Workbook
from openpyxl.styles import Alignment, Protection

NS = {"x": "urn:oasis:names:tc:xliff:document:1.2"}


def workbook_for(name: str, data: bytes) -> bytes:
    root = etree.fromstring(data)
    wb = Workbook()
    ws = wb.active
    ws.title = "Translation"
    ws.append(["File", name])
    ws.append(["Source language", root.find("x:file", NS).get("source-language")])
    ws.append(["Target language", root.find("x:file", NS).get("target-language")])
    ws.append([])
    ws.append(["#", "Context", "Source", "Translation", "Comment", "Key"])
    wrap = Alignment(wrap_text=True, vertical="top")
    unlocked = Protection(locked=False)
    for n, unit in enumerate(root.iterfind(".//x:trans-unit", NS), start=1):
        source = unit.findtext("x:source", default="", namespaces=NS)
        target = unit.findtext("x:target", default="", namespaces=NS)
        ws.append([str(n), unit.get("resname") or unit.get("id"), source, target, "", unit.get("id")])
        row = ws.max_row
        for col in range(1, 7):
            cell = ws.cell(row=row, column=col)
            cell.data_type = "s"
            cell.alignment = wrap
        ws.cell(row=row, column=4).protection = unlocked
        ws.cell(row=row, column=5).protection = unlocked
    ws.column_dimensions["C"].width = 60
    ws.column_dimensions["D"].width = 60
    ws.column_dimensions["F"].hidden = True
    ws.freeze_panes = "A6"
    ws.auto_filter.ref = f"A5:F{ws.max_row}"
    ws.protection.sheet = True
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def main() -> None:
    src, dst = sys.argv[1], sys.argv[2]
    started = time.perf_counter()
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            if info.is_dir():
                continue
            name = info.filename.rsplit("/", 1)[-1]
            stem = name.rsplit(".", 1)[0]
            zout.writestr(stem + ".xlsx", workbook_for(name, zin.read(info)))
    print(json.dumps({"seconds": time.perf_counter() - started}))


if __name__ == "__main__":
    main()
