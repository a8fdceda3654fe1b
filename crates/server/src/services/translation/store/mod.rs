//! The only code that reads and writes a translation project's tables: `translation_projects`
//! ([`projects`]), `translation_jobs` ([`jobs`]), `translation_segments` ([`segments`], and
//! [`bulk`] for new jobs' rows), the projects' status history ([`history`]) and the QA
//! warnings acknowledged ([`qa_acks`]). Everything else goes through the operations of
//! [`super`].

pub mod bulk;
pub mod history;
pub mod jobs;
pub mod parsed;
pub mod project_list;
pub mod projects;
pub mod qa_acks;
pub mod segment_history;
pub mod segments;
mod untranslated;

#[cfg(test)]
mod list_tests;
#[cfg(test)]
mod tests;
