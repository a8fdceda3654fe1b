//! One file per table.

pub mod client;
pub mod login_attempt;
pub mod rebranding_project;
pub mod token;
pub mod translation_job;
pub mod translation_project;
pub mod translation_segment;
pub mod user;
