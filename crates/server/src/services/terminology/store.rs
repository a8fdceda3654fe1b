//! The `terms` table's statements.

use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set, sea_query::Expr,
};
use serde::Deserialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use wordmark_core::terms::{TermEntry, TermKind};

use super::{Term, kind_from_column};
use crate::db::{
    entities::term,
    listing::{self, Listing, Order, Window},
};

/// Rows per multi-row insert, well below every backend's limit of bound values.
const INSERT_CHUNK: usize = 500;

/// What the term list can be ordered by (the id breaks ties, in the same direction).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TermSort {
    /// The source term, ignoring case (the default).
    #[default]
    Source,
    /// The kind, then the source term.
    Kind,
    /// The language pair, then the source term.
    Pair,
    /// The last change.
    Updated,
}

/// Which entries, in which order, which page.
#[derive(Debug, Clone)]
pub struct TermQuery {
    pub source_lang: Option<String>,
    pub target_lang: Option<String>,
    pub kind: Option<TermKind>,
    /// Text the source term, a target variant or the note contains, ignoring case.
    pub q: Option<String>,
    pub sort: TermSort,
    pub order: Order,
    pub window: Window,
}

fn to_term(row: term::Model) -> Term {
    Term {
        id: row.id,
        entry: TermEntry {
            source_lang: row.source_lang,
            target_lang: row.target_lang,
            source: row.source,
            targets: serde_json::from_str(&row.targets).unwrap_or_default(),
            kind: kind_from_column(&row.kind),
            case_sensitive: row.case_sensitive,
            part_of_speech: row.part_of_speech,
            note: row.note,
        },
        updated_at: row.updated_at,
    }
}

fn active(entry: &TermEntry, now: OffsetDateTime) -> term::ActiveModel {
    term::ActiveModel {
        source_lang: Set(entry.source_lang.clone()),
        target_lang: Set(entry.target_lang.clone()),
        source: Set(entry.source.clone()),
        source_key: Set(entry.source.to_lowercase()),
        targets: Set(serde_json::to_string(&entry.targets).expect("strings serialise")),
        kind: Set(entry.kind.as_str().to_owned()),
        case_sensitive: Set(entry.case_sensitive),
        part_of_speech: Set(entry.part_of_speech.clone()),
        note: Set(entry.note.clone()),
        updated_at: Set(now),
        ..Default::default()
    }
}

pub(super) async fn list(
    db: &impl ConnectionTrait,
    client_id: i32,
    query: &TermQuery,
) -> Result<Listing<Term>, DbErr> {
    let mut matching = Condition::all().add(term::Column::ClientId.eq(client_id));
    if let Some(lang) = &query.source_lang {
        matching = matching.add(term::Column::SourceLang.eq(lang.as_str()));
    }
    if let Some(lang) = &query.target_lang {
        matching = matching.add(term::Column::TargetLang.eq(lang.as_str()));
    }
    if let Some(kind) = query.kind {
        matching = matching.add(term::Column::Kind.eq(kind.as_str()));
    }
    if let Some(q) = &query.q {
        matching = matching.add(
            Condition::any()
                .add(listing::contains(
                    Expr::col((term::Entity, term::Column::Source)),
                    q,
                ))
                .add(listing::contains(
                    Expr::col((term::Entity, term::Column::Targets)),
                    q,
                ))
                .add(listing::contains(
                    Expr::col((term::Entity, term::Column::Note)),
                    q,
                )),
        );
    }
    let total = listing::count(
        term::Entity::find()
            .select_only()
            .expr(Expr::cust("COUNT(*)"))
            .filter(matching.clone())
            .into_tuple::<i64>()
            .one(db)
            .await?
            .unwrap_or_default(),
    );
    let order: sea_orm::Order = query.order.into();
    let keys: &[term::Column] = match query.sort {
        TermSort::Source => &[term::Column::SourceKey],
        TermSort::Kind => &[term::Column::Kind, term::Column::SourceKey],
        TermSort::Pair => &[
            term::Column::SourceLang,
            term::Column::TargetLang,
            term::Column::SourceKey,
        ],
        TermSort::Updated => &[term::Column::UpdatedAt],
    };
    let mut select = term::Entity::find().filter(matching);
    for key in keys {
        select = select.order_by(*key, order.clone());
    }
    let rows = select
        .order_by(term::Column::Id, order)
        .limit(query.window.limit)
        .offset(query.window.offset)
        .all(db)
        .await?;
    Ok(Listing {
        rows: rows.into_iter().map(to_term).collect(),
        total,
    })
}

pub(super) async fn find(
    db: &impl ConnectionTrait,
    client_id: i32,
    id: i32,
) -> Result<Option<Term>, DbErr> {
    Ok(term::Entity::find_by_id(id)
        .filter(term::Column::ClientId.eq(client_id))
        .one(db)
        .await?
        .map(to_term))
}

/// The stored entry with `entry`'s key, if any.
pub(super) async fn find_key(
    db: &impl ConnectionTrait,
    client_id: i32,
    entry: &TermEntry,
) -> Result<Option<Term>, DbErr> {
    Ok(term::Entity::find()
        .filter(term::Column::ClientId.eq(client_id))
        .filter(term::Column::SourceLang.eq(entry.source_lang.as_str()))
        .filter(term::Column::TargetLang.eq(entry.target_lang.as_str()))
        .filter(term::Column::SourceKey.eq(entry.source.to_lowercase()))
        .filter(term::Column::Kind.eq(entry.kind.as_str()))
        .one(db)
        .await?
        .map(to_term))
}

pub(super) async fn insert(
    db: &impl ConnectionTrait,
    client_id: i32,
    entry: &TermEntry,
    now: OffsetDateTime,
) -> Result<Term, DbErr> {
    let mut row = active(entry, now);
    row.client_id = Set(client_id);
    Ok(to_term(row.insert(db).await?))
}

pub(super) async fn insert_many(
    db: &impl ConnectionTrait,
    client_id: i32,
    entries: &[TermEntry],
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    for chunk in entries.chunks(INSERT_CHUNK) {
        let rows = chunk.iter().map(|entry| {
            let mut row = active(entry, now);
            row.client_id = Set(client_id);
            row
        });
        term::Entity::insert_many(rows).exec(db).await?;
    }
    Ok(())
}

pub(super) async fn update(
    db: &impl ConnectionTrait,
    id: i32,
    entry: &TermEntry,
    now: OffsetDateTime,
) -> Result<Term, DbErr> {
    let mut row = active(entry, now);
    row.id = Set(id);
    Ok(to_term(row.update(db).await?))
}

pub(super) async fn delete(
    db: &impl ConnectionTrait,
    client_id: i32,
    id: i32,
) -> Result<bool, DbErr> {
    let result = term::Entity::delete_many()
        .filter(term::Column::Id.eq(id))
        .filter(term::Column::ClientId.eq(client_id))
        .exec(db)
        .await?;
    Ok(result.rows_affected > 0)
}

fn in_order<E: EntityTrait>(select: sea_orm::Select<E>) -> sea_orm::Select<E> {
    select
        .order_by_asc(term::Column::SourceLang)
        .order_by_asc(term::Column::TargetLang)
        .order_by_asc(term::Column::SourceKey)
        .order_by_asc(term::Column::Id)
}

pub(super) async fn all(db: &impl ConnectionTrait, client_id: i32) -> Result<Vec<Term>, DbErr> {
    Ok(
        in_order(term::Entity::find().filter(term::Column::ClientId.eq(client_id)))
            .all(db)
            .await?
            .into_iter()
            .map(to_term)
            .collect(),
    )
}

pub(super) async fn pair(
    db: &impl ConnectionTrait,
    client_id: i32,
    source_lang: &str,
    target_lang: &str,
) -> Result<Vec<Term>, DbErr> {
    Ok(in_order(
        term::Entity::find()
            .filter(term::Column::ClientId.eq(client_id))
            .filter(term::Column::SourceLang.eq(source_lang))
            .filter(term::Column::TargetLang.eq(target_lang)),
    )
    .all(db)
    .await?
    .into_iter()
    .map(to_term)
    .collect())
}
