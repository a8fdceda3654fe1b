//! Rate schemes (`rate_schemes`): what each client pays per word and band, and the agency's
//! default (the row without a client). This module is the only code that writes the table;
//! the arithmetic is `wordmark_core::tm::rates`.

use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr,
    EntityTrait, IntoActiveModel, QueryFilter,
};
use serde::Serialize;
use time::OffsetDateTime;
use wordmark_core::tm::rates::{BandPercentages, RateError, RateScheme};

use crate::db::{self, entities::rate_scheme};

/// Where the scheme that applies to a client comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SchemeSource {
    /// The client's own.
    Client,
    /// The agency's default, saved under Administration → Settings.
    Default,
    /// Nothing saved yet: Wordmark's built-in scheme.
    BuiltIn,
}

fn owner(client_id: Option<i32>) -> sea_orm::Condition {
    let column = rate_scheme::Column::ClientId;
    sea_orm::Condition::all().add(match client_id {
        Some(id) => column.eq(id),
        None => column.is_null(),
    })
}

fn percent(value: i32) -> u16 {
    u16::try_from(value).unwrap_or(0)
}

fn from_row(row: rate_scheme::Model) -> RateScheme {
    RateScheme {
        currency: row.currency,
        word_price: row.word_price,
        minimum_fee: row.minimum_fee,
        mt_price_per_million_characters: row.mt_price_per_million_characters,
        percentages: BandPercentages {
            repetition: percent(row.percent_repetition),
            context: percent(row.percent_context),
            exact: percent(row.percent_exact),
            fuzzy95: percent(row.percent_fuzzy95),
            fuzzy85: percent(row.percent_fuzzy85),
            fuzzy75: percent(row.percent_fuzzy75),
            fuzzy50: percent(row.percent_fuzzy50),
            no_match: percent(row.percent_no_match),
        },
    }
}

/// The scheme saved for the client (`None`: the agency's default), if any.
pub async fn stored(
    db: &impl ConnectionTrait,
    client_id: Option<i32>,
) -> Result<Option<RateScheme>, DbErr> {
    Ok(rate_scheme::Entity::find()
        .filter(owner(client_id))
        .one(db)
        .await?
        .map(from_row))
}

/// The scheme that prices the client's work (`None`: a project without a client): the
/// client's own, else the agency's default, else the built-in one.
pub async fn applying(
    db: &impl ConnectionTrait,
    client_id: Option<i32>,
) -> Result<(RateScheme, SchemeSource), DbErr> {
    if client_id.is_some()
        && let Some(scheme) = stored(db, client_id).await?
    {
        return Ok((scheme, SchemeSource::Client));
    }
    Ok(match stored(db, None).await? {
        Some(scheme) => (scheme, SchemeSource::Default),
        None => (RateScheme::default(), SchemeSource::BuiltIn),
    })
}

/// Why a scheme was not saved.
#[derive(Debug, thiserror::Error)]
pub enum RatesError {
    /// A negative or too large amount or percentage, or an unknown currency; the message names
    /// the field.
    #[error("The rate scheme was refused: {0}.")]
    Refused(RateError),
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// Checks the scheme (currency upper-cased, amounts and percentages in range) and stores it as
/// the client's, or the agency's default, replacing the one there was; answers it as stored.
pub async fn save(
    db: &DatabaseConnection,
    client_id: Option<i32>,
    scheme: RateScheme,
    now: OffsetDateTime,
) -> Result<RateScheme, RatesError> {
    let scheme = scheme.validated().map_err(RatesError::Refused)?;
    let txn = db::begin_write(db).await?;
    let existing = rate_scheme::Entity::find()
        .filter(owner(client_id))
        .one(&txn)
        .await?;
    let p = &scheme.percentages;
    let mut row = match existing {
        Some(row) => row.into_active_model(),
        None => rate_scheme::ActiveModel {
            client_id: Set(client_id),
            ..Default::default()
        },
    };
    row.currency = Set(scheme.currency.clone());
    row.word_price = Set(scheme.word_price);
    row.minimum_fee = Set(scheme.minimum_fee);
    row.mt_price_per_million_characters = Set(scheme.mt_price_per_million_characters);
    row.percent_repetition = Set(p.repetition.into());
    row.percent_context = Set(p.context.into());
    row.percent_exact = Set(p.exact.into());
    row.percent_fuzzy95 = Set(p.fuzzy95.into());
    row.percent_fuzzy85 = Set(p.fuzzy85.into());
    row.percent_fuzzy75 = Set(p.fuzzy75.into());
    row.percent_fuzzy50 = Set(p.fuzzy50.into());
    row.percent_no_match = Set(p.no_match.into());
    row.updated_at = Set(now);
    row.save(&txn).await?;
    txn.commit().await?;
    Ok(scheme)
}

/// Removes the client's own scheme (the default applies again); false when there was none.
pub async fn remove(db: &impl ConnectionTrait, client_id: i32) -> Result<bool, DbErr> {
    let deleted = rate_scheme::Entity::delete_many()
        .filter(owner(Some(client_id)))
        .exec(db)
        .await?;
    Ok(deleted.rows_affected > 0)
}
