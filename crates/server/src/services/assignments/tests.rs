use super::*;
use AssignmentState::*;

const ALL: [AssignmentState; 7] = [
    Offered, Accepted, Declined, Delivered, Returned, Closed, Withdrawn,
];

fn actions() -> [Action; 6] {
    [
        Action::Accept,
        Action::Decline {
            reason: "busy".into(),
        },
        Action::Deliver,
        Action::Return {
            note: "fix".into(),
            segments: Vec::new(),
        },
        Action::Close,
        Action::Withdraw,
    ]
}

/// The states each action leaves from, read from the diagram of the module's documentation.
#[test]
fn the_state_machine_is_the_documented_one() {
    let expected: [(&Action, &[AssignmentState]); 6] = [
        (&actions()[0], &[Offered]),
        (&actions()[1], &[Offered]),
        (&actions()[2], &[Accepted, Returned]),
        (&actions()[3], &[Delivered]),
        (&actions()[4], &[Delivered]),
        (&actions()[5], &[Offered, Accepted, Returned]),
    ];
    for (action, from) in expected {
        let allowed: Vec<_> = ALL
            .into_iter()
            .filter(|&s| action.allowed_from(s))
            .collect();
        assert_eq!(allowed, from, "{action:?}");
    }
}

#[test]
fn ended_assignments_move_no_more() {
    for state in [Declined, Closed, Withdrawn] {
        assert!(
            actions().iter().all(|a| !a.allowed_from(state)),
            "{state:?}"
        );
    }
}

#[test]
fn the_translator_answers_and_delivers_staff_do_the_rest() {
    let by_assignee: Vec<_> = actions().into_iter().filter(Action::by_assignee).collect();
    assert_eq!(
        by_assignee,
        [
            Action::Accept,
            Action::Decline {
                reason: "busy".into()
            },
            Action::Deliver
        ]
    );
}

#[test]
fn notes_are_trimmed_blank_is_none_and_long_is_refused() {
    assert_eq!(note("note", Some("  x ")).unwrap().as_deref(), Some("x"));
    assert_eq!(note("note", Some("   ")).unwrap(), None);
    let long = "a".repeat(MAX_NOTE_CHARS + 1);
    assert!(matches!(
        note("reason", Some(&long)),
        Err(AssignmentError::Invalid(message)) if message.contains("reason")
    ));
}
