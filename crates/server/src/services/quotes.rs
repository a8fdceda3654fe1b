//! Quotes and requests (`quotes`, `project_requests`; this module is their only reader and
//! writer): a customer's request for a translation ([`request`]), and the versions of a
//! project's quote, from a draft the staff compose to sent, and then accepted, declined or
//! superseded. A version keeps the numbers it was computed with (the analysis's bands under
//! the client's rate scheme, a discount, extra lines), so what was sent or accepted never
//! changes; an accepted version also keeps its PDF as accepted.
//!
//! The parts: [`model`] (a version as the API shows it and what it is computed from),
//! [`state`] (the state a quote shows on a day: a sent quote past its validity is expired, on
//! every read; and which action a state allows), [`checks`] (the input's rules), [`versions`]
//! (composing a draft and reading versions, their PDF and the staff list) and [`answers`]
//! (sending, accepting and declining). Every change of state is one conditional
//! `UPDATE … WHERE state = …` inside a transaction with its notification and its mails, so two
//! answers at once cannot both win.

mod answers;
mod checks;
mod model;
mod render;
pub mod request;
mod state;
mod store;
mod versions;

use sea_orm::DbErr;
use wordmark_core::tm::quote::ReportError;

pub use crate::db::entities::quote::QuoteState;
pub use answers::{Answerer, accept, decline, send};
pub use model::{
    Acceptance, AcceptedQuote, DiscountKind, DraftInput, ExtraLine, Quote, QuoteBand,
    QuoteDiscount, QuoteNumbers, Refusal,
};
pub use render::Context as PdfContext;
pub use state::{Action, allowed, shown, today};
pub use store::{QuoteFilter, QuoteListItem, StateTotal};
pub use versions::{accepted, compose, get, list, of_project, pdf, save_draft, totals};

use crate::services::translation::TranslationError;

/// Dates in the API as the customer reads them: `2026-11-27`.
pub mod day {
    time::serde::format_description!(pub format, Date, "[year]-[month]-[day]");
    pub use format::option;
}

/// How long a quote holds unless the staff say otherwise.
pub const DEFAULT_VALIDITY_DAYS: i32 = 30;

#[derive(Debug, thiserror::Error)]
pub enum QuoteError {
    #[error("There is no such quote for this project.")]
    NotFound,
    /// Input that breaks a rule; the message names it.
    #[error("{0}")]
    Invalid(String),
    /// The quote's state does not allow it (a draft accepted, a sent one changed, one answered
    /// twice); the message says which state it is in.
    #[error("{0}")]
    WrongState(String),
    /// Sent, but past its validity.
    #[error("{0}")]
    Expired(String),
    #[error("The client logo cannot be drawn on the quote: {0}.")]
    Logo(String),
    #[error(transparent)]
    Translation(#[from] TranslationError),
    #[error(transparent)]
    Report(ReportError),
    #[error(transparent)]
    Db(#[from] DbErr),
    #[error(transparent)]
    Join(#[from] tokio::task::JoinError),
}

impl From<ReportError> for QuoteError {
    fn from(error: ReportError) -> Self {
        match error {
            ReportError::Pdf(wordmark_core::brand::BrandError::Logo(e)) => {
                QuoteError::Logo(e.to_string())
            }
            other => QuoteError::Report(other),
        }
    }
}

pub type QuoteResult<T> = Result<T, QuoteError>;
