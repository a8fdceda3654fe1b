//! One count per dashboard card. A feature whose table does not exist yet counts 0 here; the
//! helper building that feature replaces its function with a real `count`.

use sea_orm::{DatabaseConnection, DbErr};

use crate::features::{clients, rebranding};

pub async fn clients(db: &DatabaseConnection) -> Result<u64, DbErr> {
    clients::queries::count(db).await
}

pub async fn translation_projects(_db: &DatabaseConnection) -> Result<u64, DbErr> {
    // Replaced when the translation projects table lands (issue 4).
    Ok(0)
}

pub async fn rebranding_projects(db: &DatabaseConnection) -> Result<u64, DbErr> {
    rebranding::queries::count(db).await
}
