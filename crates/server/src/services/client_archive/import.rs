//! Reading a client archive (see [`crate::services::client_archive_format`]) into this installation: the whole archive
//! is checked first (manifest, version, every entry's size and SHA-256, every JSON record,
//! every original XLIFF file parsed and matched against its segments, counts), then read a
//! second time and stored in one transaction. Nothing is written unless everything passed,
//! and a failure while storing rolls everything back.
//!
//! Both passes read the uploaded file entry by entry under limits: what is held at once is one
//! job (its file and segments) or one page of the memory, never the client.
//!
//! Users are not in the archive: the client, its projects and the status changes people made
//! are attributed to the importing administrator (none when imported from the command line).

use std::io::Seek;
use time::OffsetDateTime;

use sea_orm::{DatabaseConnection, DbErr, SqlErr};
use tokio::sync::mpsc;
use wordmark_core::archive::{ArchiveError, Limits};

use super::reader::{Item, Reader, check_name};
use crate::{
    db,
    services::{
        client_archive_format::Counts, clients, memory, rebranding, reviews, terminology,
        translation::transfer,
    },
};

/// Items in flight from the reading thread to the storing task: each holds at most one job.
const ITEMS_IN_FLIGHT: usize = 4;

/// The bounds a client archive is read under: the configured ones, with room for a client's
/// many entries (two per job) and their total size. The upload's size and the compression
/// ratio still bound what can be unpacked.
pub fn limits(configured: Limits) -> Limits {
    Limits {
        max_entries: configured.max_entries.saturating_mul(10),
        max_total_bytes: configured.max_total_bytes.saturating_mul(20),
        ..configured
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("{0}. Nothing was imported.")]
    Archive(#[from] ArchiveError),
    #[error("'{archive}' is not a Wordmark client archive: {problem}. Nothing was imported.")]
    NotClientArchive { archive: String, problem: String },
    #[error(
        "'{archive}' is a client archive of format version {version}; this Wordmark reads \
         version {major}.x and older. Update Wordmark to import it. Nothing was imported."
    )]
    NewerVersion {
        archive: String,
        version: String,
        major: u32,
    },
    #[error("'{entry}' in '{archive}': {problem}. Nothing was imported.")]
    Entry {
        archive: String,
        entry: String,
        problem: String,
    },
    #[error(
        "A client named \"{0}\" already exists. Import the archive under another name, or \
         rename the existing client first. Nothing was imported."
    )]
    NameTaken(String),
    #[error("{0}. Nothing was imported.")]
    BadName(String),
    #[error(transparent)]
    Db(#[from] DbErr),
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Join(#[from] tokio::task::JoinError),
}

/// An archive to import.
pub struct ImportRequest {
    /// The upload's name (names it in messages).
    pub archive_name: String,
    /// The archive (a temporary file: never held in memory whole).
    pub archive: std::fs::File,
    pub limits: Limits,
    /// Another name for the client than the archive's (when a client of that name exists).
    pub client_name: Option<String>,
    /// Who the client, its projects and the people's status changes are attributed to.
    pub author_id: Option<i32>,
    /// When the import happens: the date of the client and of what is new in it.
    pub now: OffsetDateTime,
}

/// What was imported.
#[derive(Debug)]
pub struct Imported {
    pub client_id: i32,
    pub client_name: String,
    pub counts: Counts,
}

/// Checks the whole archive, then stores the client with everything in it in one transaction.
pub async fn import(
    db: &DatabaseConnection,
    request: ImportRequest,
) -> Result<Imported, ImportError> {
    let ImportRequest {
        archive_name,
        archive,
        limits,
        client_name,
        author_id,
        now,
    } = request;
    let client_name = client_name
        .map(|n| check_name("The client name", &n).map_err(ImportError::BadName))
        .transpose()?;
    let second = archive.try_clone()?;

    // The first pass: everything is read and checked, nothing kept.
    let (checked_name, counts) = {
        let archive_name = archive_name.clone();
        tokio::task::spawn_blocking(move || {
            let mut reader = Reader::open(&archive_name, archive, &limits)?;
            let counts = reader.walk(true, |_| true)?;
            reader.check_everything_read()?;
            Ok::<_, ImportError>((reader.client_name, counts))
        })
        .await??
    };
    let name = client_name.unwrap_or(checked_name);
    if clients::name_taken(db, &name).await? {
        return Err(ImportError::NameTaken(name));
    }

    // The second pass: the same entries again, stored as they come, in one transaction.
    let (sender, mut items) = mpsc::channel(ITEMS_IN_FLIGHT);
    let reader = tokio::task::spawn_blocking(move || {
        let mut second = second;
        second.rewind()?;
        let mut reader = Reader::open(&archive_name, second, &limits)?;
        reader.walk(false, |item| sender.blocking_send(item).is_ok())
    });
    let txn = db::BulkTransaction::begin(db).await?;
    let mut store = Store {
        author_id,
        now,
        client_id: None,
        project_id: None,
        name: name.clone(),
    };
    while let Some(item) = items.recv().await {
        store
            .item(&txn, item)
            .await
            .map_err(|err| match err.sql_err() {
                Some(SqlErr::UniqueConstraintViolation(_)) => ImportError::NameTaken(name.clone()),
                _ => err.into(),
            })?;
    }
    reader.await??;
    store.project_stored(&txn).await?;
    let client_id = store
        .client_id
        .ok_or_else(|| DbErr::Custom("the archive's client was not stored".into()))?;
    txn.commit().await?;
    tracing::info!(client_id, ?counts, "client archive imported");
    Ok(Imported {
        client_id,
        client_name: name,
        counts,
    })
}

/// Stores the items of the second pass, in their order.
struct Store {
    author_id: Option<i32>,
    /// When the import happens: the date written on what gets one.
    now: OffsetDateTime,
    client_id: Option<i32>,
    project_id: Option<i32>,
    name: String,
}

impl Store {
    /// Ends the current project, if any, once its last job is stored.
    async fn project_stored(&mut self, db: &db::BulkTransaction) -> Result<(), DbErr> {
        match self.project_id.take() {
            Some(id) => transfer::restored_jobs_stored(db, id).await,
            None => Ok(()),
        }
    }

    fn client_id(&self) -> Result<i32, DbErr> {
        self.client_id
            .ok_or_else(|| DbErr::Custom("the archive's parts came before its client".into()))
    }

    async fn item(&mut self, db: &db::BulkTransaction, item: Item) -> Result<(), DbErr> {
        match item {
            Item::Client { record, logo } => {
                let client = clients::insert_restored(
                    db,
                    self.name.clone(),
                    logo,
                    self.author_id,
                    record.date_created,
                )
                .await?;
                self.client_id = Some(client.id);
            }
            Item::Project(record) => {
                let client_id = self.client_id()?;
                self.project_stored(db).await?;
                self.project_id =
                    Some(transfer::restore_project(db, client_id, self.author_id, &record).await?);
            }
            Item::Job {
                record,
                original,
                segments,
            } => {
                let project_id = self
                    .project_id
                    .ok_or_else(|| DbErr::Custom("a job came before its project".into()))?;
                let ids =
                    transfer::restore_job(db, project_id, &record, original, &segments).await?;
                reviews::restore_threads(db, project_id, &ids, &segments).await?;
            }
            Item::Memory(page) => memory::restore(db, self.client_id()?, &page).await?,
            Item::Terms(entries) => {
                terminology::restore(db, self.client_id()?, entries, self.now).await?
            }
            Item::Rebranding(projects) => {
                rebranding::restore(db, self.client_id()?, self.author_id, &projects).await?;
            }
        }
        Ok(())
    }
}
