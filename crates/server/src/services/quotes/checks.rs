//! The rules of what staff and customers write on a quote: amounts, labels, names, validity.

use wordmark_core::tm::quote::cents;

use super::{DEFAULT_VALIDITY_DAYS, DiscountKind, DraftInput, ExtraLine, QuoteError, QuoteResult};

const MAX_VALIDITY_DAYS: i32 = 365;
const MAX_AMOUNT: f64 = 1_000_000.0;
const MAX_EXTRA_LINES: usize = 20;
const LABEL_MAX_CHARS: usize = 200;
pub(super) const NAME_MAX_CHARS: usize = 200;
pub(super) const PO_MAX_CHARS: usize = 100;
pub(super) const REASON_MAX_CHARS: usize = 2000;

fn check_amount(what: &str, value: f64, max: f64) -> QuoteResult<()> {
    if value.is_finite() && (0.0..=max).contains(&value) {
        Ok(())
    } else {
        Err(QuoteError::Invalid(format!(
            "{what} must be a number from 0 to {max}."
        )))
    }
}

pub(super) fn bounded(what: &str, text: &str, max: usize) -> QuoteResult<String> {
    let text = text.trim();
    if text.chars().count() > max {
        return Err(QuoteError::Invalid(format!(
            "{what} must have at most {max} characters."
        )));
    }
    Ok(text.to_owned())
}

pub(super) fn required(what: &str, text: &str, max: usize) -> QuoteResult<String> {
    let text = bounded(what, text, max)?;
    if text.is_empty() {
        return Err(QuoteError::Invalid(format!("{what} is required.")));
    }
    Ok(text)
}

/// The draft's input checked: amounts, labels, validity.
pub(super) fn checked(input: DraftInput) -> QuoteResult<DraftInput> {
    if let Some(discount) = input.discount {
        match discount.kind {
            DiscountKind::Percent => check_amount("The discount (percent)", discount.value, 100.0)?,
            DiscountKind::Amount => check_amount("The discount", discount.value, MAX_AMOUNT)?,
        }
    }
    if input.extra_lines.len() > MAX_EXTRA_LINES {
        return Err(QuoteError::Invalid(format!(
            "A quote has at most {MAX_EXTRA_LINES} extra lines."
        )));
    }
    let mut lines = Vec::with_capacity(input.extra_lines.len());
    for (i, line) in input.extra_lines.into_iter().enumerate() {
        let n = i + 1;
        let label = required(
            &format!("The label of extra line {n}"),
            &line.label,
            LABEL_MAX_CHARS,
        )?;
        check_amount(
            &format!("The amount of extra line {n}"),
            line.amount,
            MAX_AMOUNT,
        )?;
        // In cents, as the quote prints it.
        lines.push(ExtraLine {
            label,
            amount: cents(line.amount),
        });
    }
    let validity = input.validity_days.unwrap_or(DEFAULT_VALIDITY_DAYS);
    if !(1..=MAX_VALIDITY_DAYS).contains(&validity) {
        return Err(QuoteError::Invalid(format!(
            "The validity must be from 1 to {MAX_VALIDITY_DAYS} days."
        )));
    }
    Ok(DraftInput {
        discount: input.discount,
        extra_lines: lines,
        due_date: input.due_date,
        validity_days: Some(validity),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::quotes::QuoteDiscount;

    #[test]
    fn drafts_are_checked_before_anything_is_computed() {
        let percent = |value| DraftInput {
            discount: Some(QuoteDiscount {
                kind: DiscountKind::Percent,
                value,
            }),
            ..Default::default()
        };
        assert!(checked(percent(10.0)).is_ok());
        assert!(checked(percent(101.0)).is_err());
        assert!(checked(percent(f64::NAN)).is_err());
        let line = |label: &str, amount| DraftInput {
            extra_lines: vec![ExtraLine {
                label: label.into(),
                amount,
            }],
            ..Default::default()
        };
        assert_eq!(
            checked(line("  Rush fee ", 50.0)).unwrap().extra_lines[0].label,
            "Rush fee"
        );
        assert_eq!(
            checked(line(" ", 50.0)).unwrap_err().to_string(),
            "The label of extra line 1 is required."
        );
        assert!(checked(line("Fee", -1.0)).is_err());
        assert_eq!(
            checked(line("Fee", 10.006)).unwrap().extra_lines[0].amount,
            10.01
        );
        assert_eq!(
            checked(DraftInput::default()).unwrap().validity_days,
            Some(DEFAULT_VALIDITY_DAYS)
        );
        let long = DraftInput {
            validity_days: Some(0),
            ..Default::default()
        };
        assert!(checked(long).is_err());
    }
}
