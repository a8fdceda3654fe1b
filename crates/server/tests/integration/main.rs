//! The server's integration tests: one binary (one link on a 2-core machine), one module per
//! feature. Every test starts its own server on a fresh database: SQLite by default,
//! PostgreSQL with `WORDMARK_TEST_DATABASE=postgres` (see `common`).

mod account_mail;
mod archive;
mod assignments;
mod audit;
mod authorization;
mod cli;
mod clients;
mod common;
#[path = "../../../testing/corpus.rs"]
mod corpus;
mod crash;
mod downloads;
mod earnings;
mod file_imports;
mod jobs;
mod lists;
mod login;
mod memory;
mod meta;
mod mt_support;
mod notifications;
mod outbox;
mod policy;
mod portal;
mod pretranslate;
mod quotes;
mod rates;
mod rebranding;
mod review;
mod review_links;
mod scope;
mod settings;
mod shortcodes;
mod sites;
mod terminology;
mod translation;
mod translator_profiles;
mod users;
