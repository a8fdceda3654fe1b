"""The baseline of the file readers' benchmark (crates/core/benches/file_readers.rs): lxml's
iterparse over a TMX (each <tu>) or a TBX v3 (each <conceptEntry>), taking every segment's
or term's text with its inline codes and clearing each element once read, so that memory stays
flat. Prints the seconds taken, the peak resident memory (VmHWM, KiB) and the items read."""

import sys
import time

from lxml import etree


def peak_kib():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def read(kind, path):
    tag = "tu" if kind == "tmx" else "{urn:iso:std:iso:30042:ed-2}conceptEntry"
    items = 0
    for _, element in etree.iterparse(path, events=("end",), tag=tag, huge_tree=True):
        if kind == "tmx":
            # The segments with their codes, as a reader must keep them.
            texts = [etree.tostring(seg, encoding="unicode", with_tail=False) for seg in element.iter("seg")]
            items += len(texts) >= 2
        else:
            terms = [term.text for term in element.iter("{urn:iso:std:iso:30042:ed-2}term")]
            items += len(terms) >= 2
        element.clear()
        while element.getprevious() is not None:
            del element.getparent()[0]
    return items


def main():
    kind, path = sys.argv[1], sys.argv[2]
    started = time.perf_counter()
    items = read(kind, path)
    print(f"{time.perf_counter() - started} {peak_kib()} {items}")


main()
