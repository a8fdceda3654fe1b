//! Stored settings (table `settings`, JSON per key).

use sea_orm::{ActiveValue::Set, ConnectionTrait, DbErr, EntityTrait, sea_query::OnConflict};
use time::OffsetDateTime;

use super::service::StoredMt;
use crate::db::{self, entities::setting};

const MT_KEY: &str = "mt";

/// The saved provider settings and when they were saved; `None` when none were saved.
pub async fn load_mt(
    db: &impl ConnectionTrait,
) -> Result<Option<(StoredMt, OffsetDateTime)>, DbErr> {
    let Some(row) = setting::Entity::find_by_id(MT_KEY).one(db).await? else {
        return Ok(None);
    };
    let stored = serde_json::from_str(&row.value)
        .map_err(|e| DbErr::Custom(format!("the stored MT settings are not readable: {e}")))?;
    Ok(Some((stored, row.updated_at)))
}

pub async fn save_mt(db: &impl ConnectionTrait, stored: &StoredMt) -> Result<(), DbErr> {
    let value = serde_json::to_string(stored).map_err(|e| DbErr::Custom(e.to_string()))?;
    // Strictly increasing stamps: other instances rebuild their provider when it changes, and
    // two saves within one second must not look alike.
    let previous = load_mt(db).await?.map(|(_, at)| at);
    let mut updated_at = db::now();
    if let Some(previous) = previous
        && previous >= updated_at
    {
        updated_at = previous + time::Duration::SECOND;
    }
    setting::Entity::insert(setting::ActiveModel {
        key: Set(MT_KEY.to_owned()),
        value: Set(value),
        updated_at: Set(updated_at),
    })
    .on_conflict(
        OnConflict::column(setting::Column::Key)
            .update_columns([setting::Column::Value, setting::Column::UpdatedAt])
            .to_owned(),
    )
    .exec(db)
    .await?;
    Ok(())
}
