//! Notifications: the events of a review (link sent, comments both ways, submitted) and a
//! completed project create in-app notifications for the other side and mails through the
//! outbox, as each user's preferences say; each user reads and marks only their own. Each is
//! linked to where its reader finds the project: staff on its page, a customer in the portal.

use reqwest::StatusCode;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};
use wordmark_server::db::entities::{
    mail_outbox, translation_segment as segment, translation_segment::SegmentOrigin, user::Role,
};

use crate::{
    common::{PASSWORD, TestApp, error_message, json_body, smtp::FakeSmtp, spawn_app_with},
    rebranding::create_client,
    review::support::pretranslate,
    translation::{project_form, zip_of_fixtures},
};

async fn unread(app: &TestApp, token: &str) -> u64 {
    let count = app.notifications().unread_count(token).await;
    json_body(count, StatusCode::OK).await["count"]
        .as_u64()
        .unwrap()
}

/// `token`'s notifications (`query`: the list's query string without the `?`, or empty).
pub async fn notifications(app: &TestApp, token: &str, query: &str) -> Vec<Value> {
    let listed = app.notifications().list(token, query).await;
    json_body(listed, StatusCode::OK)
        .await
        .as_array()
        .unwrap()
        .clone()
}

pub async fn mails(app: &TestApp, to: &str, subject: &str) -> u64 {
    mail_outbox::Entity::find()
        .filter(mail_outbox::Column::Recipient.eq(to))
        .filter(mail_outbox::Column::Subject.contains(subject))
        .count(&app.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn review_events_reach_the_other_side_as_their_preferences_say() {
    let smtp = FakeSmtp::start().await;
    let app = spawn_app_with(smtp.configure()).await;
    let admin = app.admin_token().await;
    let editor = app.editor_token().await;
    let client = create_client(&app, &editor, "Kunde").await;
    app.create_customer("cust", vec![client as i32]).await;
    let cust = app.token("cust", PASSWORD).await;

    // The administrator wants comments in the app only.
    let choices = app
        .notifications()
        .set_preferences(
            &admin,
            json!([{ "kind": "comment_added", "in_app": true, "email": false }]),
        )
        .await;
    let choices = json_body(choices, StatusCode::OK).await;
    assert_eq!(
        choices.as_array().unwrap().len(),
        19,
        "every kind: {choices}"
    );
    assert!(
        choices
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["kind"] == "comment_added" && c["email"] == false)
    );

    let project = in_review(&app, &editor, client).await;
    let link = app
        .translation(project)
        .create_review_link(
            &editor,
            json!({ "reviewer_name": "Cust", "reviewer_email": "cust@example.com" }),
        )
        .await;
    let link = json_body(link, StatusCode::CREATED).await;
    let token = link["token"].as_str().unwrap();

    // The link's reviewer has an account: told in the app, linked to the portal (a customer's
    // screens; the staff's answer them 404).
    let told = notifications(&app, &cust, "").await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0]["kind"], "review_link_created");
    assert_eq!(told[0]["link"], format!("/portal/projects/{}", project));

    // The customer comments: the staff are told; the administrator gets no mail for it.
    let segment = segment::Entity::find().one(&app.db).await.unwrap().unwrap();
    let commented = app
        .review(token)
        .comment(segment.id, json!({ "body": "Passt das?" }))
        .await;
    json_body(commented, StatusCode::CREATED).await;
    for staff in [&admin, &editor] {
        let told = notifications(&app, staff, "").await;
        assert_eq!(told[0]["kind"], "comment_added", "{told:?}");
    }
    assert_eq!(mails(&app, "admin@example.com", "commented").await, 0);
    assert_eq!(mails(&app, "editor@example.com", "commented").await, 1);
    let mail = smtp
        .wait_for(2)
        .await
        .into_iter()
        .find(|m| m.is_to("editor@example.com"))
        .expect("the editor's mail arrives");
    assert!(
        mail.link(&format!("/translation/{}", project)).is_some(),
        "{}",
        mail.text()
    );

    // The editor answers: the customer is told, the editor not of their own act.
    let reply = app
        .translation(project)
        .add_comment(&editor, json!({ "segment_id": segment.id, "body": "Ja." }))
        .await;
    json_body(reply, StatusCode::CREATED).await;
    assert_eq!(unread(&app, &cust).await, 2);
    assert_eq!(unread(&app, &editor).await, 1);

    // Submitted: the staff are told.
    json_body(app.review(token).submit().await, StatusCode::OK).await;
    assert_eq!(unread(&app, &editor).await, 2);
    let listed = notifications(&app, &editor, "sort=date").await;
    assert_eq!(listed[0]["kind"], "review_submitted", "{listed:?}");

    // Read one, then all; nobody else's.
    let first = listed[0]["id"].as_i64().unwrap();
    let marked = app.notifications().read(&editor, first).await;
    assert_eq!(json_body(marked, StatusCode::OK).await["marked"], 1);
    assert_eq!(unread(&app, &editor).await, 1);
    let only_unread = app.notifications().list(&editor, "unread=true").await;
    assert_eq!(only_unread.headers()["x-total-count"], "1");
    let only_unread = json_body(only_unread, StatusCode::OK).await;
    assert_eq!(only_unread.as_array().unwrap().len(), 1, "{only_unread}");
    assert_ne!(only_unread[0]["id"], first);
    let listed = notifications(&app, &editor, "").await;
    assert!(
        listed[0]["read_at"].is_null() && !listed[1]["read_at"].is_null(),
        "unread first: {listed:?}"
    );
    let foreign = app.notifications().read(&cust, first).await;

    error_message(foreign, StatusCode::NOT_FOUND).await;
    let all = app.notifications().read_all(&editor).await;
    assert_eq!(json_body(all, StatusCode::OK).await["marked"], 1);
    assert_eq!(unread(&app, &editor).await, 0);
    error_message(
        app.notifications().list(&editor, "sort=size").await,
        StatusCode::BAD_REQUEST,
    )
    .await;

    // Completed: the customer is told, by mail too.
    let done = app
        .translation(project)
        .update(&editor, json!({ "status": "Completed" }))
        .await;
    json_body(done, StatusCode::OK).await;
    assert_eq!(
        notifications(&app, &cust, "sort=date").await[0]["kind"],
        "project_completed"
    );
    assert_eq!(mails(&app, "cust@example.com", "is completed").await, 1);
}

/// A pre-translated project of `client`, ready for review links.
async fn in_review(app: &TestApp, editor: &str, client: i64) -> i32 {
    let form = project_form(
        Some("Notified"),
        Some(&client.to_string()),
        zip_of_fixtures(&["wpml-page-cdata.xliff"]),
    );
    let created = app.translations().create(editor, form).await;
    let project = json_body(created, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap() as i32;
    pretranslate(app, project, SegmentOrigin::Mt).await;
    let moved = app
        .translation(project)
        .update(editor, json!({ "status": "Pretranslated" }))
        .await;
    json_body(moved, StatusCode::OK).await;
    project
}

#[tokio::test]
async fn an_account_of_another_client_with_the_reviewers_address_is_not_told() {
    let smtp = FakeSmtp::start().await;
    let app = spawn_app_with(smtp.configure()).await;
    let editor = app.editor_token().await;
    let client = create_client(&app, &editor, "Kunde").await;
    // A customer of another client whose address is the reviewer's of this client's link.
    app.create_user("mallory", Role::Customer).await;
    let mallory = app.token("mallory", PASSWORD).await;
    let project = in_review(&app, &editor, client).await;
    let link = app
        .translation(project)
        .create_review_link(&editor, json!({ "reviewer_email": "mallory@example.com" }))
        .await;
    json_body(link, StatusCode::CREATED).await;
    let segment = segment::Entity::find().one(&app.db).await.unwrap().unwrap();
    let comment = app
        .translation(project)
        .add_comment(
            &editor,
            json!({ "segment_id": segment.id, "body": "Geheim" }),
        )
        .await;
    json_body(comment, StatusCode::CREATED).await;

    assert!(notifications(&app, &mallory, "").await.is_empty());
    // The address is mailed as the link's reviewer, with no way into the project's screens.
    let text = smtp.mail_about("mallory@example.com", "commented").await;
    assert!(
        text.contains("review link you were sent") && !text.contains("/portal/"),
        "{text}"
    );
}

#[tokio::test]
async fn a_completed_project_tells_its_clients_customers_and_reviewers_where_the_files_are() {
    let smtp = FakeSmtp::start().await;
    let app = spawn_app_with(smtp.configure()).await;
    let editor = app.editor_token().await;
    let client = create_client(&app, &editor, "Kunde").await;
    app.create_customer("buyer", vec![client as i32]).await;
    let buyer = app.token("buyer", PASSWORD).await;
    app.create_user("stranger", Role::Customer).await;
    let stranger = app.token("stranger", PASSWORD).await;

    let form = project_form(
        Some("Shop"),
        Some(&client.to_string()),
        zip_of_fixtures(&["wpml-page-cdata.xliff"]),
    );
    let created = app.translations().create(&editor, form).await;
    let project = json_body(created, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap();
    pretranslate(&app, project as i32, SegmentOrigin::Mt).await;
    let moved = app
        .translation(project as i32)
        .update(&editor, json!({ "status": "Pretranslated" }))
        .await;
    json_body(moved, StatusCode::OK).await;
    // A reviewer without an account: mailed, with no link into screens they cannot open.
    let link = app
        .translation(project as i32)
        .create_review_link(&editor, json!({ "reviewer_email": "outside@example.org" }))
        .await;
    json_body(link, StatusCode::CREATED).await;
    let done = app
        .translation(project as i32)
        .update(&editor, json!({ "status": "Completed" }))
        .await;
    json_body(done, StatusCode::OK).await;

    let told = notifications(&app, &buyer, "").await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0]["kind"], "project_completed");
    assert_eq!(told[0]["link"], format!("/portal/projects/{project}"));
    let text = smtp.mail_about("buyer@example.com", "is completed").await;
    assert!(
        text.contains(&format!("/portal/projects/{project}")),
        "{text}"
    );
    let outside = smtp.mail_about("outside@example.org", "is completed").await;
    assert!(
        !outside.contains("/translation/") && !outside.contains("/portal/"),
        "{outside}"
    );
    assert!(outside.contains("review link you were sent"), "{outside}");
    // Another client's customer hears nothing of it.
    assert!(notifications(&app, &stranger, "").await.is_empty());
}
