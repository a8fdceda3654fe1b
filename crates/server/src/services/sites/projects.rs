//! A translation project made from a site's items: each item's XLIFF in each target language
//! is read from the plugin, then the project is created through `translation::create` (the
//! path a WPML zip takes, so the jobs are the same) together with the jobs' links to their
//! items, in one transaction. Anything refused, by the site or by the reader, writes nothing.

use futures::{StreamExt, TryStreamExt, stream};
use sea_orm::DatabaseConnection;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;

use super::{
    Connector, ProjectSite, Site, SiteError, credentials, fields, find, site_jobs,
    wordpress::{ItemXliff, Problem},
};
use crate::{db, services::translation::create};

/// Items' XLIFF read from the site at once: enough to hide the site's latency, few enough not
/// to load a small site's PHP workers.
const FETCH_CONCURRENCY: usize = 4;
/// The most items × languages one project pulls.
pub const MAX_JOBS: usize = 2_000;

/// `POST /api/sites/{id}/projects`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct NewSiteProject {
    pub project_name: String,
    /// Item ids of the site's content list.
    pub items: Vec<i64>,
    /// Target languages, among the site's.
    pub target_langs: Vec<String>,
}

/// The project made, its site, and its jobs' items in the order of the project's jobs.
#[derive(Debug, Clone)]
pub struct SiteProject {
    pub id: i32,
    pub site: ProjectSite,
    pub jobs: Vec<SiteProjectJob>,
}

/// A job of a project from a site: the site's item and the language it translates it into.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SiteProjectJob {
    pub id: i32,
    pub item_id: i64,
    pub lang: String,
}

/// Creates a project of the site's client from `new.items` × `new.target_langs`, by `author_id`.
pub async fn create(
    db: &DatabaseConnection,
    connector: &Connector,
    site_id: i32,
    author_id: i32,
    new: &NewSiteProject,
    now: OffsetDateTime,
) -> Result<SiteProject, SiteError> {
    let site = find(db, site_id).await?;
    let name = fields::line("project name", &new.project_name, fields::NAME_MAX_CHARS)?;
    let pairs = picked(db, &site, &new.items, &new.target_langs).await?;
    make(db, connector, &site, author_id, name, pairs, now).await
}

/// The items × languages picked of `site` (each once, in the order picked): at least one
/// of each, every item in its content list as last read, every language one of the site's.
pub(super) async fn picked(
    db: &DatabaseConnection,
    site: &Site,
    items: &[i64],
    target_langs: &[String],
) -> Result<Vec<ItemLanguage>, SiteError> {
    let items = distinct(items);
    let languages = distinct(target_langs);
    if items.is_empty() || languages.is_empty() {
        return Err(SiteError::Invalid(
            "Pick at least one item and one target language.".into(),
        ));
    }
    let site_languages = &site.connection.languages;
    if let Some(lang) = languages.iter().find(|l| !site_languages.contains(l)) {
        return Err(SiteError::WrongLanguage(
            lang.clone(),
            site_languages.join(", "),
        ));
    }
    let known = site_jobs::known_items(db, site.id, &items).await?;
    if let Some(&item) = items.iter().find(|i| !known.contains(i)) {
        return Err(SiteError::UnknownItem(item));
    }
    Ok(items
        .iter()
        .flat_map(|&item| languages.iter().map(move |lang| (item, lang.clone())))
        .collect())
}

/// Creates a project of `site`'s client with one job per item × language of `pairs` (items of
/// its content list as last read, in its languages), in that order: each XLIFF read from the
/// site, then the project and its jobs' links written in one transaction.
pub(super) async fn make(
    db: &DatabaseConnection,
    connector: &Connector,
    site: &Site,
    author_id: i32,
    name: String,
    pairs: Vec<ItemLanguage>,
    now: OffsetDateTime,
) -> Result<SiteProject, SiteError> {
    let pulled = pull(db, connector, site.id, pairs).await?;
    let txn = db::BulkTransaction::begin(db).await?;
    let made = write_in(&txn, site, author_id, name, pulled, now).await?;
    txn.commit().await?;
    Ok(made)
}

/// The items' XLIFF read from the site and parsed as jobs' files, not written yet.
pub(super) struct Pulled {
    links: Vec<ItemLanguage>,
    files: Vec<create::ParsedFile>,
}

/// Reads each item × language of `pairs` from the site and parses it as a job's file; the
/// first refusal (the site's or the reader's) refuses them all.
pub(super) async fn pull(
    db: &DatabaseConnection,
    connector: &Connector,
    site_id: i32,
    pairs: Vec<ItemLanguage>,
) -> Result<Pulled, SiteError> {
    if pairs.len() > MAX_JOBS {
        return Err(SiteError::Invalid(format!(
            "A project from a site holds at most {MAX_JOBS} items × languages."
        )));
    }
    let opened = credentials(db, connector, site_id).await?;
    let site_call = opened.credentials();
    // `buffered` keeps the pairs' order, so the jobs are in the order asked for.
    let fetched: Vec<(i64, String, ItemXliff)> = stream::iter(pairs)
        .map(|(item, lang)| {
            let site_call = &site_call;
            async move {
                match connector.wordpress.xliff(site_call, item, &lang).await {
                    Ok(xliff) => Ok((item, lang, xliff)),
                    // Deleted or trashed on the site since its content was read.
                    Err(Problem::Refused { status: 404, .. }) => Err(SiteError::UnknownItem(item)),
                    Err(problem) => Err(SiteError::Site(problem)),
                }
            }
        })
        .buffered(FETCH_CONCURRENCY)
        .try_collect()
        .await?;
    let (links, files) = tokio::task::spawn_blocking(move || parse_all(fetched))
        .await
        .map_err(|error| SiteError::Translation(error.into()))??;
    Ok(Pulled { links, files })
}

/// Writes the project of `pulled` and its jobs' links to their items in the caller's
/// transaction.
pub(super) async fn write_in(
    txn: &db::BulkTransaction,
    site: &Site,
    author_id: i32,
    name: String,
    pulled: Pulled,
    now: OffsetDateTime,
) -> Result<SiteProject, SiteError> {
    let site_id = site.id;
    let (project_id, job_ids) = create::from_site_files_in(
        txn,
        name,
        Some(site.client_id),
        author_id,
        pulled.files,
        now,
    )
    .await?;
    let rows: Vec<site_jobs::SiteJobRow> = job_ids
        .iter()
        .zip(pulled.links)
        .map(|(&job_id, (item_id, lang))| site_jobs::SiteJobRow {
            job_id,
            project_id,
            site_id,
            item_id,
            lang,
        })
        .collect();
    site_jobs::insert(txn, rows.clone()).await?;
    Ok(SiteProject {
        id: project_id,
        site: ProjectSite {
            id: site.id,
            name: site.name.clone(),
        },
        jobs: rows
            .into_iter()
            .map(|row| SiteProjectJob {
                id: row.job_id,
                item_id: row.item_id,
                lang: row.lang,
            })
            .collect(),
    })
}

/// A site item in a target language.
pub(super) type ItemLanguage = (i64, String);

/// Each answer parsed as a job's file, with its item and language; the first that cannot be
/// read refuses the whole project, naming its item and language.
fn parse_all(
    fetched: Vec<(i64, String, ItemXliff)>,
) -> Result<(Vec<ItemLanguage>, Vec<create::ParsedFile>), SiteError> {
    let mut links = Vec::with_capacity(fetched.len());
    let mut files = Vec::with_capacity(fetched.len());
    for (item, lang, answer) in fetched {
        let file =
            create::parse_file(answer.filename, answer.xliff.into_bytes()).map_err(|error| {
                SiteError::BadXliff {
                    item,
                    lang: lang.clone(),
                    reason: error.to_string(),
                }
            })?;
        links.push((item, lang));
        files.push(file);
    }
    Ok((links, files))
}

/// The values in their first order, each once.
fn distinct<T: Clone + Eq + std::hash::Hash>(values: &[T]) -> Vec<T> {
    let mut seen = std::collections::HashSet::with_capacity(values.len());
    values
        .iter()
        .filter(|value| seen.insert(*value))
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_items_and_languages_are_taken_once_in_order() {
        assert_eq!(distinct(&[3, 1, 3, 2, 1]), [3, 1, 2]);
        assert_eq!(
            distinct(&["fr".to_owned(), "de".into(), "fr".into()]),
            ["fr", "de"]
        );
    }

    #[test]
    fn a_file_that_is_not_xliff_names_its_item_and_language() {
        let answer = ItemXliff {
            filename: "page-7-de.xliff".into(),
            xliff: "<html>not xliff</html>".into(),
        };
        match parse_all(vec![(7, "de".into(), answer)]) {
            Err(SiteError::BadXliff { item, lang, .. }) => {
                assert_eq!((item, lang.as_str()), (7, "de"))
            }
            other => panic!("{:?}", other.map(|(links, _)| links)),
        }
    }
}
