//! The client archive: a client with everything of theirs (translation projects with their
//! jobs, original files, segments with their revision, history, review comments and resolved
//! threads, and status history, the client's translation memory and termbase, the rebranding
//! projects, the logo) as one zip, and its import into another installation. Review links,
//! drafts and their tokens are not in it: a token belongs to one installation. Accounts are
//! not either: see [`crate::services::client_archive_format`] for how a segment's history
//! names its actors after the move.
//!
//! The archive's records (`client_archive_format`, a unit of its own that names no owner)
//! belong to no table: each table's owner turns its own
//! rows into records and back (`translation::transfer`, `reviews`, `memory`, `terminology`,
//! `rebranding`, `clients`), computing what it derives as it does for any write. [`export`]
//! only orders those records into entries; [`import`] checks an upload (its entries are read
//! by `reader`) and holds the one transaction its owners write in.

pub mod export;
pub mod import;
mod reader;
