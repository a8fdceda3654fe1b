use sea_orm::entity::prelude::*;

/// One kept term of a memory entry (see `wordmark_core::tm::kept_term_keys`): the fuzzy
/// index. Written by `services/memory` only.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "translation_memory_terms")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub term: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub entry_id: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::translation_memory::Entity",
        from = "Column::EntryId",
        to = "super::translation_memory::Column::Id",
        on_delete = "Cascade"
    )]
    Entry,
}

impl ActiveModelBehavior for ActiveModel {}
