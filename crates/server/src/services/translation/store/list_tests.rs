//! The project list on a scratch database (SQLite, or PostgreSQL with
//! `WORDMARK_TEST_DATABASE=postgres`): pages, filters, orders and totals against the same
//! rows filtered and sorted in Rust.

use crate::services::clock::TEST_NOW;
use std::collections::HashSet;

use sea_orm::{DatabaseConnection, EntityTrait};
use time::{Duration, OffsetDateTime, macros::datetime};

use super::{
    project_list::{self, ProjectListItem, ProjectQuery, ProjectSort},
    projects::{self, NewRow},
};
use crate::{
    db::{
        entities::translation_project::{self, ProjectStatus},
        listing::{Listing, Order, Window},
        scratch::Scratch,
    },
    services::clients,
    services::translation::testing::{self, author},
};

const STATUSES: [ProjectStatus; 5] = [
    ProjectStatus::Created,
    ProjectStatus::Pretranslated,
    ProjectStatus::TranslationsInCorrection,
    ProjectStatus::TranslationsCorrected,
    ProjectStatus::Completed,
];

/// What the test knows of a project it made, to compute the expected answers.
#[derive(Debug, Clone)]
struct Made {
    id: i32,
    name: String,
    status: ProjectStatus,
    client: Option<(i32, String)>,
    date_created: OffsetDateTime,
}

fn everything() -> ProjectQuery {
    ProjectQuery {
        client_id: None,
        status: None,
        source_lang: None,
        target_lang: None,
        q: None,
        sort: ProjectSort::Created,
        order: Order::Desc,
        window: Window {
            limit: 200,
            offset: 0,
        },
        scope: crate::policy::ClientScope::Everything,
    }
}

async fn list(db: &DatabaseConnection, query: &ProjectQuery) -> Listing<ProjectListItem> {
    project_list::list(db, query).await.unwrap()
}

fn ids(listing: &Listing<ProjectListItem>) -> Vec<i32> {
    listing.rows.iter().map(|r| r.project.id).collect()
}

/// `count` projects: names with mixed case and shared words, every status, three clients and
/// none, and creation times of which every third repeats the one before (ties for the id to
/// break).
async fn make(db: &DatabaseConnection, count: usize) -> Vec<Made> {
    let author = author(db, "lister").await;
    let mut clients = Vec::new();
    for name in ["beta Ltd", "Alpha GmbH", "gamma SA"] {
        let client = clients::insert(db, name.into(), None, author, TEST_NOW)
            .await
            .unwrap();
        clients.push((client.id, name.to_owned()));
    }
    let start = datetime!(2025-01-01 0:00 UTC);
    let made: Vec<Made> = (0..count)
        .map(|i| Made {
            id: 0,
            name: format!(
                "{} {i:05}",
                ["Shop", "blog", "SHOPPING site", "Landing"][i % 4]
            ),
            status: STATUSES[i % 5],
            client: (i % 4 != 3).then(|| clients[i % 3].clone()),
            date_created: start + Duration::minutes((i - i % 3 / 2) as i64),
        })
        .collect();
    projects::insert_many(
        db,
        made.iter()
            .map(|m| NewRow {
                name: m.name.clone(),
                status: m.status,
                client_id: m.client.as_ref().map(|c| c.0),
                author_id: Some(author),
                date_created: m.date_created,
            })
            .collect(),
    )
    .await
    .unwrap();
    // Ids in insertion order: read them back oldest first, the id breaking ties.
    let mut query = everything();
    query.order = Order::Asc;
    query.window.limit = 200;
    let mut made = made;
    let mut offset = 0;
    while (offset as usize) < made.len() {
        query.window.offset = offset;
        for row in list(db, &query).await.rows {
            made[offset as usize].id = row.project.id;
            offset += 1;
        }
    }
    made
}

fn expected(
    made: &[Made],
    keep: impl Fn(&Made) -> bool,
    sort: ProjectSort,
    order: Order,
) -> Vec<i32> {
    let mut rows: Vec<&Made> = made.iter().filter(|m| keep(m)).collect();
    rows.sort_by(|a, b| {
        let by_key = match sort {
            ProjectSort::Name => a.name.to_lowercase().cmp(&b.name.to_lowercase()),
            ProjectSort::Created => a.date_created.cmp(&b.date_created),
            ProjectSort::Status => a.status.cmp(&b.status),
            ProjectSort::Client => {
                let key = |m: &Made| {
                    m.client
                        .as_ref()
                        .map(|c| c.1.to_lowercase())
                        .unwrap_or_default()
                };
                key(a).cmp(&key(b))
            }
        };
        by_key.then(a.id.cmp(&b.id))
    });
    if order == Order::Desc {
        rows.reverse();
    }
    rows.into_iter().map(|m| m.id).collect()
}

#[tokio::test]
async fn pages_cover_every_project_once_in_every_order() {
    let scratch = Scratch::new().await;
    let db = &scratch.db;
    let made = make(db, 60).await;
    // Each row carries the project as stored, to its creation time.
    for row in list(db, &everything()).await.rows {
        let stored = translation_project::Entity::find_by_id(row.project.id)
            .one(db)
            .await
            .unwrap();
        assert_eq!(Some(row.project), stored.map(Into::into));
    }
    for sort in [
        ProjectSort::Name,
        ProjectSort::Created,
        ProjectSort::Status,
        ProjectSort::Client,
    ] {
        for order in [Order::Asc, Order::Desc] {
            let mut query = everything();
            query.sort = sort;
            query.order = order;
            query.window.limit = 7;
            let mut seen = Vec::new();
            loop {
                let page = list(db, &query).await;
                assert_eq!(page.total, 60, "{sort:?} {order:?}");
                if page.rows.is_empty() {
                    break;
                }
                assert!(page.rows.len() <= 7);
                seen.extend(ids(&page));
                query.window.offset += 7;
            }
            assert_eq!(seen.iter().collect::<HashSet<_>>().len(), 60, "no overlap");
            assert_eq!(
                seen,
                expected(&made, |_| true, sort, order),
                "{sort:?} {order:?}: no gaps, ties broken by id"
            );
        }
    }
    scratch.remove().await;
}

#[tokio::test]
async fn each_filter_keeps_its_projects_and_counts_them() {
    let scratch = Scratch::new().await;
    let db = &scratch.db;
    let made = make(db, 40).await;
    let (with_jobs, _) = testing::project(db).await;

    let client = made[0].client.clone().unwrap();
    let mut query = everything();
    query.client_id = Some(client.0);
    let page = list(db, &query).await;
    let of_client = expected(
        &made,
        |m| m.client.as_ref() == Some(&client),
        ProjectSort::Created,
        Order::Desc,
    );
    assert_eq!(
        (ids(&page), page.total),
        (of_client.clone(), of_client.len() as u64)
    );
    assert!(
        page.rows
            .iter()
            .all(|r| r.client_name.as_deref() == Some(client.1.as_str()))
    );

    let mut query = everything();
    query.status = Some(ProjectStatus::TranslationsCorrected);
    let page = list(db, &query).await;
    let corrected = expected(
        &made,
        |m| m.status == ProjectStatus::TranslationsCorrected,
        ProjectSort::Created,
        Order::Desc,
    );
    assert_eq!(
        (ids(&page), page.total),
        (corrected.clone(), corrected.len() as u64)
    );

    // Case does not matter, and `_` / `%` are plain characters.
    let mut query = everything();
    query.q = Some("sHoP".into());
    query.sort = ProjectSort::Name;
    query.order = Order::Asc;
    let page = list(db, &query).await;
    let shops = expected(
        &made,
        |m| m.name.to_lowercase().contains("shop"),
        ProjectSort::Name,
        Order::Asc,
    );
    assert_eq!(ids(&page), shops);
    query.q = Some("shop_".into());
    assert_eq!(list(db, &query).await.total, 0);

    // Languages come from the jobs: only the uploaded project has any (en → de).
    for (source, target, found) in [
        (Some("en"), None, vec![with_jobs]),
        (None, Some("de"), vec![with_jobs]),
        (Some("de"), None, vec![]),
        (None, Some("fr"), vec![]),
    ] {
        let mut query = everything();
        query.source_lang = source.map(Into::into);
        query.target_lang = target.map(Into::into);
        let page = list(db, &query).await;
        assert_eq!(
            (ids(&page), page.total),
            (found.clone(), found.len() as u64)
        );
    }
    let mut query = everything();
    query.target_lang = Some("de".into());
    let uploaded = list(db, &query).await.rows.remove(0);
    let project = &uploaded.project;
    assert_eq!((project.job_count, project.segment_count), (2, 6));
    assert_eq!(
        (project.source_lang.as_deref(), &project.target_langs[..]),
        (Some("en"), &["de".to_owned()][..])
    );
    assert_eq!(uploaded.author, Some(("A".into(), "Uthor".into())));

    // Filters combine; a page past the end is empty but still counts.
    let mut query = everything();
    query.client_id = Some(client.0);
    query.status = Some(made[0].status);
    query.window.offset = 500;
    let page = list(db, &query).await;
    let both = expected(
        &made,
        |m| m.client.as_ref() == Some(&client) && m.status == made[0].status,
        ProjectSort::Created,
        Order::Desc,
    );
    assert!(page.rows.is_empty());
    assert_eq!(page.total, both.len() as u64);
    scratch.remove().await;
}

#[tokio::test]
async fn ten_thousand_projects_answer_the_right_page_and_total() {
    let scratch = Scratch::new().await;
    let db = &scratch.db;
    let made = make(db, 10_000).await;
    let client = made[1].client.clone().unwrap();
    let mut query = everything();
    query.client_id = Some(client.0);
    query.status = Some(ProjectStatus::Completed);
    query.q = Some("SHOP".into());
    query.sort = ProjectSort::Name;
    query.order = Order::Desc;
    query.window = Window {
        limit: 20,
        offset: 40,
    };
    let page = list(db, &query).await;
    let all = expected(
        &made,
        |m| {
            m.client.as_ref() == Some(&client)
                && m.status == ProjectStatus::Completed
                && m.name.to_lowercase().contains("shop")
        },
        ProjectSort::Name,
        Order::Desc,
    );
    assert!(all.len() > 60, "the filters leave several pages");
    assert_eq!(page.total, all.len() as u64);
    assert_eq!(ids(&page), all[40..60]);
    scratch.remove().await;
}

/// The list's one statement walks the index of its order and stops after the page (no sort of
/// every project), also within a client's projects of one status, and never reads the jobs
/// (each project keeps what its row shows of them). SQLite's plan is checked;
/// PostgreSQL picks scans for tables this small whatever indexes they have
/// (docs/architecture.md has its plan at 10,000 projects).
#[tokio::test]
async fn the_list_reads_its_indexes_once() {
    use sea_orm::{ConnectionTrait, DbBackend, Statement};

    let scratch = Scratch::new().await;
    let db = &scratch.db;
    if db.get_database_backend() != DbBackend::Sqlite {
        return scratch.remove().await;
    }
    make(db, 300).await;
    let plan = |query: ProjectQuery| async move {
        let statement =
            DbBackend::Sqlite.build(&project_list::statement(DbBackend::Sqlite, &query));
        let explain = Statement {
            sql: format!("EXPLAIN QUERY PLAN {}", statement.sql),
            ..statement
        };
        let rows = db.query_all_raw(explain).await.unwrap();
        rows.iter()
            .map(|row| row.try_get_by_index::<String>(3).unwrap())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let mut newest = everything();
    newest.window.limit = 50;
    let newest = plan(newest).await;
    assert!(
        newest.contains("SCAN translation_projects USING INDEX idx_translation_projects_created"),
        "{newest}"
    );
    assert!(!newest.contains("FOR ORDER BY"), "{newest}");
    assert!(!newest.contains("translation_jobs"), "{newest}");
    let mut by_name = everything();
    by_name.sort = ProjectSort::Name;
    let by_name = plan(by_name).await;
    assert!(
        by_name.contains("SCAN translation_projects USING INDEX idx_translation_projects_name"),
        "{by_name}"
    );
    assert!(!by_name.contains("FOR ORDER BY"), "{by_name}");
    // A client's projects of one status: the total from the index alone, the page walking it.
    let mut completed = everything();
    completed.client_id = Some(1);
    completed.status = Some(ProjectStatus::Completed);
    let completed = plan(completed).await;
    let index = "idx_translation_projects_client_status_created (client_id=? AND status=?)";
    assert!(
        completed.contains(&format!("USING COVERING INDEX {index}")),
        "{completed}"
    );
    assert!(
        completed.contains(&format!("SEARCH translation_projects USING INDEX {index}")),
        "{completed}"
    );
    assert!(!completed.contains("FOR ORDER BY"), "{completed}");
    // A customer's projects (the client scope): the total from the client's index alone, the
    // page walking the client's index newest first, no sort.
    let mut scoped = everything();
    scoped.window.limit = 50;
    scoped.scope = crate::policy::ClientScope::Clients([1].into());
    let scoped = plan(scoped).await;
    let index = "idx_translation_projects_client_created (client_id=?)";
    assert!(
        scoped.contains(&format!("SEARCH translation_projects USING INDEX {index}")),
        "{scoped}"
    );
    let total = "USING COVERING INDEX idx_translation_projects_client (client_id=?)";
    assert!(scoped.contains(total), "{scoped}");
    assert!(!scoped.contains("FOR ORDER BY"), "{scoped}");
    scratch.remove().await;
}
