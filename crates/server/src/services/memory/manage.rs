//! A client's memory as people manage it: a concordance search over sources and targets (one
//! page at a time), editing a target, deleting an entry, and importing TMX units.

use sea_orm::{
    ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect,
};
use wordmark_core::tm::tmx;

use super::{Confirmed, Scope, remember_with};
use crate::db::{
    self,
    entities::{translation_memory as tm, translation_segment::SegmentOrigin},
    listing::{self, Listing, Window},
};

/// What a search asks for.
#[derive(Debug, Clone)]
pub struct Search {
    /// Text contained in the source or the target, ignoring case.
    pub q: Option<String>,
    pub source_lang: Option<String>,
    pub target_lang: Option<String>,
    pub window: Window,
}

/// One page of the client's entries, newest first.
pub async fn search(
    conn: &impl ConnectionTrait,
    client_id: i32,
    search: &Search,
) -> Result<Listing<tm::Model>, DbErr> {
    let mut matching = Condition::all().add(tm::Column::ClientId.eq(client_id));
    if let Some(q) = &search.q {
        matching = matching.add(
            Condition::any()
                .add(listing::contains(
                    sea_orm::sea_query::Expr::col(tm::Column::Source),
                    q,
                ))
                .add(listing::contains(
                    sea_orm::sea_query::Expr::col(tm::Column::Target),
                    q,
                )),
        );
    }
    if let Some(lang) = &search.source_lang {
        matching = matching.add(tm::Column::SourceLang.eq(lang.as_str()));
    }
    if let Some(lang) = &search.target_lang {
        matching = matching.add(tm::Column::TargetLang.eq(lang.as_str()));
    }
    let total = tm::Entity::find()
        .filter(matching.clone())
        .count(conn)
        .await?;
    let rows = tm::Entity::find()
        .filter(matching)
        .order_by_desc(tm::Column::UpdatedAt)
        .order_by_desc(tm::Column::Id)
        .offset(search.window.offset)
        .limit(search.window.limit)
        .all(conn)
        .await?;
    Ok(Listing { rows, total })
}

/// The client's entry, if it is one of theirs.
pub async fn find(
    conn: &impl ConnectionTrait,
    client_id: i32,
    entry_id: i64,
) -> Result<Option<tm::Model>, DbErr> {
    tm::Entity::find_by_id(entry_id)
        .filter(tm::Column::ClientId.eq(client_id))
        .one(conn)
        .await
}

/// Replaces an entry's target (an edit by a person: origin `editor`); `None` when the client
/// has no such entry.
pub async fn update_target(
    conn: &impl ConnectionTrait,
    client_id: i32,
    entry_id: i64,
    target: String,
) -> Result<Option<tm::Model>, DbErr> {
    if find(conn, client_id, entry_id).await?.is_none() {
        return Ok(None);
    }
    tm::Entity::update(tm::ActiveModel {
        id: Set(entry_id),
        target: Set(target),
        origin: Set(SegmentOrigin::Editor),
        updated_at: Set(db::now()),
        ..Default::default()
    })
    .exec(conn)
    .await?;
    find(conn, client_id, entry_id).await
}

/// Deletes an entry (its index rows go with it); `false` when the client has no such entry.
pub async fn delete(
    conn: &impl ConnectionTrait,
    client_id: i32,
    entry_id: i64,
) -> Result<bool, DbErr> {
    let deleted = tm::Entity::delete_many()
        .filter(tm::Column::Id.eq(entry_id))
        .filter(tm::Column::ClientId.eq(client_id))
        .exec(conn)
        .await?;
    Ok(deleted.rows_affected == 1)
}

/// What an import did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Imported {
    /// Units read.
    pub units: u32,
    /// Entries stored (one per target variant of a unit), new or replacing an entry with the
    /// same source and context.
    pub entries: u32,
    /// Units without their source language's variant, or with an empty source.
    pub skipped: u32,
}

/// The props that name an entry's context (resname) in Wordmark's own export and in other
/// tools' (Trados writes `x-Context`… with its own hashes, which are not resnames, so only ours
/// and a plain `resname`).
const RESNAME_PROPS: [&str; 2] = ["x-wordmark-resname", "resname"];

/// Stores a TMX document's units for the client: each unit's source variant (the unit's
/// `srclang`, else the header's; the first variant for `*all*`) paired with each other
/// variant. Call it inside one transaction: an import lands whole or not at all.
pub async fn import(
    conn: &impl ConnectionTrait,
    client_id: i32,
    document: &tmx::Tmx,
) -> Result<Imported, DbErr> {
    let mut report = Imported::default();
    for unit in &document.units {
        report.units += 1;
        let srclang = unit.srclang.as_deref().unwrap_or(&document.srclang);
        let source = if srclang == "*all*" {
            unit.variants.first()
        } else {
            unit.variants.iter().find(|v| v.lang == srclang)
        };
        let Some(source) = source.filter(|s| !s.content.trim().is_empty()) else {
            report.skipped += 1;
            continue;
        };
        let resname = unit
            .props
            .iter()
            .find(|p| RESNAME_PROPS.contains(&p.kind.as_str()))
            .map(|p| p.value.clone());
        let props: Vec<&tmx::Prop> = unit
            .props
            .iter()
            .filter(|p| !RESNAME_PROPS.contains(&p.kind.as_str()))
            .collect();
        let props = (!props.is_empty()).then(|| serde_json::to_string(&props).unwrap_or_default());
        for target in unit.variants.iter().filter(|v| v.lang != source.lang) {
            if target.content.trim().is_empty() {
                continue;
            }
            let scope = Scope {
                client_id: Some(client_id),
                source_lang: source.lang.clone(),
                target_lang: target.lang.clone(),
            };
            let confirmed = Confirmed {
                source: source.content.clone(),
                markup: unit.markup.into(),
                resname: resname.clone(),
                target: target.content.clone(),
                origin: SegmentOrigin::File,
            };
            remember_with(conn, &scope, &[confirmed], props.as_deref()).await?;
            report.entries += 1;
        }
    }
    Ok(report)
}

/// The TMX unit of an entry: its source and target variants, its resname and props.
pub fn to_unit(entry: &tm::Model) -> tmx::Unit {
    let mut props: Vec<tmx::Prop> = entry
        .props
        .as_deref()
        .and_then(|p| serde_json::from_str(p).ok())
        .unwrap_or_default();
    if let Some(resname) = &entry.resname {
        props.insert(
            0,
            tmx::Prop {
                kind: RESNAME_PROPS[0].into(),
                value: resname.clone(),
            },
        );
    }
    tmx::Unit {
        tuid: Some(entry.id.to_string()),
        srclang: Some(entry.source_lang.clone()),
        markup: entry.markup.into(),
        props,
        variants: vec![
            tmx::Variant {
                lang: entry.source_lang.clone(),
                content: entry.source.clone(),
                props: vec![],
            },
            tmx::Variant {
                lang: entry.target_lang.clone(),
                content: entry.target.clone(),
                props: vec![],
            },
        ],
    }
}
