//! Whether a target carries its source's tags.

use std::collections::HashMap;

use super::{MarkupError, Segment, TagKind};

impl Segment {
    /// Checks that `target` carries the same tags as `self` (same original markup, each as
    /// often, pairs properly nested; order may change where languages reorder words).
    pub fn check_markup(&self, target: &Segment) -> Result<(), MarkupError> {
        let by_raw = |counts: &HashMap<(&str, TagKind), i64>, raw: &str| -> i64 {
            [TagKind::Open, TagKind::Close, TagKind::Standalone]
                .iter()
                .map(|kind| counts.get(&(raw, *kind)).copied().unwrap_or(0))
                .sum()
        };
        let (ours, theirs) = (self.tag_counts(), target.tag_counts());
        if let Some(tag) = self
            .tags()
            .find(|t| by_raw(&ours, &t.raw) > by_raw(&theirs, &t.raw))
        {
            return Err(MarkupError::Missing(tag.raw.clone()));
        }
        if let Some(tag) = target
            .tags()
            .find(|t| by_raw(&theirs, &t.raw) > by_raw(&ours, &t.raw))
        {
            return Err(MarkupError::Added(tag.raw.clone()));
        }
        // Same raws each as often; a raw that pairs in the source but not in the target (a
        // close before its open, crossed pairs) shows up as a different kind.
        if let Some(tag) = self
            .tags()
            .find(|t| ours.get(&(t.raw.as_str(), t.kind)) != theirs.get(&(t.raw.as_str(), t.kind)))
        {
            return Err(MarkupError::Misplaced(tag.raw.clone()));
        }
        Ok(())
    }

    /// How often each tag (by raw markup and kind) occurs.
    fn tag_counts(&self) -> HashMap<(&str, TagKind), i64> {
        let mut counts = HashMap::new();
        for tag in self.tags() {
            *counts.entry((tag.raw.as_str(), tag.kind)).or_default() += 1;
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use crate::segment::{Markup, MarkupError, Segment};

    #[test]
    fn check_markup_allows_reordering_but_not_changes() {
        let source = Segment::parse("<b>a</b> <i>b</i><br>", Markup::Html);
        let check = |target: &str| source.check_markup(&Segment::parse(target, Markup::Html));
        assert_eq!(check("<br><i>B</i> <b>A</b>"), Ok(()));
        assert_eq!(
            check("<b>A</b> B<br>"),
            Err(MarkupError::Missing("<i>".into()))
        );
        assert_eq!(
            check("<b>A</b> <i>B</i><br><br>"),
            Err(MarkupError::Added("<br>".into()))
        );
        assert_eq!(
            check("<b>A<i></b>B</i><br>"),
            Err(MarkupError::Misplaced("<i>".into()))
        );
        assert_eq!(
            check("</b>A<b> <i>B</i><br>"),
            Err(MarkupError::Misplaced("<b>".into()))
        );
    }
}
