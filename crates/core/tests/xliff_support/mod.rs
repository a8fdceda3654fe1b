//! Helpers shared by the XLIFF integration tests.

/// `xml` with every `<target>`'s content removed and `<target …/>` written as
/// `<target …></target>`: what must stay identical when only targets change. Written without
/// the XLIFF module so it checks that module independently.
pub fn without_target_contents(xml: &str) -> String {
    let mut out = String::with_capacity(xml.len());
    let mut rest = xml;
    while let Some(start) = find_target_start(rest) {
        let tag_end = start + rest[start..].find('>').expect("a start tag ends") + 1;
        let tag = &rest[start..tag_end];
        out.push_str(&rest[..start]);
        if let Some(open) = tag.strip_suffix("/>") {
            out.push_str(open);
            out.push('>');
            rest = &rest[tag_end..];
        } else {
            out.push_str(tag);
            let close = rest[tag_end..].find("</target>").expect("a target closes");
            rest = &rest[tag_end + close..];
        }
        out.push_str("</target>");
        rest = rest.strip_prefix("</target>").unwrap_or(rest);
    }
    out.push_str(rest);
    out
}

fn find_target_start(xml: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = xml[from..].find("<target") {
        let at = from + found;
        if matches!(
            xml.as_bytes().get(at + 7),
            Some(b'>' | b'/' | b' ' | b'\t' | b'\r' | b'\n')
        ) {
            return Some(at);
        }
        from = at + 7;
    }
    None
}
