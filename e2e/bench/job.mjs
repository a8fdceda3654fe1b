// What the benchmarks share: a WPML job of many units (HTML with a `<strong>`, a link and a
// number in each), and the statistics they report.

/** A WPML XLIFF file of `segments` units, its `original` attribute `original`. */
export function bigXliff(segments, original) {
  const units = [`<trans-unit resname="title" restype="string" datatype="html" id="title"><source><![CDATA[A long page]]></source></trans-unit>`];
  for (let i = 1; i < segments; i += 1) {
    units.push(
      `<trans-unit resname="Section Title ${i}" restype="string" datatype="html" id="package-string-1-${i}"><source><![CDATA[Section ${i}: read <strong>our terms</strong> and pay ${i} € by <a href="https://demo.example/${i}">May ${(i % 28) + 1}</a>.]]></source></trans-unit>`,
    );
  }
  return `<?xml version="1.0" encoding="utf-8" standalone="no"?><xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file original="${original}" source-language="en" target-language="de" datatype="plaintext"><header><phase-group><phase phase-name="post_type" process-name="Post type"><note>page</note></phase></phase-group></header><body>${units.join('')}</body></file></xliff>`;
}

/** The value below which `p` % of `values` lie (the nearest rank). */
export const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.max(0, Math.ceil((p / 100) * values.length) - 1))];

export const median = (values) => percentile(values, 50);
