//! Personal review links: a customer opens their project's review signed in, through a link
//! bound to their account (`user_id`). `personal` marks such a link for good: when the account
//! is deleted its `user_id` becomes NULL (its comments stay with the project), and a personal
//! link without an account opens for nobody. One personal link per account and project (the
//! unique index; NULLs of the staff's links never collide): asking again rotates its token.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(ReviewLinks::Table)
                    .add_column(
                        ColumnDef::new(ReviewLinks::Personal)
                            .boolean()
                            .not_null()
                            .default(false),
                    )
                    .to_owned(),
            )
            .await?;
        // sea-query cannot add a foreign key to an existing SQLite table; this statement is
        // the same in both databases (SQLite takes REFERENCES on a new column whose default is
        // NULL).
        manager
            .get_connection()
            .execute_unprepared(
                "ALTER TABLE review_links ADD COLUMN user_id INTEGER NULL \
                 REFERENCES users (id) ON DELETE SET NULL",
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_review_links_user_project")
                    .table(ReviewLinks::Table)
                    .col(ReviewLinks::UserId)
                    .col(ReviewLinks::ProjectId)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}

#[derive(DeriveIden)]
enum ReviewLinks {
    Table,
    Personal,
    UserId,
    ProjectId,
}
