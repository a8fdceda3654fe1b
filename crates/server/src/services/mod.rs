//! Services: the domain below HTTP. Each table has one owner here, the only code that reads
//! and writes it. They sit between the features and `db`: a service may use `db`,
//! `config` and other services, never a feature, `state` or `http`; its errors are its own
//! typed enums, which `http::error` turns into answers.

pub mod accounts;
pub mod analysis;
pub mod assignments;
pub mod audit;
pub mod browser_review;
pub mod client_archive;
pub mod client_archive_format;
pub mod clients;
pub mod clock;
pub mod earnings;
pub mod invitations;
pub mod mail;
pub mod memory;
pub mod mt_settings;
pub mod notifications;
pub mod outbox;
pub mod password_reset;
pub mod people;
pub mod pretranslate;
pub mod quotes;
pub mod rates;
pub mod rebranding;
pub mod reviews;
pub mod runs;
pub mod scope;
pub mod secret_box;
pub mod sites;
pub mod term_proposals;
pub mod term_suggestions;
pub mod terminology;
pub mod tokens;
pub mod translation;
pub mod translator_profiles;
pub mod workbook_import;
