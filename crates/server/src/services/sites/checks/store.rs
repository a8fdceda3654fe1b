//! The sites' check columns (`content_checked_at`, `content_check_error`, `check_lease_*`) and
//! the changed items of `site_item_languages`, read and written for the checks alone.

use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
    sea_query::{Expr, ExprTrait},
};
use time::OffsetDateTime;

use super::ChangedSite;
use crate::{
    db::entities::{site, site_item_language},
    services::{
        runs::{self, Claim},
        sites::TranslationState,
    },
};

/// When a site is due: `every` after a check that read its content, `retry` after one that
/// failed.
#[derive(Debug, Clone, Copy)]
pub struct Due {
    pub every: time::Duration,
    pub retry: time::Duration,
}

impl Due {
    fn condition(self, now: OffsetDateTime) -> Condition {
        use site::Column as S;
        Condition::any()
            .add(S::ContentCheckedAt.is_null())
            .add(
                Condition::all()
                    .add(S::ContentCheckError.is_null())
                    .add(S::ContentCheckedAt.lte(now - self.every)),
            )
            .add(
                Condition::all()
                    .add(S::ContentCheckError.is_not_null())
                    .add(S::ContentCheckedAt.lte(now - self.retry)),
            )
    }
}

/// The sites due at `now` that nobody is checking, the longest waiting first.
pub async fn due(
    db: &impl ConnectionTrait,
    due: Due,
    now: OffsetDateTime,
) -> Result<Vec<i32>, DbErr> {
    site::Entity::find()
        .select_only()
        .column(site::Column::Id)
        .filter(due.condition(now))
        .filter(runs::orphaned(
            site::Column::CheckLeaseOwner,
            site::Column::CheckLeaseUntil,
            now,
        ))
        .order_by_asc(site::Column::ContentCheckedAt)
        .order_by_asc(site::Column::Id)
        .into_tuple()
        .all(db)
        .await
}

/// Claims the site's check for `claim.owner` when it is still due and nobody else holds it:
/// one conditional update, so of two instances exactly one wins, and a site another instance
/// has just checked is not due any more.
pub async fn claim(
    db: &impl ConnectionTrait,
    site_id: i32,
    due: Due,
    claim: Claim<'_>,
    now: OffsetDateTime,
) -> Result<bool, DbErr> {
    let result = site::Entity::update_many()
        .col_expr(site::Column::CheckLeaseOwner, Expr::value(claim.owner))
        .col_expr(
            site::Column::CheckLeaseUntil,
            Expr::value(now + claim.lease),
        )
        .filter(site::Column::Id.eq(site_id))
        .filter(due.condition(now))
        .filter(runs::claimable(
            site::Column::CheckLeaseOwner,
            site::Column::CheckLeaseUntil,
            claim.owner,
            now,
        ))
        .exec(db)
        .await?;
    Ok(result.rows_affected == 1)
}

/// Extends the claim; false when its owner lost it.
pub async fn renew(
    db: &impl ConnectionTrait,
    site_id: i32,
    claim: Claim<'_>,
    now: OffsetDateTime,
) -> Result<bool, DbErr> {
    let result = site::Entity::update_many()
        .col_expr(
            site::Column::CheckLeaseUntil,
            Expr::value(now + claim.lease),
        )
        .filter(site::Column::Id.eq(site_id))
        .filter(site::Column::CheckLeaseOwner.eq(claim.owner))
        .exec(db)
        .await?;
    Ok(result.rows_affected == 1)
}

/// Ends `owner`'s claim of the site's check.
pub async fn release(db: &impl ConnectionTrait, site_id: i32, owner: &str) -> Result<(), DbErr> {
    site::Entity::update_many()
        .col_expr(
            site::Column::CheckLeaseOwner,
            Expr::value(Option::<String>::None),
        )
        .col_expr(
            site::Column::CheckLeaseUntil,
            Expr::value(Option::<OffsetDateTime>::None),
        )
        .filter(site::Column::Id.eq(site_id))
        .filter(site::Column::CheckLeaseOwner.eq(owner))
        .exec(db)
        .await?;
    Ok(())
}

/// A check of the content that failed, with its reason. (One that read the content is
/// recorded with the content, in `sites::store::replace_items`.)
pub async fn record_failure(
    db: &impl ConnectionTrait,
    site_id: i32,
    error: &str,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    site::Entity::update_many()
        .col_expr(site::Column::ContentCheckedAt, Expr::value(now))
        .col_expr(site::Column::ContentCheckError, Expr::value(error))
        .filter(site::Column::Id.eq(site_id))
        .exec(db)
        .await?;
    Ok(())
}

/// The site's items × languages whose source changed since their translation, in item order.
pub async fn changed_pairs(
    db: &impl ConnectionTrait,
    site_id: i32,
) -> Result<Vec<(i64, String)>, DbErr> {
    use site_item_language::Column as L;
    site_item_language::Entity::find()
        .select_only()
        .column(L::ItemId)
        .column(L::Lang)
        .filter(L::SiteId.eq(site_id))
        .filter(L::State.eq(TranslationState::Changed))
        .order_by_asc(L::ItemId)
        .order_by_asc(L::Lang)
        .into_tuple()
        .all(db)
        .await
}

/// Every site with changed items and how many, most first.
pub async fn changed_sites(db: &impl ConnectionTrait) -> Result<Vec<ChangedSite>, DbErr> {
    use site_item_language::Column as L;
    let counts: Vec<(i32, i64)> = site_item_language::Entity::find()
        .select_only()
        .column(L::SiteId)
        .column_as(Expr::col(L::ItemId).count_distinct(), "pages")
        .filter(L::State.eq(TranslationState::Changed))
        .group_by(L::SiteId)
        .into_tuple()
        .all(db)
        .await?;
    if counts.is_empty() {
        return Ok(Vec::new());
    }
    let sites: Vec<(i32, i32, String)> = site::Entity::find()
        .select_only()
        .column(site::Column::Id)
        .column(site::Column::ClientId)
        .column(site::Column::Name)
        .filter(site::Column::Id.is_in(counts.iter().map(|(id, _)| *id)))
        .into_tuple()
        .all(db)
        .await?;
    let mut changed: Vec<ChangedSite> = sites
        .into_iter()
        .filter_map(|(site_id, client_id, name)| {
            let pages = counts.iter().find(|(id, _)| *id == site_id)?.1;
            Some(ChangedSite {
                site_id,
                client_id,
                name,
                pages: u64::try_from(pages).unwrap_or_default(),
            })
        })
        .collect();
    changed.sort_by(|a, b| b.pages.cmp(&a.pages).then(a.name.cmp(&b.name)));
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use sea_orm::{ActiveValue::Set, DatabaseConnection};

    use super::*;
    use crate::{
        db::{entities::client, scratch::Scratch},
        services::{clock::TEST_NOW, sites::store as sites_store},
    };

    const ONE: Claim<'static> = Claim {
        owner: "one",
        lease: time::Duration::seconds(30),
    };
    const TWO: Claim<'static> = Claim {
        owner: "two",
        lease: time::Duration::seconds(30),
    };
    const DAILY: Due = Due {
        every: time::Duration::DAY,
        retry: time::Duration::HOUR,
    };

    async fn a_site(db: &DatabaseConnection) -> i32 {
        let client = client::Entity::insert(client::ActiveModel {
            client_name: Set("Client".into()),
            name_key: Set("client".into()),
            date_created: Set(TEST_NOW),
            ..Default::default()
        })
        .exec(db)
        .await
        .unwrap()
        .last_insert_id;
        let fields = sites_store::Fields {
            name: "Site".into(),
            url: "https://example.com".into(),
            username: "editor".into(),
        };
        sites_store::insert(
            db,
            client,
            &fields,
            "sealed".into(),
            "abcd".into(),
            TEST_NOW,
        )
        .await
        .unwrap()
        .id
    }

    /// Two instances on one database: of two claims one wins; a site just checked is not due
    /// for the other; a claim whose instance died is taken up once its lease ran out; a failed
    /// check is due again after the retry, a good one after the interval.
    #[tokio::test]
    async fn one_instance_checks_a_site_at_a_time() {
        let scratch = Scratch::new().await;
        let db = &scratch.db;
        let id = a_site(db).await;
        let now = TEST_NOW;
        assert_eq!(due(db, DAILY, now).await.unwrap(), [id], "never checked");
        assert!(claim(db, id, DAILY, ONE, now).await.unwrap());
        assert!(
            !claim(db, id, DAILY, TWO, now).await.unwrap(),
            "held by one"
        );
        assert!(
            due(db, DAILY, now).await.unwrap().is_empty(),
            "being checked"
        );
        assert!(renew(db, id, ONE, now).await.unwrap());
        assert!(!renew(db, id, TWO, now).await.unwrap());

        // One's instance dies: once the lease ran out, two takes the check up.
        let later = now + time::Duration::minutes(1);
        assert_eq!(due(db, DAILY, later).await.unwrap(), [id]);
        assert!(claim(db, id, DAILY, TWO, later).await.unwrap());
        assert!(!renew(db, id, ONE, later).await.unwrap(), "one lost it");

        // Two's check fails: recorded, released; due again after the retry, not before.
        record_failure(db, id, "down", later).await.unwrap();
        release(db, id, "one").await.unwrap();
        assert!(
            !claim(db, id, DAILY, ONE, later).await.unwrap(),
            "still two's"
        );
        release(db, id, "two").await.unwrap();
        assert!(
            !claim(db, id, DAILY, ONE, later).await.unwrap(),
            "just checked"
        );
        let retry = later + time::Duration::HOUR;
        assert!(claim(db, id, DAILY, ONE, retry).await.unwrap());

        // A check that read the content: due a day later.
        let site_row = site::Entity::find_by_id(id).one(db).await.unwrap().unwrap();
        assert_eq!(site_row.content_check_error.as_deref(), Some("down"));
        site::Entity::update_many()
            .col_expr(site::Column::ContentCheckedAt, Expr::value(retry))
            .col_expr(
                site::Column::ContentCheckError,
                Expr::value(Option::<String>::None),
            )
            .filter(site::Column::Id.eq(id))
            .exec(db)
            .await
            .unwrap();
        release(db, id, "one").await.unwrap();
        let hour_later = retry + time::Duration::HOUR;
        assert!(due(db, DAILY, hour_later).await.unwrap().is_empty());
        assert!(!claim(db, id, DAILY, TWO, hour_later).await.unwrap());
        let day_later = retry + time::Duration::DAY;
        assert!(claim(db, id, DAILY, TWO, day_later).await.unwrap());
        scratch.remove().await;
    }
}
