//! The state machine of a quote version: the state it shows on a day (a sent quote past its
//! validity is expired, on every read) and which action a state allows.

use time::{Date, OffsetDateTime};

use super::{QuoteError, QuoteResult, QuoteState};

/// The day it is at `now`, in UTC: validity is counted in UTC days.
pub fn today(now: OffsetDateTime) -> Date {
    now.to_offset(time::UtcOffset::UTC).date()
}

/// The state a quote stored as `stored` shows on `today`: a sent quote past its last valid
/// day is expired.
pub fn shown(stored: QuoteState, valid_until: Option<Date>, today: Date) -> QuoteState {
    match (stored, valid_until) {
        (QuoteState::Sent, Some(until)) if until < today => QuoteState::Expired,
        (state, _) => state,
    }
}

/// What is done to a quote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Send,
    Accept,
    Decline,
}

/// Whether a quote shown as `state` allows `action`; the refusal says why not.
pub fn allowed(action: Action, state: QuoteState, valid_until: Option<Date>) -> QuoteResult<()> {
    use QuoteState::*;
    match (action, state) {
        (Action::Send, Draft) | (Action::Accept | Action::Decline, Sent) => Ok(()),
        (Action::Send, _) => Err(QuoteError::WrongState(format!(
            "This quote is {} already: only a draft can be sent.",
            state_name(state)
        ))),
        (Action::Accept | Action::Decline, Expired) => Err(QuoteError::Expired(format!(
            "This quote expired{}: ask the agency for a new one.",
            valid_until.map_or_else(String::new, |d| format!(" after {d}"))
        ))),
        (_, Accepted) => Err(QuoteError::WrongState(
            "This quote was accepted already.".into(),
        )),
        (_, Draft) => Err(QuoteError::NotFound),
        (_, Declined | Superseded) => Err(QuoteError::WrongState(format!(
            "This quote was {}: it cannot be answered any more.",
            state_name(state)
        ))),
    }
}

fn state_name(state: QuoteState) -> &'static str {
    match state {
        QuoteState::Draft => "a draft",
        QuoteState::Sent => "sent",
        QuoteState::Accepted => "accepted",
        QuoteState::Declined => "declined",
        QuoteState::Expired => "expired",
        QuoteState::Superseded => "superseded by a newer version",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    const TODAY: Date = date!(2026 - 11 - 27);

    #[test]
    fn a_sent_quote_past_its_last_day_shows_expired_and_nothing_else_does() {
        use QuoteState::*;
        assert_eq!(shown(Sent, Some(TODAY), TODAY), Sent, "its last day");
        assert_eq!(shown(Sent, Some(date!(2026 - 11 - 26)), TODAY), Expired);
        for state in [Draft, Accepted, Declined, Superseded] {
            assert_eq!(shown(state, Some(date!(2020 - 01 - 01)), TODAY), state);
        }
    }

    #[test]
    fn only_drafts_are_sent_and_only_sent_quotes_answered() {
        use QuoteState::*;
        assert!(allowed(Action::Send, Draft, None).is_ok());
        for state in [Sent, Accepted, Declined, Expired, Superseded] {
            assert!(matches!(
                allowed(Action::Send, state, None),
                Err(QuoteError::WrongState(_))
            ));
        }
        for action in [Action::Accept, Action::Decline] {
            assert!(allowed(action, Sent, Some(TODAY)).is_ok());
            assert!(matches!(
                allowed(action, Expired, Some(TODAY)),
                Err(QuoteError::Expired(m)) if m.contains("2026-11-27")
            ));
            for state in [Accepted, Declined, Superseded] {
                assert!(matches!(
                    allowed(action, state, None),
                    Err(QuoteError::WrongState(_))
                ));
            }
            assert!(matches!(
                allowed(action, Draft, None),
                Err(QuoteError::NotFound)
            ));
        }
        let twice = allowed(Action::Accept, Accepted, None).unwrap_err();
        assert_eq!(twice.to_string(), "This quote was accepted already.");
    }
}
