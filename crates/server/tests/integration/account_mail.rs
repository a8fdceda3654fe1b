//! Accounts by e-mail, with a real (fake) SMTP server: invitations and password resets follow
//! the links of the mails they send; their tokens work once, expire, are stored hashed, and the
//! reset answers the same for known and unknown addresses while being throttled.

use std::time::Duration;

use reqwest::StatusCode;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};
use wordmark_server::{
    db::entities::{invitation, mail_outbox, password_reset, user::Role},
    services::{password_reset as reset, tokens},
};

use crate::{
    common::{
        ADMIN, PASSWORD, TestApp, error_message, json_body,
        smtp::{FakeSmtp, Received},
        spawn_app, spawn_app_with,
    },
    rebranding::create_client,
};

const NEW_PASSWORD: &str = "a much longer new password";

/// The token at the end of the mail's link under `path`.
fn token_in(mail: &Received, path: &str) -> String {
    let link = mail
        .link(path)
        .unwrap_or_else(|| panic!("no {path} link in {}", mail.text()));
    link.rsplit('/').next().unwrap().to_owned()
}

async fn audit_actions(app: &TestApp, admin: &str) -> Vec<String> {
    let events = json_body(app.audit().list(admin, "limit=200").await, StatusCode::OK).await;
    events
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap().to_owned())
        .collect()
}

async fn invite(app: &TestApp, admin: &str, email: &str, extra: Value) -> reqwest::Response {
    let mut body =
        json!({ "email": email, "role": "editor", "first_name": "Kim", "last_name": "Lee" });
    body.as_object_mut()
        .unwrap()
        .extend(extra.as_object().cloned().unwrap_or_default());
    app.invitations().create(admin, body).await
}

#[tokio::test]
async fn an_invitee_sets_a_password_from_the_mail_once() {
    let smtp = FakeSmtp::start().await;
    let app = spawn_app_with(smtp.configure()).await;
    let admin = app.admin_token().await;

    let created = json_body(
        invite(&app, &admin, "kim@example.com", json!({})).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(created["state"], "open");
    assert!(
        created.get("token").is_none(),
        "the link is only in the mail"
    );
    let mail = smtp.wait_for(1).await.remove(0);
    assert!(mail.is_to("kim@example.com"));
    let token = token_in(&mail, "/invite/");

    // Stored as its hash only.
    let stored = invitation::Entity::find()
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.token_hash, tokens::hash(&token));
    assert_ne!(stored.token_hash, token);

    let preview = json_body(app.invite(&token).get().await, StatusCode::OK).await;
    assert_eq!(preview["email"], "kim@example.com");
    assert_eq!(preview["first_name"], "Kim");

    let accept = app.invite(&token);
    let short = accept.accept(json!({ "password": "short" })).await;
    error_message(short, StatusCode::UNPROCESSABLE_ENTITY).await;
    let ready = accept
        .accept(json!({ "password": NEW_PASSWORD, "confirm_password": NEW_PASSWORD }))
        .await;
    let ready = json_body(ready, StatusCode::CREATED).await;
    assert_eq!(ready["username"], "kim@example.com");
    let signed_in = json_body(
        app.login("kim@example.com", NEW_PASSWORD).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(signed_in["user_object"]["role"], "editor");

    // Once only.
    let again = accept.accept(json!({ "password": NEW_PASSWORD })).await;
    error_message(again, StatusCode::GONE).await;
    let seen = app.invite(&token).get().await;
    error_message(seen, StatusCode::GONE).await;
    let unknown = app.invite("ab".repeat(32)).get().await;
    error_message(unknown, StatusCode::NOT_FOUND).await;

    let listed = json_body(app.invitations().list(&admin, "").await, StatusCode::OK).await;
    assert_eq!(listed[0]["state"], "accepted");
    let actions = audit_actions(&app, &admin).await;
    for action in ["invitation_sent", "invitation_accepted"] {
        assert!(
            actions.iter().any(|a| a == action),
            "{action} in {actions:?}"
        );
    }
}

#[tokio::test]
async fn invitations_expire_after_seven_days_and_can_be_withdrawn() {
    let smtp = FakeSmtp::start().await;
    let app = spawn_app_with(smtp.configure()).await;
    let admin = app.admin_token().await;
    let client = create_client(&app, &admin, "Acme").await;

    json_body(
        invite(&app, &admin, "late@example.com", json!({})).await,
        StatusCode::CREATED,
    )
    .await;
    let withdrawn = invite(
        &app,
        &admin,
        "cust@example.com",
        json!({ "role": "customer", "client_ids": [client] }),
    )
    .await;
    let withdrawn = json_body(withdrawn, StatusCode::CREATED).await;
    assert_eq!(withdrawn["client_ids"], json!([client]));
    let mails = smtp.wait_for(2).await;
    let late = token_in(
        mails.iter().find(|m| m.is_to("late@example.com")).unwrap(),
        "/invite/",
    );
    let cust = token_in(
        mails.iter().find(|m| m.is_to("cust@example.com")).unwrap(),
        "/invite/",
    );

    let revoked = app.invitation(&withdrawn["id"]).revoke(&admin).await;
    assert_eq!(json_body(revoked, StatusCode::OK).await["state"], "revoked");
    let refused = app
        .invite(&cust)
        .accept(json!({ "password": NEW_PASSWORD }))
        .await;
    error_message(refused, StatusCode::GONE).await;

    app.clock.advance(Duration::from_secs(7 * 24 * 3600 + 1));
    let expired = app
        .invite(&late)
        .accept(json!({ "password": NEW_PASSWORD }))
        .await;
    assert!(
        error_message(expired, StatusCode::GONE)
            .await
            .contains("expired")
    );
    assert!(app.login("late@example.com", NEW_PASSWORD).await.status() != StatusCode::OK);
    // Signed in again: the clock moved past the session's expiry.
    let admin = app.token(ADMIN, PASSWORD).await;
    assert!(
        audit_actions(&app, &admin)
            .await
            .iter()
            .any(|a| a == "invitation_revoked")
    );

    // Customers need clients, others have none; clients must exist.
    for (extra, field) in [
        (json!({ "role": "customer" }), "client_ids"),
        (json!({ "client_ids": [client] }), "client_ids"),
        (
            json!({ "role": "customer", "client_ids": [999999] }),
            "999999",
        ),
        (json!({ "email": "nope" }), "email"),
        (json!({ "role": "boss" }), "boss"),
        // A line break in a name would end up in the mail's `To:` header.
        (json!({ "first_name": "Kim\nLee" }), "first_name"),
        (json!({ "last_name": "L\u{202e}ee" }), "last_name"),
        (json!({ "first_name": "K".repeat(101) }), "first_name"),
    ] {
        let message = error_message(
            invite(&app, &admin, "x@example.com", extra).await,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert!(message.contains(field), "{message}");
    }
}

#[tokio::test]
async fn without_smtp_nothing_is_mailed_and_the_server_says_so() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    error_message(
        invite(&app, &admin, "kim@example.com", json!({})).await,
        StatusCode::CONFLICT,
    )
    .await;
    let reset = app
        .password_resets()
        .ask(json!({ "email": "admin@example.com" }))
        .await;
    error_message(reset, StatusCode::CONFLICT).await;
    let available = app.password_resets().available().await;
    assert_eq!(
        json_body(available, StatusCode::OK).await,
        json!({ "available": false })
    );
}

#[tokio::test]
async fn a_reset_link_sets_the_password_once_and_ends_every_session() {
    let smtp = FakeSmtp::start().await;
    let app = spawn_app_with(smtp.configure()).await;
    let admin = app.admin_token().await;
    app.create_user("jane", Role::Editor).await;
    let session = app.token("jane", PASSWORD).await;
    let available = app.password_resets().available().await;
    assert_eq!(
        json_body(available, StatusCode::OK).await,
        json!({ "available": true })
    );

    // Known and unknown addresses get the same answer.
    let known = app
        .password_resets()
        .ask(json!({ "email": "Jane@Example.com" }))
        .await;
    let unknown = app
        .password_resets()
        .ask(json!({ "email": "nobody@example.com" }))
        .await;
    assert_eq!(known.status(), StatusCode::ACCEPTED);
    assert_eq!(unknown.status(), StatusCode::ACCEPTED);
    assert_eq!(known.text().await.unwrap(), unknown.text().await.unwrap());

    let mail = smtp.wait_for(1).await.remove(0);
    assert!(mail.is_to("jane@example.com"));
    let token = token_in(&mail, "/login/reset/");
    let stored = password_reset::Entity::find()
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.token_hash, tokens::hash(&token));

    let reset_link = app.password_reset(&token);
    let mismatch = reset_link
        .complete(json!({ "password": NEW_PASSWORD, "confirm_password": "other" }))
        .await;
    error_message(mismatch, StatusCode::UNPROCESSABLE_ENTITY).await;
    let done = reset_link
        .complete(json!({ "password": NEW_PASSWORD, "confirm_password": NEW_PASSWORD }))
        .await;
    assert_eq!(json_body(done, StatusCode::OK).await["username"], "jane");
    assert_eq!(
        app.build_info(&session).await.status(),
        StatusCode::UNAUTHORIZED,
        "the old session ended"
    );
    assert_eq!(
        app.login("jane", PASSWORD).await.status(),
        StatusCode::UNAUTHORIZED
    );
    app.token("jane", NEW_PASSWORD).await;
    error_message(
        reset_link
            .complete(json!({ "password": NEW_PASSWORD }))
            .await,
        StatusCode::GONE,
    )
    .await;
    let unknown = app
        .password_reset("cd".repeat(32))
        .complete(json!({ "password": NEW_PASSWORD }))
        .await;
    error_message(unknown, StatusCode::NOT_FOUND).await;

    // A link expires after an hour.
    app.password_resets()
        .ask(json!({ "email": "jane@example.com" }))
        .await;
    let later = smtp.wait_for(2).await.remove(1);
    app.clock.advance(reset::VALIDITY + Duration::from_secs(1));
    let expired = app
        .password_reset(token_in(&later, "/login/reset/"))
        .complete(json!({ "password": "yet another password" }))
        .await;

    error_message(expired, StatusCode::GONE).await;

    let actions = audit_actions(&app, &admin).await;
    for action in ["password_reset_requested", "password_reset_completed"] {
        assert!(
            actions.iter().any(|a| a == action),
            "{action} in {actions:?}"
        );
    }
}

async fn mails_to(app: &TestApp, address: &str) -> u64 {
    mail_outbox::Entity::find()
        .filter(mail_outbox::Column::Recipient.eq(address))
        .count(&app.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn reset_requests_are_throttled_without_telling_which_addresses_exist() {
    let smtp = FakeSmtp::start().await;
    let app = spawn_app_with(smtp.configure()).await;
    app.create_user("jane", Role::Editor).await;
    let ask = |email: &'static str| {
        let app = &app;
        async move { app.password_resets().ask(json!({ "email": email })).await }
    };
    let mut answers = Vec::new();
    for _ in 0..reset::PER_EMAIL + 2 {
        for email in ["jane@example.com", "nobody@example.com"] {
            let answer = ask(email).await;
            answers.push((answer.status(), answer.text().await.unwrap()));
        }
    }
    assert!(answers.iter().all(|a| a == &answers[0]), "{answers:?}");
    assert_eq!(answers[0].0, StatusCode::ACCEPTED);
    assert_eq!(
        mails_to(&app, "jane@example.com").await,
        reset::PER_EMAIL,
        "no more mails past the limit"
    );

    // Per connection address, every request counts: the refusal is the same for both.
    let mut made = 2 * (reset::PER_EMAIL + 2);
    while made < reset::PER_CLIENT {
        ask("someone@example.com").await;
        made += 1;
    }
    for email in ["jane@example.com", "nobody@example.com"] {
        let refused = ask(email).await;
        assert!(refused.headers().contains_key("retry-after"));
        error_message(refused, StatusCode::TOO_MANY_REQUESTS).await;
    }
    // The window moves on.
    app.clock.advance(reset::WINDOW + Duration::from_secs(1));
    assert_eq!(ask("jane@example.com").await.status(), StatusCode::ACCEPTED);
    assert_eq!(
        mails_to(&app, "jane@example.com").await,
        reset::PER_EMAIL + 1
    );
}

#[tokio::test]
async fn an_address_with_an_account_is_not_invited() {
    let smtp = FakeSmtp::start().await;
    let app = spawn_app_with(smtp.configure()).await;
    let admin = app.admin_token().await;
    app.create_user("kim", Role::Editor).await;
    for address in ["kim@example.com", "Kim@Example.com"] {
        let message = error_message(
            invite(&app, &admin, address, json!({})).await,
            StatusCode::CONFLICT,
        )
        .await;
        assert!(message.contains("already has an account"), "{message}");
    }
    let listed = json_body(app.invitations().list(&admin, "").await, StatusCode::OK).await;
    assert_eq!(listed, json!([]), "nothing was stored");
    let queued = mail_outbox::Entity::find().count(&app.db).await.unwrap();
    assert_eq!(queued, 0, "nothing was mailed");
}

#[tokio::test]
async fn a_new_address_of_ones_own_counts_once_confirmed_from_its_mail() {
    let smtp = FakeSmtp::start().await;
    let app = spawn_app_with(smtp.configure()).await;
    app.create_user("kim", Role::Editor).await;
    let kim = app.token("kim", PASSWORD).await;

    let changed = app
        .user("kim")
        .update(&kim, json!({ "email": "new@example.com" }))
        .await;
    let changed = json_body(changed, StatusCode::OK).await;
    assert_eq!(
        changed["email"], "kim@example.com",
        "not before it is confirmed"
    );
    assert_eq!(changed["pending_email"], "new@example.com");
    let mail = smtp.wait_for(1).await.remove(0);
    assert!(mail.is_to("new@example.com"));
    let token = token_in(&mail, "/account/email/");
    let stored = wordmark_server::db::entities::email_change::Entity::find()
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.token_hash, tokens::hash(&token), "stored hashed");

    let confirmed = json_body(app.confirm_email(&token).await, StatusCode::OK).await;
    assert_eq!(confirmed["email"], "new@example.com");
    let me = json_body(app.user("kim").get(&kim).await, StatusCode::OK).await;
    assert_eq!(me["email"], "new@example.com");
    assert!(me.get("pending_email").is_none(), "{me}");
    error_message(app.confirm_email(&token).await, StatusCode::NOT_FOUND).await;

    // A link a day old no longer works; the address stays.
    let again = app
        .user("kim")
        .update(&kim, json!({ "email": "later@example.com" }))
        .await;
    json_body(again, StatusCode::OK).await;
    let late = token_in(&smtp.wait_for(2).await[1], "/account/email/");
    app.clock.advance(Duration::from_secs(24 * 3600 + 1));
    error_message(app.confirm_email(&late).await, StatusCode::GONE).await;
    let kim = app.token("kim", PASSWORD).await;
    let me = json_body(app.user("kim").get(&kim).await, StatusCode::OK).await;
    assert_eq!(me["email"], "new@example.com");
}

#[tokio::test]
async fn without_smtp_ones_own_address_is_not_changed_unconfirmed() {
    let app = spawn_app().await;
    app.create_user("kim", Role::Editor).await;
    let kim = app.token("kim", PASSWORD).await;
    let refused = app
        .user("kim")
        .update(&kim, json!({ "email": "new@example.com" }))
        .await;
    assert!(
        error_message(refused, StatusCode::CONFLICT)
            .await
            .contains("confirmed")
    );
    let me = json_body(app.user("kim").get(&kim).await, StatusCode::OK).await;
    assert_eq!(me["email"], "kim@example.com");
}
