"""The termbase entries of TBX and CSV files as a reader outside Wordmark sees them (lxml and
Python's csv module), for `terms_fixtures.rs`. Prints JSON: for each file given, its root
element (TBX) or layout (CSV), its entries in file order as [source language, target
language, kind, source term, target terms], and how many of its concept entries or rows give
no entry. Language codes are lower case with `-` for `_`, as Wordmark stores them; kinds are
named as Wordmark names them (preferred, forbidden, do_not_translate).

The rules, written from the formats (they are what Wordmark's import report states):

TBX (v3 `conceptEntry`/`langSec`/`termSec`, v2 `termEntry`/`langSet`/`tig` or `ntig`):
* An entry's source language is the root's `xml:lang` when one of its language sections has
  it, otherwise the language of its first section; its source term is the first term of that
  section.
* Every section in another language gives entries for that pair: one `preferred` entry with
  its recommended terms (the preferred one first) and one `forbidden` entry with the terms
  whose status (`administrativeStatus`, `normativeAuthorization` or TBX-Min's `usageStatus`,
  DCA or DCT style) advises against them: deprecated, superseded, not recommended, obsolete.
  A source term noted "do not translate" gives a `do_not_translate` entry instead of the
  preferred one.
* A monolingual entry (only the source language), one without a source term and one whose
  other sections hold no term give no entry; they are counted as skipped. A further section
  in the source language adds nothing.

CSV, two layouts told apart by the header:
* named columns (source and target language and source term: Wordmark's own export, or
  TICO-19's `sourceLang`/`targetLang`/`sourceString`/`targetString`): one entry a row;
* a column per language (MateCat, Google Cloud Translation): the first language column is
  the source; every other language column with a term gives an entry (`|` separates
  variants), `forbidden` when the row's Forbidden column says so; a column in the source's
  language gives none. A row without a source term
  or without any target term is skipped; an empty row is nothing.

Language codes take WPML's form: `en-US` is `en`, `pt-BR` stays `pt-br` (see `code`).

No DTD, no entity, no network.
"""

import csv
import json
import re
import sys

from lxml import etree

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
ENTRY = {"conceptEntry", "termEntry"}
LANG_SECTION = {"langSec", "langSet"}
TERM_SECTION = {"termSec", "tig", "ntig"}
STATUS = {"administrativeStatus", "normativeAuthorization", "usageStatus"}
AGAINST = {"deprecated", "superseded", "notrecommended", "obsolete", "forbidden"}
LANGUAGE_CODE = re.compile(r"^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$")
YES = {"yes", "y", "true", "1", "x"}


def local(element):
    return etree.QName(element).localname if isinstance(element.tag, str) else None


# WPML's regional languages keep their region; any other region is dropped (en-US -> en), and
# Chinese with a region is WPML's Chinese of that region's script.
WPML_REGIONAL = ("pt-br", "pt-pt", "zh-hans", "zh-hant")
CHINESE = {"zh-cn": "zh-hans", "zh-sg": "zh-hans", "zh-tw": "zh-hant", "zh-hk": "zh-hant",
           "zh-mo": "zh-hant"}


def code(text):
    lowered = text.strip().lower().replace("_", "-")
    for regional in WPML_REGIONAL:
        if lowered == regional or lowered.startswith(regional + "-"):
            return regional
    return CHINESE.get(lowered, lowered.split("-")[0])


def text(element):
    return "".join(element.itertext()).strip()


def children(element, names):
    return [e for e in element.iter() if local(e) in names]


def term_section(section):
    """A term section's term, its status (lower case, suffixes off) and whether it is noted
    "do not translate"."""
    term = next((text(e) for e in section.iter() if local(e) == "term"), "")
    status, keep = None, False
    for e in section.iter():
        name = local(e)
        category = e.get("type") if name in ("termNote", "descrip", "admin") else name
        if category in STATUS:
            value = text(e).lower()
            status = value.removesuffix("-admn-sts").removesuffix("term")
        elif category in ("note", "transferComment") and text(e).lower() == "do not translate":
            keep = True
    return term, status, keep


def tbx(path):
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    root = etree.parse(path, parser).getroot()
    root_lang = code(root.get(XML_LANG) or "")
    entries, skipped = [], 0
    for entry in children(root, ENTRY):
        sections = [
            (code(s.get(XML_LANG)), [term_section(t) for t in children(s, TERM_SECTION)])
            for s in children(entry, LANG_SECTION)
        ]
        langs = [lang for lang, _ in sections]
        at = langs.index(root_lang) if root_lang in langs else 0
        source = next((t for t in sections[at][1] if t[0]), None) if sections else None
        found = []
        for lang, terms in sections if source else []:
            if lang == sections[at][0]:
                continue
            terms = [t for t in terms if t[0]]
            # The preferred term first; the others keep their order (sorted is stable).
            allowed = sorted((t for t in terms if t[1] not in AGAINST),
                             key=lambda t: t[1] != "preferred")
            banned = [t[0] for t in terms if t[1] in AGAINST]
            pair = [sections[at][0], lang]
            if source[2]:
                found.append(pair + ["do_not_translate", source[0], []])
            elif allowed:
                found.append(pair + ["preferred", source[0], [t[0] for t in allowed]])
            if banned:
                found.append(pair + ["forbidden", source[0], banned])
        entries += found
        skipped += not found
    return {"root": local(root), "entries": entries, "skipped": skipped}


def squeezed(cell):
    return re.sub(r"[ _-]", "", cell.strip().lower())


def table(path):
    with open(path, encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f, delimiter="\t" if path.endswith(".tsv") else ","))
    header = [squeezed(cell) for cell in rows[0]]

    def column(*names):
        return next((at for at, cell in enumerate(header) if cell in names), None)

    source_lang = column("sourcelang", "sourcelanguage")
    target_lang = column("targetlang", "targetlanguage")
    source = column("source", "sourceterm", "sourcestring")
    target = column("target", "targetterm", "targetstring")
    others = column("othertargets")
    kind_at = column("kind")
    entries, skipped = [], 0
    if None not in (source_lang, target_lang, source):
        for row in rows[1:]:
            if not any(cell.strip() for cell in row):
                continue
            cell = lambda at: row[at].strip() if at is not None and at < len(row) else ""
            targets = [t.strip() for t in [cell(target)] + cell(others).split("|") if t.strip()]
            kind = re.sub(r"[ -]", "_", cell(kind_at).lower()) or "preferred"
            if kind in ("do_not_translate", "dnt"):
                # The target of a term kept as it is, is the term itself: none is listed.
                kind, targets = "do_not_translate", []
            entries.append([code(cell(source_lang)), code(cell(target_lang)), kind, cell(source),
                            targets])
        return {"root": "named", "entries": entries, "skipped": skipped}
    langs = [at for at, cell in enumerate(rows[0]) if LANGUAGE_CODE.match(cell.strip())]
    forbidden = column("forbidden")
    for row in rows[1:]:
        if not any(cell.strip() for cell in row):
            continue
        cell = lambda at: row[at].strip() if at is not None and at < len(row) else ""
        kind = "forbidden" if cell(forbidden).lower() in YES else "preferred"
        found = []
        for at in langs[1:] if cell(langs[0]) else []:
            targets = [t.strip() for t in cell(at).split("|") if t.strip()]
            # A column in the source's language (en-GB beside en-US) gives no pair.
            if targets and code(rows[0][at]) != code(rows[0][langs[0]]):
                found.append([code(rows[0][langs[0]]), code(rows[0][at]), kind,
                              cell(langs[0]), targets])
        entries += found
        skipped += not found
    return {"root": "per-language", "entries": entries, "skipped": skipped}


print(json.dumps({p: tbx(p) if p.endswith(".tbx") else table(p) for p in sys.argv[1:]}))
