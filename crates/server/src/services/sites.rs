//! WordPress sites of a client: the only code that reads and writes `sites`, `site_items` and
//! `site_item_languages`. A site is reached through the Wordmark Connector plugin
//! (`wordpress`); its application password is sealed (`secret_box`) and never leaves this
//! module but to sign a request to the site.
//!
//! What Wordmark knows of a site's content is what the last refresh read: every source item
//! with the plugin's hash of its text, and per target language whether a translation exists
//! and whether the source changed since it was written. Lists, filters and counts run on
//! those rows, so the content screen pages and searches without calling the site.
//!
//! A project made from a site's items (`projects`) remembers each job's site, item and
//! language (`site_jobs`); publishing (`publish`) sends the jobs' XLIFF back as background
//! runs (`site_publish_runs`, `site_publish_jobs`).

pub mod checks;
mod fields;
pub mod plugin;
pub mod projects;
pub mod publish;
pub mod requests;
mod site_jobs;
mod store;
pub mod wordpress;

use std::collections::{BTreeMap, HashMap};

use sea_orm::{DatabaseConnection, DbErr};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;

pub use crate::db::entities::site_item_language::TranslationState;
use crate::{
    db::listing::{Listing, Order, Window},
    services::secret_box::{SecretBox, SecretError},
};
use wordpress::{Credentials, Problem, WordPress};

/// The most sites one client may have.
pub const MAX_SITES_PER_CLIENT: u64 = 20;
/// The most source items one site's content list keeps.
pub const MAX_ITEMS: u64 = 50_000;
/// What the sealed passwords are bound to.
const PASSWORD_PURPOSE: &str = "site_password";

/// What a site operation refuses.
#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    #[error("Site not found")]
    NotFound,
    #[error("{0}")]
    Invalid(String),
    #[error("This client already has the site {0}.")]
    AlreadyAdded(String),
    #[error("A client has at most {MAX_SITES_PER_CLIENT} sites.")]
    TooMany,
    #[error("The site lists more than {MAX_ITEMS} items; Wordmark keeps at most that many.")]
    TooMuchContent,
    /// The site could not be read; the problem says why.
    #[error("{0}")]
    Site(#[from] Problem),
    /// The stored password cannot be opened: the secret key it was sealed with is gone.
    #[error("The site's stored password cannot be read ({0}); enter it again.")]
    Sealed(#[from] SecretError),
    /// An item the site's content list (as last read) does not hold, or the site no longer has.
    #[error("The site has no item {0}; read its content again.")]
    UnknownItem(i64),
    #[error("\"{0}\" is not a target language of the site ({1}).")]
    WrongLanguage(String, String),
    /// The site answered an item's XLIFF that cannot be read as a job's file.
    #[error("The site's XLIFF of item {item} in \"{lang}\" cannot be read: {reason}")]
    BadXliff {
        item: i64,
        lang: String,
        reason: String,
    },
    #[error("This project was not made from a site's pages.")]
    NotASiteProject,
    #[error("The project is being published already; wait for that run to end.")]
    PublishRunning,
    /// An update project was asked for, and no page changed since its translation.
    #[error("No page of the site changed since its translation (as the site was last read).")]
    NothingChanged,
    #[error("The site has no such request.")]
    RequestNotFound,
    #[error("A project was made of this request already.")]
    RequestMade,
    /// A request's title, due date or note breaks a rule; the message names it.
    #[error(transparent)]
    Quote(#[from] crate::services::quotes::QuoteError),
    #[error(transparent)]
    Translation(#[from] crate::services::translation::TranslationError),
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// The sites' connection to WordPress: the process's HTTP client and the key the passwords
/// are sealed with.
#[derive(Clone)]
pub struct Connector {
    secrets: SecretBox,
    wordpress: WordPress,
}

impl Connector {
    /// `timeout`: how long one call to a site may take, its answer read.
    pub fn new(secrets: SecretBox, timeout: std::time::Duration) -> Self {
        Self {
            secrets,
            wordpress: WordPress::new(timeout),
        }
    }
}

/// A site as shown: never its password, only the password's last four characters, and to a
/// customer neither those nor the user name (`null`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Site {
    pub id: i32,
    pub client_id: i32,
    pub name: String,
    pub url: String,
    pub username: Option<String>,
    pub password_last4: Option<String>,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    pub updated_at: OffsetDateTime,
    pub connection: Connection,
    /// When the content list was last read from the site; `null`: never.
    #[serde(with = "time::serde::rfc3339::option")]
    pub refreshed_at: Option<OffsetDateTime>,
    /// When the content was last checked (on the schedule or on demand), read or not;
    /// `null`: never.
    #[serde(with = "time::serde::rfc3339::option")]
    pub content_checked_at: Option<OffsetDateTime>,
    /// Why that check failed; `null` when it read the content.
    pub content_check_error: Option<String>,
}

impl Site {
    /// The site as the client's customers see it: how Wordmark signs in to it is the agency's.
    pub fn without_credentials(self) -> Site {
        Site {
            username: None,
            password_last4: None,
            ..self
        }
    }
}

/// What the last connection check found.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Connection {
    /// `null`: never checked.
    #[serde(with = "time::serde::rfc3339::option")]
    pub checked_at: Option<OffsetDateTime>,
    /// What was wrong; `null` when the check connected.
    pub problem: Option<String>,
    pub wordpress_version: Option<String>,
    pub plugin_version: Option<String>,
    /// The plugin version this server offers for download (`GET /api/sites/plugin`).
    pub bundled_plugin_version: String,
    /// The site's plugin is older than the one offered: download that and install it.
    pub plugin_update_available: bool,
    /// `wpml`, `polylang` or `none`.
    pub multilingual: Option<String>,
    pub source_language: Option<String>,
    /// The site's target languages.
    pub languages: Vec<String>,
}

/// A site's form. The password may be left out on a change, to keep the stored one.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct SiteInput {
    /// What the app calls the site; absent or blank: the address's host (`example.com`).
    #[serde(default)]
    pub name: Option<String>,
    /// The site's home address, `https://example.com` (or with WordPress's folder).
    pub url: String,
    /// The WordPress user Wordmark signs in as (an Editor or Administrator).
    pub username: String,
    /// An application password of that user (24 letters and digits; spaces allowed).
    pub application_password: Option<String>,
}

/// The outcome of a connection check: the site with what was found, and the problem's kind
/// when there was one.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Checked {
    pub site: Site,
    /// `unreachable`, `tls`, `timeout`, `unauthorized`, `forbidden`, `https_required`,
    /// `plugin_missing`, `plugin_too_old`, `refused`, `unexpected` or `redirected` (sent on to
    /// another host, or back to `http://`: not followed); `null` when connected.
    pub problem_kind: Option<String>,
}

/// What a refresh read.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Refreshed {
    pub site: Site,
    /// Source items listed.
    pub items: u64,
    /// Items that are new or whose text changed since the refresh before.
    pub changed_since_last: u64,
    /// Per target language, how many items are in each state.
    pub states: BTreeMap<String, BTreeMap<TranslationState, u64>>,
}

/// An item of the content list with its state in each target language.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Item {
    pub id: i64,
    #[serde(rename = "type")]
    pub post_type: String,
    pub title: String,
    pub status: String,
    pub parent: i64,
    #[serde(with = "time::serde::rfc3339")]
    pub modified: OffsetDateTime,
    pub translations: Vec<ItemTranslation>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ItemTranslation {
    pub lang: String,
    pub state: TranslationState,
    /// The translated post's id, when there is one.
    pub post_id: Option<i64>,
}

/// What the content list can be ordered by (the id breaks ties).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ItemSort {
    /// Last modified on the site (the default, newest first).
    #[default]
    Modified,
    Title,
}

/// Which items of a site's content list.
#[derive(Debug, Clone)]
pub struct ItemQuery {
    /// Text the title contains, ignoring case.
    pub q: Option<String>,
    pub post_type: Option<String>,
    /// With `state`: only items in that state in this language.
    pub lang: Option<String>,
    /// Only items in this state (in `lang`, or in any language).
    pub state: Option<TranslationState>,
    pub sort: ItemSort,
    pub order: Order,
    pub window: Window,
}

/// The sites of `client_id`, oldest first.
pub async fn list(db: &DatabaseConnection, client_id: i32) -> Result<Vec<Site>, SiteError> {
    Ok(store::of_client(db, client_id).await?)
}

pub async fn find(db: &DatabaseConnection, id: i32) -> Result<Site, SiteError> {
    store::find(db, id).await?.ok_or(SiteError::NotFound)
}

/// The site a project was made from, as a project's answer names it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProjectSite {
    pub id: i32,
    pub name: String,
}

/// The site each of `projects` was made from; projects not made from a site are absent.
pub async fn of_projects(
    db: &DatabaseConnection,
    projects: &[i32],
) -> Result<HashMap<i32, ProjectSite>, SiteError> {
    Ok(site_jobs::sites_of_projects(db, projects)
        .await?
        .into_iter()
        .map(|(project, (id, name))| (project, ProjectSite { id, name }))
        .collect())
}

/// Adds a site to `client_id` (its password required). The connection is not checked here:
/// the check is its own step, which the app runs right after.
pub async fn create(
    db: &DatabaseConnection,
    connector: &Connector,
    client_id: i32,
    input: &SiteInput,
    now: OffsetDateTime,
) -> Result<Site, SiteError> {
    let valid = validate(input)?;
    let password = valid
        .password
        .ok_or_else(|| SiteError::Invalid("The application password is missing.".into()))?;
    let sealed = connector.secrets.seal(PASSWORD_PURPOSE, &password);
    store::insert(db, client_id, &valid.fields, sealed, last4(&password), now).await
}

/// Changes a site's name, address, user and (when given) password. A changed address or user
/// forgets what the last check found: it was another site or another account.
pub async fn update(
    db: &DatabaseConnection,
    connector: &Connector,
    id: i32,
    input: &SiteInput,
    now: OffsetDateTime,
) -> Result<Site, SiteError> {
    let valid = validate(input)?;
    let password = valid.password.map(|plain| {
        (
            connector.secrets.seal(PASSWORD_PURPOSE, &plain),
            last4(&plain),
        )
    });
    store::update(db, id, &valid.fields, password, now).await
}

/// Removes a site and what was read of its content; answers the site as it was.
pub async fn delete(db: &DatabaseConnection, id: i32) -> Result<Site, SiteError> {
    store::delete(db, id).await
}

/// Calls the site and keeps what it said (versions, multilingual plugin, languages) or what
/// was wrong. A problem with the site is an answer here, not an error.
pub async fn check(
    db: &DatabaseConnection,
    connector: &Connector,
    id: i32,
    now: OffsetDateTime,
) -> Result<Checked, SiteError> {
    let opened = credentials(db, connector, id).await?;
    let found = connector.wordpress.site(&opened.credentials()).await;
    let problem_kind = found.as_ref().err().map(|p| p.kind().to_owned());
    let site = store::record_check(db, id, found.as_ref(), now).await?;
    Ok(Checked { site, problem_kind })
}

/// Checks the site's content now (`checks::run`): the whole list read again, the staff told
/// of pages newly changed since their translation, the outcome recorded on the site.
pub async fn refresh(
    db: &DatabaseConnection,
    connector: &Connector,
    id: i32,
    mail: Option<crate::services::mail::Site<'_>>,
    now: OffsetDateTime,
) -> Result<Refreshed, SiteError> {
    checks::run(db, connector, id, mail, now).await
}

/// Reads the site's whole content list again, page by page, then replaces the stored one in
/// one transaction: a site that fails halfway leaves the previous list as it was.
async fn read_content(
    db: &DatabaseConnection,
    connector: &Connector,
    id: i32,
    mail: Option<crate::services::mail::Site<'_>>,
    now: OffsetDateTime,
) -> Result<Refreshed, SiteError> {
    let opened = credentials(db, connector, id).await?;
    let site = opened.credentials();
    let info = match connector.wordpress.site(&site).await {
        Ok(info) => info,
        Err(problem) => {
            store::record_check(db, id, Err(&problem), now).await?;
            return Err(problem.into());
        }
    };
    let mut items = Vec::new();
    let mut page = 1;
    loop {
        let answer = connector.wordpress.content(&site, page).await?;
        if answer.total > MAX_ITEMS {
            return Err(SiteError::TooMuchContent);
        }
        items.extend(answer.items);
        if page >= answer.total_pages {
            break;
        }
        page += 1;
    }
    store::record_check(db, id, Ok(&info), now).await?;
    let languages = &info.multilingual.languages;
    store::replace_items(db, id, languages, items, mail, now).await
}

/// One page of a site's content list.
pub async fn items(
    db: &DatabaseConnection,
    id: i32,
    query: &ItemQuery,
) -> Result<Listing<Item>, SiteError> {
    find(db, id).await?;
    Ok(store::items(db, id, query).await?)
}

struct Valid {
    fields: store::Fields,
    password: Option<String>,
}

fn validate(input: &SiteInput) -> Result<Valid, SiteError> {
    let url = fields::url(&input.url)?;
    let name = match input.name.as_deref().filter(|n| !n.trim().is_empty()) {
        Some(name) => fields::line("site name", name, fields::NAME_MAX_CHARS)?,
        None => fields::host_of(&url),
    };
    Ok(Valid {
        fields: store::Fields {
            name,
            url,
            username: fields::line(
                "WordPress user name",
                &input.username,
                fields::USERNAME_MAX_CHARS,
            )?,
        },
        password: input
            .application_password
            .as_deref()
            .filter(|p| !p.trim().is_empty())
            .map(fields::password)
            .transpose()?,
    })
}

fn last4(password: &str) -> String {
    let chars: Vec<char> = password.chars().collect();
    chars[chars.len().saturating_sub(4)..].iter().collect()
}

/// A site's address, user and opened password, to call it with.
struct Opened {
    url: String,
    username: String,
    password: String,
}

impl Opened {
    fn credentials(&self) -> Credentials<'_> {
        Credentials {
            url: &self.url,
            username: &self.username,
            password: &self.password,
        }
    }
}

/// The site's address, user and opened password.
async fn credentials(
    db: &DatabaseConnection,
    connector: &Connector,
    id: i32,
) -> Result<Opened, SiteError> {
    let (url, username, sealed) = store::credentials(db, id)
        .await?
        .ok_or(SiteError::NotFound)?;
    let password = connector.secrets.open(PASSWORD_PURPOSE, &sealed)?;
    Ok(Opened {
        url,
        username,
        password,
    })
}
