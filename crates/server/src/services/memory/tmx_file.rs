//! A client's memory as a TMX file: an uploaded file imported whole, or refused naming the file
//! and its problem with nothing stored; the whole memory exported as a stream of text, a page of
//! entries at a time, so its size never matters to the server's memory.

use bytes::Bytes;
use futures::{Stream, stream};
use sea_orm::{DatabaseConnection, DbErr};
use time::OffsetDateTime;
use wordmark_core::tm::tmx;

use super::{
    manage::{self, Imported, TmxImportError},
    of_client,
};

/// Entries an export reads at a time.
const EXPORT_PAGE: u64 = 1_000;

/// Checks an uploaded TMX file whole, then imports it into the client's memory in one
/// transaction. The check is CPU work, off the async workers, and keeps no unit; the import
/// then reads the units a batch at a time. The upload's bytes become the checked text without
/// a copy (UTF-16 is decoded once).
pub async fn import(
    db: &DatabaseConnection,
    client_id: i32,
    file_name: &str,
    bytes: Bytes,
    now: OffsetDateTime,
) -> Result<Imported, TmxImportError> {
    let document = tokio::task::spawn_blocking(move || tmx::check(Vec::from(bytes)))
        .await?
        .map_err(|error| TmxImportError::Refused {
            file: file_name.to_owned(),
            reason: error.to_string(),
        })?;
    manage::import_whole(db, client_id, document, now).await
}

/// Where the export stands between two pages.
enum Page {
    First,
    After(i64),
    Done,
}

/// The client's whole memory as TMX 1.4b, created at `now`: the header (its `srclang` the first
/// entry's source language, `en` for an empty memory) with the first page, then a page of units
/// per item, the end with the last. A database error ends the stream with that error.
pub fn export(
    db: DatabaseConnection,
    client_id: i32,
    now: OffsetDateTime,
) -> impl Stream<Item = Result<String, DbErr>> {
    let created = format!(
        "{:04}{:02}{:02}T{:02}{:02}{:02}Z",
        now.year(),
        u8::from(now.month()),
        now.day(),
        now.hour(),
        now.minute(),
        now.second()
    );
    stream::unfold(Page::First, move |page| {
        let (db, created) = (db.clone(), created.clone());
        async move {
            let after = match page {
                Page::Done => return None,
                Page::First => 0,
                Page::After(id) => id,
            };
            let entries = match of_client(&db, client_id, after, EXPORT_PAGE).await {
                Ok(entries) => entries,
                Err(error) => return Some((Err(error), Page::Done)),
            };
            let mut chunk = String::new();
            if matches!(page, Page::First) {
                let srclang = entries.first().map_or("en", |e| e.source_lang.as_str());
                tmx::write_start(&mut chunk, srclang, &created);
            }
            for entry in &entries {
                tmx::write_unit(&mut chunk, &manage::to_unit(entry));
            }
            let next = match entries.last() {
                Some(last) if entries.len() as u64 == EXPORT_PAGE => Page::After(last.id),
                _ => {
                    tmx::write_end(&mut chunk);
                    Page::Done
                }
            };
            Some((Ok(chunk), next))
        }
    })
}
