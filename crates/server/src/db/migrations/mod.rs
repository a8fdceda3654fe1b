//! Schema migrations, append-only: one file per feature, never edited once committed.
//!
//! To add one: write `mNNNN_<feature>.rs` next to this file (copy the shape of
//! `m0001_users`), declare it below and append it to [`Migrator::migrations`].
//! Tables that belong to a client reference `clients(id)` with `ON DELETE CASCADE`, so deleting
//! a client removes its projects in the same statement (and transaction).

use sea_orm_migration::prelude::*;

mod m0001_users;
mod m0002_clients;
mod m0003_translation;
mod m0004_rebranding;
mod m0005_machine_translation;
mod m0006_compact_storage;
mod m0007_translated_segments_index;
mod m0008_project_status_history;
mod m0009_list_indexes;
mod m0010_audit_log;
mod m0011_job_shortcodes;
mod m0012_review_links;
mod m0013_terminology;
pub(crate) mod m0014_fuzzy_memory;
mod m0015_term_glossaries;
mod m0016_rate_schemes;
mod m0017_memory_pool_index;
pub(crate) mod m0018_job_segment_counts;
mod m0019_project_client_status_index;
pub(crate) mod m0020_project_summaries;
mod m0021_user_clients;
mod m0022_mail_outbox;
mod m0023_account_mail;
mod m0024_notifications;
mod m0025_project_requests;
mod m0026_quotes;
mod m0027_personal_review_links;
mod m0028_term_proposals;
mod m0029_account_checks;
mod m0030_wpml_language_codes;
mod m0031_sites;
mod m0032_site_jobs;
mod m0033_site_publish;
mod m0034_assignments;
mod m0035_site_checks;
mod m0036_assignment_orders;
mod m0037_assignment_notices;
mod m0039_site_requests;
mod m0040_translator_profiles;
mod m0041_qa_acknowledgements;
mod m0042_projects_made_from_site;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m0001_users::Migration),
            Box::new(m0002_clients::Migration),
            Box::new(m0003_translation::Migration),
            Box::new(m0004_rebranding::Migration),
            Box::new(m0005_machine_translation::Migration),
            Box::new(m0006_compact_storage::Migration),
            Box::new(m0007_translated_segments_index::Migration),
            Box::new(m0008_project_status_history::Migration),
            Box::new(m0009_list_indexes::Migration),
            Box::new(m0010_audit_log::Migration),
            Box::new(m0011_job_shortcodes::Migration),
            Box::new(m0012_review_links::Migration),
            Box::new(m0013_terminology::Migration),
            Box::new(m0014_fuzzy_memory::Migration),
            Box::new(m0015_term_glossaries::Migration),
            Box::new(m0016_rate_schemes::Migration),
            Box::new(m0017_memory_pool_index::Migration),
            Box::new(m0018_job_segment_counts::Migration),
            Box::new(m0019_project_client_status_index::Migration),
            Box::new(m0020_project_summaries::Migration),
            Box::new(m0021_user_clients::Migration),
            Box::new(m0022_mail_outbox::Migration),
            Box::new(m0023_account_mail::Migration),
            Box::new(m0024_notifications::Migration),
            Box::new(m0025_project_requests::Migration),
            Box::new(m0026_quotes::Migration),
            Box::new(m0027_personal_review_links::Migration),
            Box::new(m0028_term_proposals::Migration),
            Box::new(m0029_account_checks::Migration),
            Box::new(m0030_wpml_language_codes::Migration),
            Box::new(m0031_sites::Migration),
            Box::new(m0032_site_jobs::Migration),
            Box::new(m0033_site_publish::Migration),
            Box::new(m0034_assignments::Migration),
            Box::new(m0035_site_checks::Migration),
            Box::new(m0036_assignment_orders::Migration),
            Box::new(m0037_assignment_notices::Migration),
            Box::new(m0039_site_requests::Migration),
            Box::new(m0040_translator_profiles::Migration),
            Box::new(m0041_qa_acknowledgements::Migration),
            Box::new(m0042_projects_made_from_site::Migration),
        ]
    }
}
