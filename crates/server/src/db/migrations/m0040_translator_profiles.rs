//! Translators' profiles and the basis an offer's price was computed from.
//!
//! `translator_profiles`: one row per translator account (the currency they are paid in, the
//! default rate per weighted word, an availability note), and `translator_pairs`: the language
//! pairs they work in, each with an optional rate of its own. `assignments` gains the basis of
//! its amount, frozen when the job is offered (`currency`; `rate` and `weighted_words` when the
//! amount came from the translator's rate), so that a later change of the profile does not move
//! an offer or an order already given.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use TranslatorPairs as TP;
        use TranslatorProfiles as P;
        manager
            .create_table(
                Table::create()
                    .table(P::Table)
                    .col(ColumnDef::new(P::UserId).integer().not_null().primary_key())
                    .col(ColumnDef::new(P::Currency).string_len(3).not_null())
                    .col(ColumnDef::new(P::DefaultRate).double().null())
                    .col(ColumnDef::new(P::Availability).text().null())
                    .col(
                        ColumnDef::new(P::UpdatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(P::Table, P::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(TP::Table)
                    .col(
                        ColumnDef::new(TP::Id)
                            .integer()
                            .not_null()
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(TP::UserId).integer().not_null())
                    .col(ColumnDef::new(TP::SourceLang).string_len(16).not_null())
                    .col(ColumnDef::new(TP::TargetLang).string_len(16).not_null())
                    .col(ColumnDef::new(TP::Rate).double().null())
                    .foreign_key(
                        ForeignKey::create()
                            .from(TP::Table, TP::UserId)
                            .to(P::Table, P::UserId)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // One row per pair and translator; the pair first, for "who works in en → de".
        manager
            .create_index(
                Index::create()
                    .name("idx_translator_pairs_pair_user")
                    .table(TP::Table)
                    .col(TP::SourceLang)
                    .col(TP::TargetLang)
                    .col(TP::UserId)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_translator_pairs_user")
                    .table(TP::Table)
                    .col(TP::UserId)
                    .to_owned(),
            )
            .await?;
        // One column per statement: SQLite alters a table one column at a time.
        for column in [
            ColumnDef::new(Assignments::Currency)
                .string_len(3)
                .null()
                .to_owned(),
            ColumnDef::new(Assignments::Rate).double().null().to_owned(),
            ColumnDef::new(Assignments::WeightedWords)
                .double()
                .null()
                .to_owned(),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Assignments::Table)
                        .add_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum TranslatorProfiles {
    Table,
    UserId,
    Currency,
    DefaultRate,
    Availability,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum TranslatorPairs {
    Table,
    Id,
    UserId,
    SourceLang,
    TargetLang,
    Rate,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Assignments {
    Table,
    Currency,
    Rate,
    WeightedWords,
}
