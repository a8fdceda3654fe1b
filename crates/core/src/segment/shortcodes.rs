//! WordPress shortcodes: which bracketed names in HTML content are tags.

use std::collections::HashSet;

/// Which bracketed names in HTML content are WordPress shortcodes (tags). WPML lists the
/// site's registered shortcodes in every file (the `shortcodes` phase of the header): then
/// only those are tags, and `[CS]` or `[Hinweis]` in a text is text. A file that lists none
/// gets the generic rule: any `[name …]` that looks like a shortcode is one.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Shortcodes {
    #[default]
    Any,
    Only(HashSet<String>),
}

impl Shortcodes {
    /// From WPML's comma-separated list; an empty list means the generic rule.
    pub fn from_list(list: &str) -> Shortcodes {
        Shortcodes::from_names(Shortcodes::names_in(list).map(str::to_owned))
    }

    /// The names of WPML's comma-separated list.
    pub fn names_in(list: &str) -> impl Iterator<Item = &str> {
        list.split(',')
            .map(str::trim)
            .filter(|name| !name.is_empty())
    }

    /// From a list of names; none means the generic rule.
    pub fn from_names(names: impl IntoIterator<Item = String>) -> Shortcodes {
        let names: HashSet<String> = names.into_iter().collect();
        if names.is_empty() {
            Shortcodes::Any
        } else {
            Shortcodes::Only(names)
        }
    }

    /// Whether `[name]` is a shortcode. WordPress matches shortcode names as registered
    /// (case-sensitive).
    pub fn contains(&self, name: &str) -> bool {
        match self {
            Shortcodes::Any => true,
            Shortcodes::Only(names) => names.contains(name),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::segment::{Markup, Segment, Shortcodes};

    #[test]
    fn only_listed_shortcodes_are_tags_when_the_file_lists_them() {
        let listed = Shortcodes::from_list(" caption, gallery ,");
        let content = r#"[caption id="c1"]A cat[/caption] [CS] [Hinweis] text [/CS] [gallery /]"#;
        let tags = |shortcodes: &Shortcodes| -> Vec<String> {
            Segment::parse_with(content, Markup::Html, shortcodes)
                .tags()
                .map(|t| t.raw.clone())
                .collect()
        };
        assert_eq!(
            tags(&listed),
            vec![r#"[caption id="c1"]"#, "[/caption]", "[gallery /]"]
        );
        assert_eq!(
            tags(&Shortcodes::Any),
            vec![
                r#"[caption id="c1"]"#,
                "[/caption]",
                "[CS]",
                "[Hinweis]",
                "[/CS]",
                "[gallery /]"
            ]
        );
        assert_eq!(Shortcodes::from_list(" , "), Shortcodes::Any);
        assert!(
            !listed.contains("Caption"),
            "names are matched as registered"
        );
    }
}
