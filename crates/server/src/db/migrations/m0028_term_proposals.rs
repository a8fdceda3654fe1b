//! Term proposals: a customer proposes an entry for their client's termbase (a source term, its
//! target, a note); staff accept it (it becomes an entry of `terms`) or refuse it, with a
//! reason. A proposal stays, with its decision, after the entry or the people are gone.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

fn at(column: impl IntoIden, required: bool) -> ColumnDef {
    let mut def = ColumnDef::new(column);
    def.timestamp_with_time_zone();
    if required {
        def.not_null();
    } else {
        def.null();
    }
    def
}

fn set_null(from: impl IntoIden, to: (impl IntoIden, impl IntoIden)) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(TermProposals::Table, from)
        .to(to.0, to.1)
        .on_delete(ForeignKeyAction::SetNull)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use TermProposals as P;
        manager
            .create_table(
                Table::create()
                    .table(P::Table)
                    .col(
                        ColumnDef::new(P::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(P::ClientId).integer().not_null())
                    .col(ColumnDef::new(P::SourceLang).string_len(20).not_null())
                    .col(ColumnDef::new(P::TargetLang).string_len(20).not_null())
                    .col(ColumnDef::new(P::Source).string_len(800).not_null())
                    .col(ColumnDef::new(P::Target).string_len(800).not_null())
                    .col(ColumnDef::new(P::Note).text().null())
                    .col(ColumnDef::new(P::State).string_len(16).not_null())
                    .col(ColumnDef::new(P::ProposedBy).integer().null())
                    .col(at(P::ProposedAt, true))
                    .col(ColumnDef::new(P::DecidedBy).integer().null())
                    .col(at(P::DecidedAt, false))
                    .col(ColumnDef::new(P::Reason).text().null())
                    .col(ColumnDef::new(P::TermId).integer().null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(P::Table, P::ClientId)
                            .to(Clients::Table, Clients::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(&mut set_null(P::ProposedBy, (Users::Table, Users::Id)))
                    .foreign_key(&mut set_null(P::DecidedBy, (Users::Table, Users::Id)))
                    .foreign_key(&mut set_null(P::TermId, (Terms::Table, Terms::Id)))
                    .to_owned(),
            )
            .await?;
        // The client's list: pending first is sorted in the query; the client's rows by id.
        manager
            .create_index(
                Index::create()
                    .name("idx_term_proposals_client")
                    .table(P::Table)
                    .col(P::ClientId)
                    .col(P::Id)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum TermProposals {
    Table,
    Id,
    ClientId,
    SourceLang,
    TargetLang,
    Source,
    Target,
    Note,
    State,
    ProposedBy,
    ProposedAt,
    DecidedBy,
    DecidedAt,
    Reason,
    TermId,
}

#[derive(DeriveIden)]
enum Clients {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Terms {
    Table,
    Id,
}
