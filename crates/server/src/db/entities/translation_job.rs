use sea_orm::entity::prelude::*;

/// One uploaded XLIFF file. `original` is kept byte for byte: exports splice the new targets
/// into it, so everything outside `<target>` goes back to WPML unchanged.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "translation_jobs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub project_id: i32,
    /// WPML's job id (the number in `<file original="{id}-{md5}">`); `None` for other tools'
    /// files.
    pub wpml_id: Option<String>,
    pub file_name: String,
    pub post_type: Option<String>,
    /// Normalised with `wordmark_core::lang::normalize`.
    pub source_lang: Option<String>,
    pub target_lang: Option<String>,
    /// `1.0`, `1.2`, `2.0`, …
    pub xliff_version: String,
    /// The file, held as `original_encoding` says ([`OriginalEncoding::decode`]).
    #[sea_orm(column_type = "Blob")]
    pub original: Vec<u8>,
    pub original_encoding: OriginalEncoding,
    /// A fingerprint of the file's bytes that its review workbooks carry, lower-case hex:
    /// XXH3-128 (32 digits); jobs created before 2026-11-24 have SHA-256 (64 digits).
    pub checksum: String,
    /// The shortcodes the file lists (WPML's `shortcodes` phase note), comma-separated as WPML
    /// writes them; `None` when it lists none (and for jobs stored before they were kept): then
    /// any `[name]` counts as a shortcode. Read with `wordmark_core::segment::Shortcodes::from_list`.
    #[sea_orm(column_type = "Text", nullable)]
    pub shortcodes: Option<String>,
    /// How many segments (units) the job has: written with them, and they never change.
    pub segment_count: i32,
    pub date_created: TimeDateTimeWithTimeZone,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::translation_project::Entity",
        from = "Column::ProjectId",
        to = "super::translation_project::Column::Id",
        on_delete = "Cascade"
    )]
    Project,
    #[sea_orm(has_many = "super::translation_segment::Entity")]
    Segments,
}

impl Related<super::translation_project::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Project.def()
    }
}

impl Related<super::translation_segment::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Segments.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}

/// How `original` holds the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::N(16))")]
pub enum OriginalEncoding {
    /// The bytes as uploaded.
    #[sea_orm(string_value = "identity")]
    Identity,
    /// The raw DEFLATE stream of the uploaded zip's entry (about a tenth of the size).
    #[sea_orm(string_value = "deflate")]
    Deflate,
}

impl OriginalEncoding {
    /// The file's bytes from what `original` holds in this encoding.
    pub fn decode(self, stored: &[u8]) -> std::io::Result<std::borrow::Cow<'_, [u8]>> {
        match self {
            OriginalEncoding::Identity => Ok(stored.into()),
            OriginalEncoding::Deflate => wordmark_core::archive::inflate(stored).map(Into::into),
        }
    }
}
