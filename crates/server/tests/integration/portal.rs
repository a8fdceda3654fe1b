//! The customer portal's server side: the sign-in answer names a customer's clients; a
//! customer opens their project's review signed in, through a personal link that answers only
//! their session; a customer downloads a completed project's delivery and their brand package,
//! each download in the audit log; a project's status history.

use reqwest::StatusCode;
use serde_json::{Value, json};
use wordmark_server::db::entities::{translation_segment::SegmentOrigin, user::Role};

use crate::{
    common::{PASSWORD, TestApp, error_message, json_body, spawn_app},
    rebranding::{self, create_client},
    review::support::pretranslate,
    translation::{project_form, zip_of_fixtures},
};

/// A project of `client`, pre-translated and `Pretranslated`; its id.
async fn pretranslated(app: &TestApp, editor: &str, client: i64) -> i64 {
    let form = project_form(
        Some("Site"),
        Some(&client.to_string()),
        zip_of_fixtures(&["wpml-page-cdata.xliff"]),
    );
    let created = app.translations().create(editor, form).await;
    let id = json_body(created, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap();
    pretranslate(app, id as i32, SegmentOrigin::Mt).await;
    set_status(app, editor, id, "Pretranslated").await;
    id
}

async fn set_status(app: &TestApp, editor: &str, id: i64, status: &str) {
    let changed = app
        .translation(id)
        .update(editor, json!({ "status": status }))
        .await;
    json_body(changed, StatusCode::OK).await;
}

async fn status_of(app: &TestApp, token: &str, id: i64) -> Value {
    let project = app.translation(id).get(token).await;
    json_body(project, StatusCode::OK).await["status"].clone()
}

async fn my_review(app: &TestApp, token: &str, project: i64) -> reqwest::Response {
    app.translation(project).my_review(token).await
}

/// The review's start page through `token`, with the session `bearer` (none: anonymous).
async fn review_start(app: &TestApp, token: &str, bearer: Option<&str>) -> reqwest::Response {
    app.review(token).signed_in(bearer).get().await
}

/// Two clients with a pre-translated project each, and a customer of the first.
struct Setup {
    app: TestApp,
    editor: String,
    customer: String,
    own_project: i64,
    other_project: i64,
}

async fn setup() -> Setup {
    let app = spawn_app().await;
    let editor = app.editor_token().await;
    let own = create_client(&app, &editor, "Own").await;
    let other = create_client(&app, &editor, "Other").await;
    let own_project = pretranslated(&app, &editor, own).await;
    let other_project = pretranslated(&app, &editor, other).await;
    app.create_customer("carla", vec![own as i32]).await;
    let customer = app.token("carla", PASSWORD).await;
    Setup {
        app,
        editor,
        customer,
        own_project,
        other_project,
    }
}

#[tokio::test]
async fn signing_in_answers_a_customers_clients_and_none_for_staff() {
    let app = spawn_app().await;
    let editor = app.editor_token().await;
    let zeta = create_client(&app, &editor, "Zeta").await;
    let alpha = create_client(&app, &editor, "Alpha").await;
    app.create_customer("both", vec![zeta as i32, alpha as i32])
        .await;
    let signed_in = json_body(app.login("both", PASSWORD).await, StatusCode::OK).await;
    let user = &signed_in["user_object"];
    let mut ids: Vec<i64> = user["client_ids"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| id.as_i64().unwrap())
        .collect();
    ids.sort_unstable();
    let mut expected = vec![zeta, alpha];
    expected.sort_unstable();
    assert_eq!(ids, expected);
    let names: Vec<&str> = user["clients"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["client_name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Alpha", "Zeta"], "by name");
    assert_eq!(
        user["clients"][0]["logo_url"],
        format!("/api/client/{alpha}/logo")
    );

    let staff = json_body(app.login("editor", PASSWORD).await, StatusCode::OK).await;
    assert_eq!(staff["user_object"]["client_ids"], json!([]));
    assert_eq!(staff["user_object"]["clients"], json!([]));
}

#[tokio::test]
async fn a_customer_opens_their_review_signed_in_and_only_with_their_session() {
    let Setup {
        app,
        editor,
        customer,
        own_project,
        other_project,
    } = setup().await;

    // Another client's project does not exist for the customer; staff have their own links.
    let other = my_review(&app, &customer, other_project).await;
    error_message(other, StatusCode::NOT_FOUND).await;
    let staff = my_review(&app, &editor, own_project).await;
    error_message(staff, StatusCode::FORBIDDEN).await;

    let opened = json_body(
        my_review(&app, &customer, own_project).await,
        StatusCode::OK,
    )
    .await;
    let token = opened["token"].as_str().unwrap().to_owned();
    assert_eq!(opened["path"], format!("/review/{token}"));
    assert_eq!(opened["read_only"], false);
    assert_eq!(
        status_of(&app, &customer, own_project).await,
        "Translations_In_Correction",
        "opening the review moves a pre-translated project on, as a staff link does"
    );

    // The token alone opens nothing, nor with another account's session.
    let anonymous = review_start(&app, &token, None).await;
    assert!(
        error_message(anonymous, StatusCode::UNAUTHORIZED)
            .await
            .contains("sign in")
    );
    let someone_else = review_start(&app, &token, Some(&editor)).await;
    error_message(someone_else, StatusCode::FORBIDDEN).await;
    let start = json_body(
        review_start(&app, &token, Some(&customer)).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(start["reviewer_name"], "carla-first carla-last");

    // The customer's comment is theirs: named and attributed to the account.
    let job = start["jobs"][0]["id"].as_i64().unwrap();
    let page = app.review(&token).signed_in(Some(&customer)).job(job).await;

    let page = json_body(page, StatusCode::OK).await;
    let segment = page["segments"][0]["id"].as_i64().unwrap();
    let anonymous = app
        .review(&token)
        .comment(segment, json!({ "body": "Who am I?" }))
        .await;
    error_message(anonymous, StatusCode::UNAUTHORIZED).await;
    let comment = app
        .review(&token)
        .signed_in(Some(&customer))
        .comment(segment, json!({ "body": "Please use 'Sie'." }))
        .await;

    let comment = json_body(comment, StatusCode::CREATED).await;
    assert_eq!(comment["author_name"], "carla-first carla-last");
    assert_eq!(comment["author_kind"], "reviewer");

    // Asking again rotates the token of the same link: the old address stops working.
    let again = json_body(
        my_review(&app, &customer, own_project).await,
        StatusCode::OK,
    )
    .await;
    let rotated = again["token"].as_str().unwrap();
    assert_ne!(rotated, token);
    error_message(
        review_start(&app, &token, Some(&customer)).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    json_body(
        review_start(&app, rotated, Some(&customer)).await,
        StatusCode::OK,
    )
    .await;
    let links = app.translation(own_project).review_links(&editor).await;
    let links = json_body(links, StatusCode::OK).await;
    let links = links.as_array().unwrap();
    assert_eq!(links.len(), 1, "one personal link per customer and project");
    assert_eq!(links[0]["personal"], true);
    assert_eq!(links[0]["created_by"], "carla");

    // A link staff revoked stays closed: no new one is made.
    let link_id = links[0]["id"].as_i64().unwrap();
    let revoked = app
        .translation(own_project)
        .revoke_review_link(&editor, link_id)
        .await;
    assert!(revoked.status().is_success(), "{}", revoked.status());
    let closed = my_review(&app, &customer, own_project).await;
    assert!(
        error_message(closed, StatusCode::CONFLICT)
            .await
            .contains("closed")
    );
}

#[tokio::test]
async fn a_customer_removed_from_the_client_loses_its_review_through_their_personal_link() {
    let Setup {
        app,
        editor,
        customer,
        own_project,
        other_project,
    } = setup().await;
    let opened = json_body(
        my_review(&app, &customer, own_project).await,
        StatusCode::OK,
    )
    .await;
    let token = opened["token"].as_str().unwrap().to_owned();
    let start = json_body(
        review_start(&app, &token, Some(&customer)).await,
        StatusCode::OK,
    )
    .await;
    let job = start["jobs"][0]["id"].as_i64().unwrap();
    let review = app.review(&token).signed_in(Some(&customer));
    let page = json_body(review.job(job).await, StatusCode::OK).await;
    let segment = page["segments"][0]["id"].as_i64().unwrap();

    // The administrator moves the customer to the other client: the review goes with it.
    let admin = app.admin_token().await;
    let own = client_of(&app, &editor, own_project).await;
    let other = client_of(&app, &editor, other_project).await;
    let moved = app
        .user("carla")
        .update(&admin, json!({ "client_ids": [other] }))
        .await;
    json_body(moved, StatusCode::OK).await;
    for response in [
        review.get().await,
        review.job(job).await,
        review
            .comment(segment, json!({ "body": "Still here?" }))
            .await,
        review.submit().await,
    ] {
        error_message(response, StatusCode::NOT_FOUND).await;
    }
    error_message(
        my_review(&app, &customer, own_project).await,
        StatusCode::NOT_FOUND,
    )
    .await;

    // Back among the client's customers, the same link opens again.
    let back = app
        .user("carla")
        .update(&admin, json!({ "client_ids": [other, own] }))
        .await;
    json_body(back, StatusCode::OK).await;
    json_body(review.get().await, StatusCode::OK).await;
}

/// The client of the project `id`.
async fn client_of(app: &TestApp, editor: &str, id: i64) -> Value {
    json_body(app.translation(id).get(editor).await, StatusCode::OK).await["client"]["id"].clone()
}

#[tokio::test]
async fn a_project_is_reviewed_from_pretranslated_until_it_is_completed() {
    let Setup {
        app,
        editor,
        customer,
        own_project,
        ..
    } = setup().await;
    for status in ["Created", "Completed"] {
        set_status(&app, &editor, own_project, status).await;
        let refused = my_review(&app, &customer, own_project).await;
        let message = error_message(refused, StatusCode::CONFLICT).await;
        assert!(message.contains(status), "{message}");
    }
}

#[tokio::test]
async fn a_customer_downloads_a_completed_delivery_and_every_download_is_audited() {
    let Setup {
        app,
        editor,
        customer,
        own_project,
        other_project,
    } = setup().await;
    let delivery = |project: i64, token: String| {
        let app = &app;
        async move { app.translation(project).delivery(&token).await }
    };

    let early = delivery(own_project, customer.clone()).await;
    let message = error_message(early, StatusCode::CONFLICT).await;
    assert!(
        message.contains("Pretranslated") && message.contains("Completed"),
        "{message}"
    );
    assert_eq!(
        status_of(&app, &customer, own_project).await,
        "Pretranslated",
        "a refused delivery moves nothing"
    );

    set_status(&app, &editor, own_project, "Completed").await;
    set_status(&app, &editor, other_project, "Completed").await;
    error_message(
        delivery(other_project, customer.clone()).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    app.create_user("tom", Role::Translator).await;
    let translator = app.token("tom", PASSWORD).await;
    // A translator reaches no project as a whole: to them it does not exist.
    error_message(
        delivery(own_project, translator).await,
        StatusCode::NOT_FOUND,
    )
    .await;

    let zip = delivery(own_project, customer.clone()).await;
    assert_eq!(zip.status(), StatusCode::OK);
    assert_eq!(zip.headers()["content-type"], "application/zip");
    let disposition = zip.headers()["content-disposition"].to_str().unwrap();
    assert!(disposition.contains("Site-xliff.zip"), "{disposition}");
    let bytes = zip.bytes().await.unwrap();
    assert!(bytes.starts_with(b"PK"), "a zip");
    assert_eq!(status_of(&app, &customer, own_project).await, "Completed");

    // The brand package of the customer's rebranding project.
    let client = json_body(
        app.translation(own_project).get(&editor).await,
        StatusCode::OK,
    )
    .await["client"]["id"]
        .as_i64()
        .unwrap();
    let created = app
        .rebrandings()
        .create(&editor, rebranding::project(client))
        .await;
    let rebranding = json_body(created, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap();
    let package = app.rebranding(rebranding).download_package(&customer).await;
    assert_eq!(package.status(), StatusCode::OK);

    let admin = app.admin_token().await;
    for (action, target) in [
        ("delivery_downloaded", own_project),
        ("package_downloaded", rebranding),
    ] {
        let events = app.audit().list(&admin, &format!("action={action}")).await;
        let events = json_body(events, StatusCode::OK).await;
        let events = events.as_array().unwrap();
        assert_eq!(events.len(), 1, "{action}: {events:?}");
        assert_eq!(events[0]["username"], "carla", "{action}");
        assert_eq!(events[0]["target_id"], target, "{action}");
    }
}

#[tokio::test]
async fn the_status_history_lists_every_change_oldest_first() {
    let Setup {
        app,
        editor,
        customer,
        own_project,
        ..
    } = setup().await;
    set_status(&app, &editor, own_project, "Completed").await;
    let history = app.translation(own_project).status_history(&customer).await;
    let history = json_body(history, StatusCode::OK).await;
    let steps: Vec<(&str, &str, bool)> = history
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["from"].as_str().unwrap(),
                c["to"].as_str().unwrap(),
                c["manual"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        steps,
        [
            ("Created", "Pretranslated", true),
            ("Pretranslated", "Completed", true)
        ]
    );
    assert!(history[0]["changed_at"].as_str().is_some());
}
