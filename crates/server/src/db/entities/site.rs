use sea_orm::entity::prelude::*;

/// A client's WordPress site with the Wordmark Connector plugin, and what its last connection
/// check found.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sites")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub client_id: i32,
    pub name: String,
    /// The site's address without a trailing slash (`https://example.com`, or with the folder
    /// WordPress lives in).
    pub url: String,
    /// The WordPress user Wordmark signs in as.
    pub username: String,
    /// The application password, sealed by `secret_box` (`sealed:v1:…`).
    #[sea_orm(column_type = "Text")]
    pub password: String,
    /// The password's last four characters, the only part ever shown.
    pub password_last4: String,
    pub created_at: TimeDateTimeWithTimeZone,
    pub updated_at: TimeDateTimeWithTimeZone,
    /// When the connection was last checked; `None`: never.
    pub checked_at: Option<TimeDateTimeWithTimeZone>,
    /// What the last check found wrong; `None` when it connected (or never ran).
    #[sea_orm(column_type = "Text", nullable)]
    pub problem: Option<String>,
    pub wordpress_version: Option<String>,
    pub plugin_version: Option<String>,
    /// `wpml`, `polylang` or `none`, as the plugin reported it.
    pub multilingual: Option<String>,
    pub source_language: Option<String>,
    /// The target languages, comma-separated, in the plugin's order.
    #[sea_orm(column_type = "Text", nullable)]
    pub languages: Option<String>,
    /// When the content list was last read from the site.
    pub refreshed_at: Option<TimeDateTimeWithTimeZone>,
    /// When the last check of the content (scheduled or on demand) ended, read or not.
    pub content_checked_at: Option<TimeDateTimeWithTimeZone>,
    /// Why that check failed; `None` when it read the content.
    #[sea_orm(column_type = "Text", nullable)]
    pub content_check_error: Option<String>,
    /// The instance checking the site now, and until when its claim holds.
    pub check_lease_owner: Option<String>,
    pub check_lease_until: Option<TimeDateTimeWithTimeZone>,
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
}

impl Related<super::client::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Client.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
