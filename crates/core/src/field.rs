//! Field context: which part of a WordPress page a unit is, read from WPML's own data.
//!
//! A WPML job is not one text but a page's fields, and WPML names each in the unit's `id`,
//! with the `resname` as a label (sometimes in the site's language). [`describe`] turns that
//! into a [`FieldKind`] and a label a customer can read
//! ("Title", "Meta description (Yoast SEO)", "Custom field: Lesson Excerpt",
//! "Page builder: Heading"). A unit that follows none of the patterns keeps its raw id as the
//! label, so nothing is ever mislabelled, only left unnamed.
//!
//! The patterns (docs/product.md lists them for users):
//!
//! | `id` | kind |
//! |---|---|
//! | `title` | title |
//! | `body` | body |
//! | `excerpt` | excerpt |
//! | `slug`, `post_name` | slug |
//! | `field-<meta key>-<n>` | the SEO plugins' keys below, else a custom field (ACF's too) |
//! | `tfield-<meta key>-<n>` | custom field of a term |
//! | `t_<n>` | taxonomy term (`resname` = its taxonomy) |
//! | `package-string-<package>-<string>` | page builder or block, by the `resname` |
//! | `batch-string-<n>` | String Translation string; widget and menu strings by name |

use serde::{Deserialize, Serialize};

/// What a unit is on the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum FieldKind {
    Title,
    Body,
    Excerpt,
    /// The post's URL slug.
    Slug,
    /// The title search engines show (an SEO plugin's, not the post's).
    SeoTitle,
    /// The meta description search engines show.
    SeoDescription,
    /// Other search and sharing metadata: focus keywords, social titles and descriptions.
    SeoMeta,
    /// A custom field (Advanced Custom Fields, the theme's, a plugin's).
    CustomField,
    /// A taxonomy term (category, tag, custom taxonomy) the post carries.
    Term,
    /// A string of a page builder's widget or module (Elementor, Divi, WPBakery, …).
    PageBuilder,
    /// A string of a Gutenberg block.
    Block,
    MenuItem,
    Widget,
    /// A String Translation string (theme and plugin texts).
    String,
    /// None of WPML's patterns: labelled with its raw id.
    Other,
}

impl FieldKind {
    pub const ALL: [FieldKind; 15] = [
        FieldKind::Title,
        FieldKind::Body,
        FieldKind::Excerpt,
        FieldKind::Slug,
        FieldKind::SeoTitle,
        FieldKind::SeoDescription,
        FieldKind::SeoMeta,
        FieldKind::CustomField,
        FieldKind::Term,
        FieldKind::PageBuilder,
        FieldKind::Block,
        FieldKind::MenuItem,
        FieldKind::Widget,
        FieldKind::String,
        FieldKind::Other,
    ];

    /// The serialised name (`seo_title`, `custom_field`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            FieldKind::Title => "title",
            FieldKind::Body => "body",
            FieldKind::Excerpt => "excerpt",
            FieldKind::Slug => "slug",
            FieldKind::SeoTitle => "seo_title",
            FieldKind::SeoDescription => "seo_description",
            FieldKind::SeoMeta => "seo_meta",
            FieldKind::CustomField => "custom_field",
            FieldKind::Term => "term",
            FieldKind::PageBuilder => "page_builder",
            FieldKind::Block => "block",
            FieldKind::MenuItem => "menu_item",
            FieldKind::Widget => "widget",
            FieldKind::String => "string",
            FieldKind::Other => "other",
        }
    }

    /// A plural name for totals per kind ("Titles", "SEO descriptions").
    pub fn name(self) -> &'static str {
        match self {
            FieldKind::Title => "Title",
            FieldKind::Body => "Body",
            FieldKind::Excerpt => "Excerpt",
            FieldKind::Slug => "Slug",
            FieldKind::SeoTitle => "SEO title",
            FieldKind::SeoDescription => "SEO description",
            FieldKind::SeoMeta => "SEO and social",
            FieldKind::CustomField => "Custom field",
            FieldKind::Term => "Term",
            FieldKind::PageBuilder => "Page builder",
            FieldKind::Block => "Block",
            FieldKind::MenuItem => "Menu item",
            FieldKind::Widget => "Widget",
            FieldKind::String => "String",
            FieldKind::Other => "Other",
        }
    }

    /// Shown apart from the page's visible content ("Search & meta"): what search engines and
    /// the address bar show.
    pub fn is_search_meta(self) -> bool {
        matches!(
            self,
            FieldKind::Slug | FieldKind::SeoTitle | FieldKind::SeoDescription | FieldKind::SeoMeta
        )
    }
}

/// A unit's field: its kind and the label to show for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = SegmentField))]
pub struct Field {
    pub kind: FieldKind,
    pub label: String,
}

impl Field {
    fn new(kind: FieldKind, label: impl Into<String>) -> Self {
        Self {
            kind,
            label: label.into(),
        }
    }
}

/// The SEO plugins' post meta keys WPML sends as custom fields, with the kind and label.
/// Keys compare without case; the plugin is named in the label.
const SEO_KEYS: &[(&str, FieldKind, &str)] = &[
    // Yoast SEO
    (
        "_yoast_wpseo_title",
        FieldKind::SeoTitle,
        "SEO title (Yoast SEO)",
    ),
    (
        "_yoast_wpseo_metadesc",
        FieldKind::SeoDescription,
        "Meta description (Yoast SEO)",
    ),
    (
        "_yoast_wpseo_focuskw",
        FieldKind::SeoMeta,
        "Focus keyphrase (Yoast SEO)",
    ),
    (
        "_yoast_wpseo_bctitle",
        FieldKind::SeoMeta,
        "Breadcrumb title (Yoast SEO)",
    ),
    (
        "_yoast_wpseo_opengraph-title",
        FieldKind::SeoMeta,
        "Social title (Yoast SEO)",
    ),
    (
        "_yoast_wpseo_opengraph-description",
        FieldKind::SeoMeta,
        "Social description (Yoast SEO)",
    ),
    (
        "_yoast_wpseo_twitter-title",
        FieldKind::SeoMeta,
        "X title (Yoast SEO)",
    ),
    (
        "_yoast_wpseo_twitter-description",
        FieldKind::SeoMeta,
        "X description (Yoast SEO)",
    ),
    // Rank Math
    (
        "rank_math_title",
        FieldKind::SeoTitle,
        "SEO title (Rank Math)",
    ),
    (
        "rank_math_description",
        FieldKind::SeoDescription,
        "Meta description (Rank Math)",
    ),
    (
        "rank_math_focus_keyword",
        FieldKind::SeoMeta,
        "Focus keyword (Rank Math)",
    ),
    (
        "rank_math_facebook_title",
        FieldKind::SeoMeta,
        "Social title (Rank Math)",
    ),
    (
        "rank_math_facebook_description",
        FieldKind::SeoMeta,
        "Social description (Rank Math)",
    ),
    (
        "rank_math_twitter_title",
        FieldKind::SeoMeta,
        "X title (Rank Math)",
    ),
    (
        "rank_math_twitter_description",
        FieldKind::SeoMeta,
        "X description (Rank Math)",
    ),
    // All in One SEO (version 4 and the older `_aioseop_` keys)
    (
        "_aioseo_title",
        FieldKind::SeoTitle,
        "SEO title (All in One SEO)",
    ),
    (
        "_aioseo_description",
        FieldKind::SeoDescription,
        "Meta description (All in One SEO)",
    ),
    (
        "_aioseo_keywords",
        FieldKind::SeoMeta,
        "Keywords (All in One SEO)",
    ),
    (
        "_aioseo_og_title",
        FieldKind::SeoMeta,
        "Social title (All in One SEO)",
    ),
    (
        "_aioseo_og_description",
        FieldKind::SeoMeta,
        "Social description (All in One SEO)",
    ),
    (
        "_aioseo_twitter_title",
        FieldKind::SeoMeta,
        "X title (All in One SEO)",
    ),
    (
        "_aioseo_twitter_description",
        FieldKind::SeoMeta,
        "X description (All in One SEO)",
    ),
    (
        "_aioseop_title",
        FieldKind::SeoTitle,
        "SEO title (All in One SEO)",
    ),
    (
        "_aioseop_description",
        FieldKind::SeoDescription,
        "Meta description (All in One SEO)",
    ),
    (
        "_aioseop_keywords",
        FieldKind::SeoMeta,
        "Keywords (All in One SEO)",
    ),
    // SEOPress
    (
        "_seopress_titles_title",
        FieldKind::SeoTitle,
        "SEO title (SEOPress)",
    ),
    (
        "_seopress_titles_desc",
        FieldKind::SeoDescription,
        "Meta description (SEOPress)",
    ),
    (
        "_seopress_analysis_target_kw",
        FieldKind::SeoMeta,
        "Target keywords (SEOPress)",
    ),
    (
        "_seopress_social_fb_title",
        FieldKind::SeoMeta,
        "Social title (SEOPress)",
    ),
    (
        "_seopress_social_fb_desc",
        FieldKind::SeoMeta,
        "Social description (SEOPress)",
    ),
    (
        "_seopress_social_twitter_title",
        FieldKind::SeoMeta,
        "X title (SEOPress)",
    ),
    (
        "_seopress_social_twitter_desc",
        FieldKind::SeoMeta,
        "X description (SEOPress)",
    ),
    // The SEO Framework
    (
        "_genesis_title",
        FieldKind::SeoTitle,
        "SEO title (The SEO Framework)",
    ),
    (
        "_genesis_description",
        FieldKind::SeoDescription,
        "Meta description (The SEO Framework)",
    ),
    (
        "_open_graph_title",
        FieldKind::SeoMeta,
        "Social title (The SEO Framework)",
    ),
    (
        "_open_graph_description",
        FieldKind::SeoMeta,
        "Social description (The SEO Framework)",
    ),
    (
        "_twitter_title",
        FieldKind::SeoMeta,
        "X title (The SEO Framework)",
    ),
    (
        "_twitter_description",
        FieldKind::SeoMeta,
        "X description (The SEO Framework)",
    ),
];

/// Shortcode prefixes of the page builders that keep a page as shortcodes; WPML names their
/// strings `<shortcode>: <attribute>`.
const SHORTCODE_BUILDERS: &[(&str, &str)] = &[
    ("vc_", "WPBakery"),
    ("et_pb_", "Divi"),
    ("fusion_", "Avada"),
    ("cs_", "Cornerstone"),
    ("av_", "Enfold"),
    ("fl_", "Beaver Builder"),
];

/// The field of a unit from its `id` and its `resname`; `key` is the unit's key, the label of
/// last resort. The file's header adds nothing: WPML's post type says what the page is, not
/// what its fields are.
pub fn describe(id: Option<&str>, resname: Option<&str>, key: &str) -> Field {
    let id = id.map(str::trim).filter(|id| !id.is_empty());
    let raw = id.unwrap_or(key);
    let resname = resname.map(str::trim).filter(|r| !r.is_empty());
    // A human label, when WPML wrote one: not the id itself and not a bare key.
    let human = resname.filter(|r| Some(*r) != id);
    match id {
        Some("title") => Field::new(FieldKind::Title, "Title"),
        Some("body") => Field::new(FieldKind::Body, "Body"),
        Some("excerpt") => Field::new(FieldKind::Excerpt, "Excerpt"),
        Some("slug" | "post_name") => Field::new(FieldKind::Slug, "Slug"),
        Some(id) => from_prefixed(id, human).unwrap_or_else(|| Field::new(FieldKind::Other, raw)),
        None => Field::new(FieldKind::Other, raw),
    }
}

fn from_prefixed(id: &str, human: Option<&str>) -> Option<Field> {
    if let Some(rest) = id.strip_prefix("field-") {
        let name = without_index(rest)?;
        return Some(custom_field(name, human, "Custom field"));
    }
    if let Some(rest) = id.strip_prefix("tfield-") {
        let name = without_index(rest)?;
        return Some(custom_field(name, human, "Term field"));
    }
    if let Some(number) = id.strip_prefix("t_") {
        is_number(number).then_some(())?;
        let label = match human {
            Some("category") => "Category".to_owned(),
            Some("post_tag") => "Tag".to_owned(),
            Some(taxonomy) => format!("Term: {}", humanize(taxonomy)),
            None => "Term".to_owned(),
        };
        return Some(Field::new(FieldKind::Term, label));
    }
    if let Some(rest) = id.strip_prefix("package-string-") {
        let (package, string) = rest.split_once('-')?;
        (is_number(package) && is_number(string)).then_some(())?;
        return Some(package_string(package, human));
    }
    if let Some(number) = id.strip_prefix("batch-string-") {
        is_number(number).then_some(())?;
        return Some(batch_string(human));
    }
    None
}

/// `cta_text-0` → `cta_text`: WPML appends the field's index.
fn without_index(rest: &str) -> Option<&str> {
    let (name, index) = rest.rsplit_once('-')?;
    (is_number(index) && !name.is_empty()).then_some(name)
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

fn custom_field(name: &str, human: Option<&str>, what: &str) -> Field {
    if let Some((_, kind, label)) = SEO_KEYS
        .iter()
        .find(|(key, _, _)| key.eq_ignore_ascii_case(name))
    {
        return Field::new(*kind, *label);
    }
    // WPML's resname for a custom field is its label when the site gave one ("Lesson
    // Excerpt"), else the meta key again.
    let shown = human.filter(|h| *h != name).unwrap_or(name);
    Field::new(FieldKind::CustomField, format!("{what}: {shown}"))
}

/// Page builders' and blocks' strings: WPML titles them by what they are. A Gutenberg block's
/// string is titled by its block name (`core/heading`); a shortcode builder's by shortcode and
/// attribute (`vc_column_text: content`); node builders (Elementor, Beaver Builder) by the
/// widget field's label ("Heading", "Text editor").
fn package_string(package: &str, human: Option<&str>) -> Field {
    let Some(title) = human else {
        return Field::new(
            FieldKind::PageBuilder,
            format!("Page builder: package {package}"),
        );
    };
    if let Some(block) = block_name(title) {
        let (namespace, name) = block.split_once('/').unwrap_or(("", block));
        let name = humanize(name);
        let label = if namespace == "core" {
            format!("Block: {name}")
        } else {
            format!("Block: {name} ({block})")
        };
        return Field::new(FieldKind::Block, label);
    }
    let shortcode = title.split([':', ' ']).next().unwrap_or(title);
    if let Some((_, builder)) = SHORTCODE_BUILDERS
        .iter()
        .find(|(prefix, _)| shortcode.starts_with(prefix) && shortcode.len() > prefix.len())
    {
        return Field::new(FieldKind::PageBuilder, format!("{builder}: {title}"));
    }
    Field::new(FieldKind::PageBuilder, format!("Page builder: {title}"))
}

/// `core/heading`, `acf/hero`, `core/button: text` → the block name; anything else → `None`.
fn block_name(title: &str) -> Option<&str> {
    let name = title.split(':').next().unwrap_or(title).trim();
    let (namespace, block) = name.split_once('/')?;
    let is_part = |part: &str| {
        !part.is_empty()
            && part
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
    };
    (is_part(namespace) && is_part(block)).then_some(name)
}

/// String Translation: widget strings are named `widget title - <hash>` / `widget body - …`,
/// menu strings `Menu Item Label <id>`; others by their name.
fn batch_string(human: Option<&str>) -> Field {
    let Some(name) = human else {
        return Field::new(FieldKind::String, "String");
    };
    let lower = name.to_lowercase();
    if lower.starts_with("widget title") {
        return Field::new(FieldKind::Widget, "Widget title");
    }
    if lower.starts_with("widget body") || lower.starts_with("widget text") {
        return Field::new(FieldKind::Widget, "Widget text");
    }
    if lower.starts_with("menu item label") || lower.starts_with("menu item title") {
        return Field::new(FieldKind::MenuItem, "Menu item");
    }
    Field::new(FieldKind::String, format!("String: {name}"))
}

/// `stm_lms_question_taxonomy` → `Stm lms question taxonomy`; anything with spaces or capitals
/// is already a label and stays.
fn humanize(name: &str) -> String {
    if name.chars().any(|c| c.is_uppercase() || c == ' ') {
        return name.to_owned();
    }
    let spaced = name.replace(['_', '-'], " ");
    let mut chars = spaced.trim().chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => name.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// resname → label over every pattern; `(id, resname, kind, label)`.
    const TABLE: &[(Option<&str>, Option<&str>, FieldKind, &str)] = &[
        (Some("title"), Some("title"), FieldKind::Title, "Title"),
        (Some("body"), Some("Ünïcode label"), FieldKind::Body, "Body"),
        (
            Some("excerpt"),
            Some("excerpt"),
            FieldKind::Excerpt,
            "Excerpt",
        ),
        (Some("slug"), Some("slug"), FieldKind::Slug, "Slug"),
        (
            Some("field-_yoast_wpseo_title-0"),
            Some("_yoast_wpseo_title"),
            FieldKind::SeoTitle,
            "SEO title (Yoast SEO)",
        ),
        (
            Some("field-_yoast_wpseo_metadesc-0"),
            Some("_yoast_wpseo_metadesc"),
            FieldKind::SeoDescription,
            "Meta description (Yoast SEO)",
        ),
        (
            Some("field-_yoast_wpseo_opengraph-title-0"),
            None,
            FieldKind::SeoMeta,
            "Social title (Yoast SEO)",
        ),
        (
            Some("field-rank_math_description-0"),
            Some("Rank Math description"),
            FieldKind::SeoDescription,
            "Meta description (Rank Math)",
        ),
        (
            Some("field-_aioseo_title-0"),
            None,
            FieldKind::SeoTitle,
            "SEO title (All in One SEO)",
        ),
        (
            Some("field-_seopress_titles_desc-0"),
            None,
            FieldKind::SeoDescription,
            "Meta description (SEOPress)",
        ),
        (
            Some("field-lesson_excerpt-0"),
            Some("Lesson Excerpt"),
            FieldKind::CustomField,
            "Custom field: Lesson Excerpt",
        ),
        (
            Some("field-cta_text-0"),
            Some("cta_text"),
            FieldKind::CustomField,
            "Custom field: cta_text",
        ),
        (
            Some("field-час_читання_статті-0"),
            Some("Час читання"),
            FieldKind::CustomField,
            "Custom field: Час читання",
        ),
        (
            Some("tfield-term_intro-0"),
            None,
            FieldKind::CustomField,
            "Term field: term_intro",
        ),
        (
            Some("t_122"),
            Some("stm_lms_question_taxonomy"),
            FieldKind::Term,
            "Term: Stm lms question taxonomy",
        ),
        (Some("t_7"), Some("category"), FieldKind::Term, "Category"),
        (
            Some("package-string-9-2690"),
            Some("Titolo (H1)"),
            FieldKind::PageBuilder,
            "Page builder: Titolo (H1)",
        ),
        (
            Some("package-string-12-40"),
            Some("core/heading"),
            FieldKind::Block,
            "Block: Heading",
        ),
        (
            Some("package-string-12-41"),
            Some("acf/hero-banner: title"),
            FieldKind::Block,
            "Block: Hero banner (acf/hero-banner)",
        ),
        (
            Some("package-string-3-5"),
            Some("vc_column_text: content"),
            FieldKind::PageBuilder,
            "WPBakery: vc_column_text: content",
        ),
        (
            Some("package-string-3-6"),
            Some("et_pb_text: content"),
            FieldKind::PageBuilder,
            "Divi: et_pb_text: content",
        ),
        (
            Some("batch-string-5062"),
            Some("Section Title 24"),
            FieldKind::String,
            "String: Section Title 24",
        ),
        (
            Some("batch-string-77"),
            Some("widget title - 5e8f1c"),
            FieldKind::Widget,
            "Widget title",
        ),
        (
            Some("batch-string-78"),
            Some("Menu Item Label 1234"),
            FieldKind::MenuItem,
            "Menu item",
        ),
        // Not WPML's patterns: the raw id.
        (Some("tu4"), None, FieldKind::Other, "tu4"),
        (
            Some("content"),
            Some("content"),
            FieldKind::Other,
            "content",
        ),
        (Some("field-"), None, FieldKind::Other, "field-"),
        (Some("field-name"), None, FieldKind::Other, "field-name"),
        (
            Some("package-string-x-1"),
            Some("Heading"),
            FieldKind::Other,
            "package-string-x-1",
        ),
        (Some("t_abc"), None, FieldKind::Other, "t_abc"),
        (None, Some("title"), FieldKind::Other, "#3"),
    ];

    #[test]
    fn every_pattern_gets_its_kind_and_label() {
        for (id, resname, kind, label) in TABLE {
            assert_eq!(
                describe(*id, *resname, "#3"),
                Field::new(*kind, *label),
                "{id:?} / {resname:?}"
            );
        }
    }

    #[test]
    fn kinds_serialise_as_their_names() {
        for kind in FieldKind::ALL {
            assert_eq!(
                serde_json::to_value(kind).unwrap(),
                serde_json::json!(kind.as_str())
            );
        }
        let meta: Vec<_> = FieldKind::ALL
            .into_iter()
            .filter(|k| k.is_search_meta())
            .collect();
        assert_eq!(
            meta,
            [
                FieldKind::Slug,
                FieldKind::SeoTitle,
                FieldKind::SeoDescription,
                FieldKind::SeoMeta
            ]
        );
    }
}
