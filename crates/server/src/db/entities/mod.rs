//! One file per table.

pub mod audit_event;
pub mod client;
pub mod login_attempt;
pub mod pretranslate_run;
pub mod pretranslate_run_job;
pub mod rate_scheme;
pub mod rebranding_project;
pub mod review_comment;
pub mod review_draft;
pub mod review_link;
pub mod review_thread;
pub mod setting;
pub mod term;
pub mod term_glossary;
pub mod token;
pub mod translation_job;
pub mod translation_memory;
pub mod translation_memory_term;
pub mod translation_project;
pub mod translation_segment;
pub mod translation_segment_change;
pub mod translation_status_change;
pub mod user;
pub mod user_client;
