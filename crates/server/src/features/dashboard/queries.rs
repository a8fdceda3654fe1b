//! One count per dashboard card. A feature whose table does not exist yet counts 0 here; the
//! helper building that feature replaces its function with a real `count`.

use sea_orm::{DatabaseConnection, DbErr};

use crate::features::{clients, translation};

pub async fn clients(db: &DatabaseConnection) -> Result<u64, DbErr> {
    clients::queries::count(db).await
}

pub async fn translation_projects(db: &DatabaseConnection) -> Result<u64, DbErr> {
    translation::queries::count(db).await
}

pub async fn rebranding_projects(_db: &DatabaseConnection) -> Result<u64, DbErr> {
    // Replaced when the rebranding projects table lands (issue 7).
    Ok(0)
}
