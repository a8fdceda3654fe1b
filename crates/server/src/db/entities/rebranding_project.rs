use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "rebranding_projects")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// Deleting the client deletes its rebranding projects (`ON DELETE CASCADE`).
    pub client_id: i32,
    pub author_id: Option<i32>,
    pub date_created: TimeDateTimeWithTimeZone,
    pub legal_name: String,
    pub display_name: String,
    /// JSON of `wordmark_core::brand::model::ColorScheme`, completed (RGB and CMYK filled in).
    #[sea_orm(column_type = "Text")]
    pub color_scheme: String,
    /// JSON of `wordmark_core::brand::model::FontScheme`.
    #[sea_orm(column_type = "Text")]
    pub font_scheme: String,
    /// JSON of a list of `wordmark_core::brand::model::Location`.
    #[sea_orm(column_type = "Text")]
    pub locations: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::client::Entity",
        from = "Column::ClientId",
        to = "super::client::Column::Id",
        on_delete = "Cascade"
    )]
    Client,
    #[sea_orm(
        belongs_to = "super::user::Entity",
        from = "Column::AuthorId",
        to = "super::user::Column::Id",
        on_delete = "SetNull"
    )]
    Author,
}

impl Related<super::client::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Client.def()
    }
}

impl Related<super::user::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Author.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
