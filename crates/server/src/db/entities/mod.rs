//! One file per table.

pub mod client;
pub mod login_attempt;
pub mod token;
pub mod user;
