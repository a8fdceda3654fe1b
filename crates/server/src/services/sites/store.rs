//! The sites' tables, read and written for `services::sites` alone.

use std::collections::{BTreeMap, HashMap, HashSet};

use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr,
    EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
    sea_query::Expr,
};
use time::OffsetDateTime;

use super::{
    Connection, Item, ItemQuery, ItemSort, ItemTranslation, MAX_SITES_PER_CLIENT, Refreshed, Site,
    SiteError, TranslationState, plugin,
    wordpress::{ContentItem, Problem, SiteInfo},
};
use crate::{
    db::{
        self,
        entities::{site, site_item, site_item_language},
        listing::{self, Listing},
    },
    services::{mail, notifications::events},
};

/// The checked form fields.
pub struct Fields {
    pub name: String,
    pub url: String,
    pub username: String,
}

/// Rows per INSERT: 8 columns each, far below SQLite's 32,766 bound parameters.
const INSERT_CHUNK: usize = 500;

fn shown(row: site::Model) -> Site {
    Site {
        id: row.id,
        client_id: row.client_id,
        name: row.name,
        url: row.url,
        username: Some(row.username),
        password_last4: Some(row.password_last4),
        created_at: row.created_at,
        updated_at: row.updated_at,
        connection: Connection {
            checked_at: row.checked_at,
            problem: row.problem,
            wordpress_version: row.wordpress_version,
            plugin_update_available: plugin::update_available(row.plugin_version.as_deref()),
            bundled_plugin_version: plugin::VERSION.to_owned(),
            plugin_version: row.plugin_version,
            multilingual: row.multilingual,
            source_language: row.source_language,
            languages: row
                .languages
                .as_deref()
                .map(|langs| {
                    langs
                        .split(',')
                        .filter(|l| !l.is_empty())
                        .map(str::to_owned)
                        .collect()
                })
                .unwrap_or_default(),
        },
        refreshed_at: row.refreshed_at,
        content_checked_at: row.content_checked_at,
        content_check_error: row.content_check_error,
    }
}

pub async fn of_client(db: &impl ConnectionTrait, client_id: i32) -> Result<Vec<Site>, DbErr> {
    Ok(site::Entity::find()
        .filter(site::Column::ClientId.eq(client_id))
        .order_by_asc(site::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(shown)
        .collect())
}

pub async fn find(db: &impl ConnectionTrait, id: i32) -> Result<Option<Site>, DbErr> {
    Ok(site::Entity::find_by_id(id).one(db).await?.map(shown))
}

/// Address, user and sealed password.
pub async fn credentials(
    db: &impl ConnectionTrait,
    id: i32,
) -> Result<Option<(String, String, String)>, DbErr> {
    Ok(site::Entity::find_by_id(id)
        .one(db)
        .await?
        .map(|row| (row.url, row.username, row.password)))
}

/// Refuses an address the client already has (on another site than `except`).
async fn ensure_new_address(
    db: &impl ConnectionTrait,
    client_id: i32,
    url: &str,
    except: Option<i32>,
) -> Result<(), SiteError> {
    let mut same = Condition::all()
        .add(site::Column::ClientId.eq(client_id))
        .add(site::Column::Url.eq(url));
    if let Some(id) = except {
        same = same.add(site::Column::Id.ne(id));
    }
    if site::Entity::find().filter(same).count(db).await? > 0 {
        return Err(SiteError::AlreadyAdded(url.to_owned()));
    }
    Ok(())
}

pub async fn insert(
    db: &DatabaseConnection,
    client_id: i32,
    fields: &Fields,
    sealed_password: String,
    last4: String,
    now: OffsetDateTime,
) -> Result<Site, SiteError> {
    let tx = db::begin_write(db).await?;
    let existing = site::Entity::find()
        .filter(site::Column::ClientId.eq(client_id))
        .count(&tx)
        .await?;
    if existing >= MAX_SITES_PER_CLIENT {
        return Err(SiteError::TooMany);
    }
    ensure_new_address(&tx, client_id, &fields.url, None).await?;
    let row = site::ActiveModel {
        client_id: Set(client_id),
        name: Set(fields.name.clone()),
        url: Set(fields.url.clone()),
        username: Set(fields.username.clone()),
        password: Set(sealed_password),
        password_last4: Set(last4),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&tx)
    .await?;
    tx.commit().await?;
    Ok(shown(row))
}

pub async fn update(
    db: &DatabaseConnection,
    id: i32,
    fields: &Fields,
    password: Option<(String, String)>,
    now: OffsetDateTime,
) -> Result<Site, SiteError> {
    let tx = db::begin_write(db).await?;
    let row = site::Entity::find_by_id(id)
        .one(&tx)
        .await?
        .ok_or(SiteError::NotFound)?;
    ensure_new_address(&tx, row.client_id, &fields.url, Some(id)).await?;
    let other_account =
        row.url != fields.url || row.username != fields.username || password.is_some();
    let mut change: site::ActiveModel = row.into();
    change.name = Set(fields.name.clone());
    change.url = Set(fields.url.clone());
    change.username = Set(fields.username.clone());
    if let Some((sealed, last4)) = password {
        change.password = Set(sealed);
        change.password_last4 = Set(last4);
    }
    if other_account {
        change.checked_at = Set(None);
        change.problem = Set(None);
    }
    change.updated_at = Set(now);
    let row = change.update(&tx).await?;
    tx.commit().await?;
    Ok(shown(row))
}

pub async fn delete(db: &DatabaseConnection, id: i32) -> Result<Site, SiteError> {
    let tx = db::begin_write(db).await?;
    let row = site::Entity::find_by_id(id)
        .one(&tx)
        .await?
        .ok_or(SiteError::NotFound)?;
    // The content rows go with the site (ON DELETE CASCADE); deleted here too, so that a
    // SQLite connection without foreign keys switched on leaves nothing behind either.
    clear_items(&tx, id).await?;
    site::Entity::delete_by_id(id).exec(&tx).await?;
    tx.commit().await?;
    Ok(shown(row))
}

/// Keeps what a connection check found: the site's description, or the problem (the
/// description of the last good check stays, for the languages).
pub async fn record_check(
    db: &impl ConnectionTrait,
    id: i32,
    found: Result<&SiteInfo, &Problem>,
    now: OffsetDateTime,
) -> Result<Site, SiteError> {
    let row = site::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or(SiteError::NotFound)?;
    let mut change: site::ActiveModel = row.into();
    change.checked_at = Set(Some(now));
    match found {
        Ok(info) => {
            let ml = &info.multilingual;
            change.problem = Set(None);
            change.wordpress_version = Set(Some(info.wordpress_version.clone()));
            change.plugin_version = Set(Some(info.plugin_version.clone()));
            change.multilingual = Set(Some(ml.plugin.clone()));
            change.source_language = Set(Some(ml.default_language.clone()));
            let targets: Vec<&str> = ml
                .languages
                .iter()
                .map(String::as_str)
                .filter(|lang| *lang != ml.default_language)
                .collect();
            change.languages = Set(Some(targets.join(",")));
        }
        Err(problem) => change.problem = Set(Some(problem.to_string())),
    }
    Ok(shown(change.update(db).await?))
}

async fn clear_items(db: &impl ConnectionTrait, id: i32) -> Result<(), DbErr> {
    site_item_language::Entity::delete_many()
        .filter(site_item_language::Column::SiteId.eq(id))
        .exec(db)
        .await?;
    site_item::Entity::delete_many()
        .filter(site_item::Column::SiteId.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

fn state_of(translation: Option<&super::wordpress::ContentTranslation>) -> TranslationState {
    match translation {
        None => TranslationState::Missing,
        Some(t) => match t.source_changed {
            Some(true) => TranslationState::Changed,
            Some(false) => TranslationState::Current,
            None => TranslationState::Unknown,
        },
    }
}

/// Replaces the site's content list with `items`, in one transaction that also records the
/// check as read and tells the staff of the items newly changed since their translation: in
/// that state now, and not already so with the same source at the read before (that one told
/// them, or the list held them when it was stored). So each change is told once, whichever
/// check (scheduled or on demand) reads it first.
pub async fn replace_items(
    db: &DatabaseConnection,
    id: i32,
    languages: &[String],
    items: Vec<ContentItem>,
    mail: Option<mail::Site<'_>>,
    now: OffsetDateTime,
) -> Result<Refreshed, SiteError> {
    let tx = db::begin_write(db).await?;
    let changed_before: HashSet<(i64, String)> = site_item_language::Entity::find()
        .select_only()
        .column(site_item_language::Column::ItemId)
        .column(site_item_language::Column::Lang)
        .filter(site_item_language::Column::SiteId.eq(id))
        .filter(site_item_language::Column::State.eq(TranslationState::Changed))
        .into_tuple()
        .all(&tx)
        .await?
        .into_iter()
        .collect();
    let before: HashMap<i64, String> = site_item::Entity::find()
        .select_only()
        .column(site_item::Column::ItemId)
        .column(site_item::Column::Hash)
        .filter(site_item::Column::SiteId.eq(id))
        .into_tuple()
        .all(&tx)
        .await?
        .into_iter()
        .collect();
    clear_items(&tx, id).await?;
    let mut changed_since_last = 0;
    let mut newly_changed = HashSet::new();
    let mut states: BTreeMap<String, BTreeMap<TranslationState, u64>> = BTreeMap::new();
    let mut item_rows = Vec::with_capacity(items.len());
    let mut language_rows = Vec::new();
    for item in &items {
        let same_source = before.get(&item.id) == Some(&item.hash);
        if !same_source {
            changed_since_last += 1;
        }
        item_rows.push(site_item::ActiveModel {
            site_id: Set(id),
            item_id: Set(item.id),
            post_type: Set(item.post_type.clone()),
            title: Set(item.title.clone()),
            status: Set(item.status.clone()),
            parent: Set(item.parent),
            modified: Set(item.modified),
            hash: Set(item.hash.clone()),
        });
        for (lang, translation) in &item.translations {
            let state = state_of(translation.as_ref());
            if state == TranslationState::Changed
                && !(same_source && changed_before.contains(&(item.id, lang.clone())))
            {
                newly_changed.insert(item.id);
            }
            *states
                .entry(lang.clone())
                .or_default()
                .entry(state)
                .or_default() += 1;
            language_rows.push(site_item_language::ActiveModel {
                site_id: Set(id),
                item_id: Set(item.id),
                lang: Set(lang.clone()),
                translation_id: Set(translation.as_ref().map(|t| t.id)),
                state: Set(state),
            });
        }
    }
    for lang in languages {
        states.entry(lang.clone()).or_default();
    }
    for chunk in item_rows.chunks(INSERT_CHUNK) {
        site_item::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(&tx)
            .await?;
    }
    for chunk in language_rows.chunks(INSERT_CHUNK) {
        site_item_language::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(&tx)
            .await?;
    }
    let row = site::Entity::find_by_id(id)
        .one(&tx)
        .await?
        .ok_or(SiteError::NotFound)?;
    let mut change: site::ActiveModel = row.into();
    change.refreshed_at = Set(Some(now));
    change.content_checked_at = Set(Some(now));
    change.content_check_error = Set(None);
    let site = shown(change.update(&tx).await?);
    if !newly_changed.is_empty() {
        let pages = newly_changed.len() as u64;
        events::site_pages_changed(&tx, site.id, &site.name, pages, mail, now).await?;
    }
    tx.commit().await?;
    Ok(Refreshed {
        site,
        items: items.len() as u64,
        changed_since_last,
        states,
    })
}

/// One page of the stored content list, with each item's languages.
pub async fn items(
    db: &impl ConnectionTrait,
    id: i32,
    query: &ItemQuery,
) -> Result<Listing<Item>, DbErr> {
    use site_item::Column as I;
    use site_item_language::Column as L;
    let mut matching = Condition::all().add(I::SiteId.eq(id));
    if let Some(q) = &query.q {
        matching = matching.add(listing::contains(
            Expr::col((site_item::Entity, I::Title)),
            q,
        ));
    }
    if let Some(post_type) = &query.post_type {
        matching = matching.add(I::PostType.eq(post_type.as_str()));
    }
    if let Some(state) = query.state {
        let mut in_state = Condition::all()
            .add(L::SiteId.eq(id))
            .add(L::State.eq(state));
        if let Some(lang) = &query.lang {
            in_state = in_state.add(L::Lang.eq(lang.as_str()));
        }
        matching = matching.add(
            I::ItemId.in_subquery(
                site_item_language::Entity::find()
                    .select_only()
                    .column(L::ItemId)
                    .filter(in_state)
                    .into_query(),
            ),
        );
    }
    let total = site_item::Entity::find()
        .filter(matching.clone())
        .count(db)
        .await?;
    let order: sea_orm::Order = query.order.into();
    let key = match query.sort {
        ItemSort::Modified => I::Modified,
        ItemSort::Title => I::Title,
    };
    let rows = site_item::Entity::find()
        .filter(matching)
        .order_by(key, order.clone())
        .order_by(I::ItemId, order)
        .limit(query.window.limit)
        .offset(query.window.offset)
        .all(db)
        .await?;
    let mut languages: HashMap<i64, Vec<ItemTranslation>> = HashMap::new();
    if !rows.is_empty() {
        for row in site_item_language::Entity::find()
            .filter(L::SiteId.eq(id))
            .filter(L::ItemId.is_in(rows.iter().map(|r| r.item_id)))
            .order_by_asc(L::Lang)
            .all(db)
            .await?
        {
            languages
                .entry(row.item_id)
                .or_default()
                .push(ItemTranslation {
                    lang: row.lang,
                    state: row.state,
                    post_id: row.translation_id,
                });
        }
    }
    Ok(Listing {
        rows: rows
            .into_iter()
            .map(|row| Item {
                translations: languages.remove(&row.item_id).unwrap_or_default(),
                id: row.item_id,
                post_type: row.post_type,
                title: row.title,
                status: row.status,
                parent: row.parent,
                modified: row.modified,
            })
            .collect(),
        total,
    })
}
