//! Each assignment event tells the other side, in the app and by mail through the outbox, in
//! the move's transaction: the offer, a return and a withdrawal the translator; the answer and
//! a delivery the staff member who offered the job.

use reqwest::StatusCode;
use serde_json::{Value, json};
use wordmark_server::db::entities::user::Role;

use super::{act, confirm, offered, project};
use crate::{
    common::{PASSWORD, TestApp, json_body, smtp::FakeSmtp, spawn_app_with},
    notifications::{mails, notifications},
};

/// The newest notification of `token`'s, which must be of `kind`.
async fn newest(app: &TestApp, token: &str, kind: &str) -> Value {
    let found = notifications(app, token, "").await;
    let newest = found.first().cloned().unwrap_or_default();
    assert_eq!(newest["kind"], kind, "{found:?}");
    newest
}

async fn moved(app: &TestApp, token: &str, id: i64, action: &str, body: Value) {
    json_body(act(app, token, id, action, body).await, StatusCode::OK).await;
}

#[tokio::test]
async fn each_assignment_event_tells_the_other_side_in_the_app_and_by_mail() {
    let smtp = FakeSmtp::start().await;
    let app = spawn_app_with(smtp.configure()).await;
    let editor = app.editor_token().await;
    app.create_user("tina", Role::Translator).await;
    let tina = app.token("tina", PASSWORD).await;
    let (_, jobs) = project(&app, &editor, "A").await;
    let (job, staff_link) = (jobs[0], format!("/job/{}", jobs[0]));
    let (to_tina, to_editor) = ("tina@example.com", "editor@example.com");

    let id = offered(&app, &editor, job, "tina").await;
    let offer = newest(&app, &tina, "assignment_offered").await;
    assert_eq!(offer["link"], "/work");
    let text = offer["text"].as_str().unwrap();
    assert!(text.starts_with("editor offered you \""), "{text}");
    assert!(
        text.ends_with("to post-edit, due 2030-01-31 17:00 UTC"),
        "{text}"
    );
    assert_eq!(mails(&app, to_tina, "offered you").await, 1);
    // The actor is never told of their own act.
    assert!(notifications(&app, &editor, "").await.is_empty());

    moved(&app, &tina, id, "accept", json!({})).await;
    let accepted = newest(&app, &editor, "assignment_accepted").await;
    assert_eq!(accepted["link"], staff_link.as_str());
    assert_eq!(mails(&app, to_editor, "tina accepted").await, 1);

    confirm(&app, &tina, job, 0).await;
    moved(&app, &tina, id, "deliver", json!({})).await;
    newest(&app, &editor, "assignment_delivered").await;
    assert_eq!(mails(&app, to_editor, "tina delivered").await, 1);

    // A note is the returner's text: its formatting characters never reach a mail.
    let note = "Fix the title\u{202E} please";
    moved(&app, &editor, id, "return", json!({ "note": note })).await;
    let returned = newest(&app, &tina, "assignment_returned").await;
    assert!(returned["text"].as_str().unwrap().ends_with(note));
    let body = smtp.mail_about(to_tina, "editor returned").await;
    assert!(
        body.contains("Fix the title please")
            && !body.contains('\u{202E}')
            && !body.contains("=E2=80=AE"),
        "{body}"
    );

    moved(&app, &tina, id, "deliver", json!({})).await;
    assert_eq!(mails(&app, to_editor, "tina delivered").await, 2);
    // Closing tells nobody.
    moved(&app, &editor, id, "close", json!({})).await;
    newest(&app, &tina, "assignment_returned").await;

    let second = offered(&app, &editor, jobs[1], "tina").await;
    let reason = json!({ "reason": "On holiday." });
    moved(&app, &tina, second, "decline", reason).await;
    let declined = newest(&app, &editor, "assignment_declined").await;
    assert!(
        declined["text"]
            .as_str()
            .unwrap()
            .ends_with(": On holiday.")
    );
    assert_eq!(mails(&app, to_editor, "tina declined").await, 1);

    let third = offered(&app, &editor, jobs[1], "tina").await;
    moved(&app, &editor, third, "withdraw", json!({})).await;
    let withdrawn = newest(&app, &tina, "assignment_withdrawn").await;
    assert_eq!(withdrawn["link"], "/work");
    assert_eq!(mails(&app, to_tina, "editor withdrew").await, 1);
}
