//! Indexes for the paged lists: each serves a list's default order, or an order or filter
//! people use often, so that a page is read by walking an index and stopping after it instead
//! of sorting every row. Every list breaks ties by id, so `id` ends each index. Which list uses
//! which index is written next to the list's query (`store/project_list.rs`, the features'
//! `queries.rs`) and in docs/architecture.md.
//!
//! Plain SQL: the same statements work on SQLite and PostgreSQL, `LOWER(name)` included (an
//! expression index, used by ordering on exactly that expression).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const INDEXES: &[&str] = &[
    // Translation projects: newest first (the default), and within a client or a status.
    "CREATE INDEX idx_translation_projects_created ON translation_projects (date_created, id)",
    "CREATE INDEX idx_translation_projects_client_created ON translation_projects (client_id, date_created, id)",
    "CREATE INDEX idx_translation_projects_status_created ON translation_projects (status, date_created, id)",
    // Translation projects by name, ignoring case.
    "CREATE INDEX idx_translation_projects_name ON translation_projects (LOWER(name), id)",
    // The projects having a job from / into a language.
    "CREATE INDEX idx_translation_jobs_source_lang ON translation_jobs (source_lang, project_id)",
    "CREATE INDEX idx_translation_jobs_target_lang ON translation_jobs (target_lang, project_id)",
    // Rebranding projects: newest first, and one client's.
    "CREATE INDEX idx_rebranding_projects_created ON rebranding_projects (date_created, id)",
    "CREATE INDEX idx_rebranding_projects_client_created ON rebranding_projects (client_id, date_created, id)",
    // Clients and users by creation (by name they use their unique name indexes).
    "CREATE INDEX idx_clients_created ON clients (date_created, id)",
    "CREATE INDEX idx_users_created ON users (date_created, id)",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for statement in INDEXES {
            db.execute_unprepared(statement).await?;
        }
        Ok(())
    }
}
