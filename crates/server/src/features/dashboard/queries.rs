//! One count per dashboard card.

use sea_orm::{DatabaseConnection, DbErr};

use crate::features::{clients, rebranding, translation};

pub async fn clients(db: &DatabaseConnection) -> Result<u64, DbErr> {
    clients::queries::count(db).await
}

pub async fn translation_projects(db: &DatabaseConnection) -> Result<u64, DbErr> {
    translation::service::count(db).await
}

pub async fn rebranding_projects(db: &DatabaseConnection) -> Result<u64, DbErr> {
    rebranding::queries::count(db).await
}
