//! The audit log: who did what, when, from where, to which object. Events outlive what they
//! name: the actor's id has no foreign key (a deleted account leaves its events, with the
//! username it had), and the target is kept by kind, id and label, not by reference.
//!
//! Indexes: the time alone (the newest-first list, the export and the retention purge), and
//! the admin view's three filters each followed by the time, so a filtered page is an index
//! range read in order.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(AuditEvents::Table)
                    .col(
                        ColumnDef::new(AuditEvents::Id)
                            .big_integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(AuditEvents::OccurredAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(ColumnDef::new(AuditEvents::UserId).integer().null())
                    .col(ColumnDef::new(AuditEvents::Username).string_len(64).null())
                    .col(ColumnDef::new(AuditEvents::Address).string_len(64).null())
                    .col(
                        ColumnDef::new(AuditEvents::Action)
                            .string_len(32)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AuditEvents::TargetKind)
                            .string_len(32)
                            .null(),
                    )
                    .col(ColumnDef::new(AuditEvents::TargetId).integer().null())
                    .col(
                        ColumnDef::new(AuditEvents::TargetLabel)
                            .string_len(255)
                            .null(),
                    )
                    .col(ColumnDef::new(AuditEvents::Detail).text().null())
                    .to_owned(),
            )
            .await?;
        for (name, column) in [
            ("idx_audit_events_time", None),
            ("idx_audit_events_action_time", Some(AuditEvents::Action)),
            (
                "idx_audit_events_username_time",
                Some(AuditEvents::Username),
            ),
            (
                "idx_audit_events_target_time",
                Some(AuditEvents::TargetKind),
            ),
        ] {
            let mut index = Index::create();
            index.name(name).table(AuditEvents::Table);
            if let Some(column) = column {
                index.col(column);
            }
            manager
                .create_index(index.col(AuditEvents::OccurredAt).to_owned())
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden, Clone, Copy)]
enum AuditEvents {
    Table,
    Id,
    OccurredAt,
    UserId,
    Username,
    Address,
    Action,
    TargetKind,
    TargetId,
    TargetLabel,
    Detail,
}
