//! One module per provider.

pub mod deepl;
pub mod google;
pub mod libretranslate;
pub mod openai;
pub mod pseudo;

use crate::error::MtError;

/// Checks that the provider answered one translation per text.
fn expect_count(provider: &str, sent: usize, answers: Vec<String>) -> Result<Vec<String>, MtError> {
    if answers.len() == sent {
        Ok(answers)
    } else {
        Err(MtError::BadAnswer(format!(
            "{provider} returned {} translations for {sent} texts",
            answers.len()
        )))
    }
}

/// The configured value, or `NotConfigured` naming the variable to set.
fn required(value: &Option<String>, var: &str) -> Result<String, MtError> {
    value.clone().ok_or_else(|| MtError::NotConfigured {
        what: format!("set {var}"),
    })
}
