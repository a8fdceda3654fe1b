//! `/api/user...`: administration rules, the account's own edits, and no password in answers.

use reqwest::StatusCode;
use sea_orm::ConnectionTrait;
use sea_orm_migration::MigratorTrait;
use serde_json::{Value, json};
use wordmark_server::db::{entities::user::Role, migrations::Migrator};

use crate::common::{
    ADMIN, EDITOR, PASSWORD, TestApp, error_message, json_body, mentions_password, spawn_app,
};

fn new_user(username: &str) -> Value {
    json!({
        "username": username,
        "email": format!("{username}@example.com"),
        "first_name": "Jane",
        "last_name": "Doe",
        "role": "translator",
        "password": "a long password",
        "confirm_password": "a long password",
    })
}

async fn create(app: &TestApp, token: &str, body: Value) -> reqwest::Response {
    app.users().create(token, body).await
}

#[tokio::test]
async fn admin_creates_lists_and_reads_users() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;

    let created = json_body(
        create(&app, &admin, new_user("jane")).await,
        StatusCode::CREATED,
    )
    .await;
    assert!(created["id"].as_i64().unwrap() > 0);
    assert_eq!(created["username"], "jane");
    assert_eq!(created["email"], "jane@example.com");
    assert_eq!(created["first_name"], "Jane");
    assert_eq!(created["last_name"], "Doe");
    assert_eq!(created["role"], "translator");
    assert!(created["date_created"].as_str().unwrap().contains('T'));
    assert!(!mentions_password(&created), "{created}");

    let list = json_body(app.users().list(&admin, "").await, StatusCode::OK).await;
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["admin", "jane"]);
    assert!(!mentions_password(&list), "{list}");

    let one = json_body(app.user("jane").get(&admin).await, StatusCode::OK).await;
    assert_eq!(one, created);

    // The new user can sign in with the password the admin chose.
    app.token("jane", "a long password").await;
}

#[tokio::test]
async fn creating_a_user_validates_every_field() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;

    for field in [
        "username",
        "email",
        "first_name",
        "last_name",
        "role",
        "password",
    ] {
        let mut body = new_user("jane");
        body.as_object_mut().unwrap().remove(field);
        let message = error_message(
            create(&app, &admin, body).await,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert!(message.contains(field), "missing {field}: {message}");
    }

    let mut bad_role = new_user("jane");
    bad_role["role"] = json!("superuser");
    let message = error_message(
        create(&app, &admin, bad_role).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.contains("superuser"), "{message}");

    let mut mismatch = new_user("jane");
    mismatch["confirm_password"] = json!("another password");
    let message = error_message(
        create(&app, &admin, mismatch).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(message, "Passwords do not match");

    let mut short = new_user("jane");
    short["password"] = json!("short");
    short["confirm_password"] = json!("short");
    let message = error_message(
        create(&app, &admin, short).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.contains("at least 8"), "{message}");

    let mut spaced = new_user("jane doe");
    spaced["username"] = json!("jane doe");
    error_message(
        create(&app, &admin, spaced).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;

    let mut wrong_type = new_user("jane");
    wrong_type["email"] = json!(42);
    error_message(
        create(&app, &admin, wrong_type).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;

    // Nothing of the above was saved.
    let list = json_body(app.users().list(&admin, "").await, StatusCode::OK).await;
    assert_eq!(list.as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn usernames_are_unique() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    assert_eq!(
        create(&app, &admin, new_user("jane")).await.status(),
        StatusCode::CREATED
    );
    let message = error_message(
        create(&app, &admin, new_user("jane")).await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(
        message.starts_with("A user named \"jane\" already exists"),
        "{message}"
    );

    // Ignoring case: nobody passes for `Admin` beside `admin`, neither new nor renamed.
    let message = error_message(
        create(&app, &admin, new_user("JANE")).await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(message.contains("ignoring case"), "{message}");
    let renamed = app
        .user("jane")
        .update(&admin, json!({ "username": "Admin" }))
        .await;
    error_message(renamed, StatusCode::CONFLICT).await;
    // An account may change the case of its own name.
    let own = app
        .user("jane")
        .update(&admin, json!({ "username": "Jane" }))
        .await;
    assert_eq!(json_body(own, StatusCode::OK).await["username"], "Jane");
}

#[tokio::test]
async fn names_and_addresses_refuse_line_breaks_bidi_overrides_and_excess() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let bad_values = [
        ("first_name", json!("Kim\nLee"), "line breaks"),
        ("last_name", json!("Lee\u{202e}gnp.exe"), "bidirectional"),
        ("first_name", json!("x".repeat(1_000_000)), "at most 100"),
        (
            "email",
            json!("kim@example.com\nBcc: eve@example.com"),
            "not an e-mail",
        ),
        ("email", json!("kim@localhost"), "not an e-mail"),
        (
            "email",
            json!(format!("{}@example.com", "k".repeat(250))),
            "at most 254",
        ),
    ];
    for (field, value, why) in &bad_values {
        let mut body = new_user("jane");
        body[field] = value.clone();
        let message = error_message(
            create(&app, &admin, body).await,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert!(
            message.contains(field) && message.contains(why),
            "{message}"
        );
    }
    let list = json_body(app.users().list(&admin, "").await, StatusCode::OK).await;
    assert_eq!(list.as_array().unwrap().len(), 1, "nothing was created");

    // The same through the account's own form.
    let editor = app.editor_token().await;
    for (field, value, why) in bad_values {
        let message = error_message(
            app.user("editor")
                .update(&editor, json!({ field: value }))
                .await,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert!(
            message.contains(field) && message.contains(why),
            "{message}"
        );
    }
    let me = json_body(app.user("editor").get(&editor).await, StatusCode::OK).await;
    assert_eq!(me["first_name"], "editor-first");
    assert_eq!(me["email"], "editor@example.com");
}

#[tokio::test]
async fn users_read_and_edit_only_themselves_and_never_their_role() {
    let app = spawn_app().await;
    app.create_user(ADMIN, Role::Admin).await;
    let editor = app.editor_token().await;

    let me = json_body(app.user("editor").get(&editor).await, StatusCode::OK).await;
    assert_eq!(me["role"], "editor");
    error_message(app.user("admin").get(&editor).await, StatusCode::FORBIDDEN).await;
    error_message(app.users().list(&editor, "").await, StatusCode::FORBIDDEN).await;

    // The account form sends every field back, the role unchanged, and the token.
    let mut form = me.clone();
    form["first_name"] = json!("Eddie");
    form["token"] = json!(editor);
    form["password"] = json!("");
    let saved = json_body(
        app.user("editor").update(&editor, form).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(saved["first_name"], "Eddie");
    assert_eq!(saved["role"], "editor");

    let promote = json!({ "role": "admin" });
    let message = error_message(
        app.user("editor").update(&editor, promote).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    assert!(message.contains("role"), "{message}");
    let other = app
        .user("admin")
        .update(&editor, json!({ "first_name": "X" }))
        .await;
    error_message(other, StatusCode::FORBIDDEN).await;

    let blank = json!({ "email": " " });
    let message = error_message(
        app.user("editor").update(&editor, blank).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.contains("email"), "{message}");

    let unchanged = json_body(app.user("editor").get(&editor).await, StatusCode::OK).await;
    assert_eq!(unchanged["role"], "editor");
    assert_eq!(unchanged["email"], "editor@example.com");
}

#[tokio::test]
async fn a_password_changes_only_when_confirmed_and_ends_other_sessions() {
    let app = spawn_app().await;
    let editor = app.editor_token().await;
    let other_session = app.token(EDITOR, PASSWORD).await;
    let account = app.user("editor");
    let put = |body: Value| account.update(&editor, body);

    let mismatch = json!({ "password": "new password 1", "confirm_password": "new password 2" });
    let message = error_message(put(mismatch).await, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(message, "Passwords do not match");
    let unconfirmed = json!({ "password": "new password 1" });
    error_message(put(unconfirmed).await, StatusCode::UNPROCESSABLE_ENTITY).await;
    let short = json!({ "password": "short", "confirm_password": "short" });
    error_message(put(short).await, StatusCode::UNPROCESSABLE_ENTITY).await;
    app.token(EDITOR, PASSWORD).await; // still the old password

    let good = json!({ "password": "new password 1", "confirm_password": "new password 1" });
    let saved = json_body(put(good).await, StatusCode::OK).await;
    assert!(!mentions_password(&saved), "{saved}");

    assert_eq!(
        app.login(EDITOR, PASSWORD).await.status(),
        StatusCode::UNAUTHORIZED
    );
    app.token(EDITOR, "new password 1").await;
    assert_eq!(
        app.user("editor").get(&editor).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        app.user("editor").get(&other_session).await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn admins_edit_anybody_but_keep_one_admin() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    app.create_user(EDITOR, Role::Editor).await;

    let body = json!({ "role": "translator", "last_name": "Renamed" });
    let saved = json_body(
        app.user("editor").update(&admin, body).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(saved["role"], "translator");
    assert_eq!(saved["last_name"], "Renamed");

    let demote = json!({ "role": "editor" });
    let message = error_message(
        app.user("admin").update(&admin, demote).await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(message.contains("last administrator"), "{message}");

    let rename = json!({ "username": "admin" });
    let message = error_message(
        app.user("editor").update(&admin, rename).await,
        StatusCode::CONFLICT,
    )
    .await;
    assert!(
        message.starts_with("A user named \"admin\" already exists"),
        "{message}"
    );

    let missing = app.user("nobody").update(&admin, json!({})).await;
    assert_eq!(
        error_message(missing, StatusCode::NOT_FOUND).await,
        "User not found"
    );
}

#[tokio::test]
async fn admins_delete_others_but_not_themselves() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let editor = app.editor_token().await;

    let message = error_message(
        app.user("admin").delete(&admin).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    assert_eq!(
        message,
        "WARNING: You are trying to delete the user you are logged in with. That is not possible."
    );
    error_message(
        app.user("admin").delete(&editor).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    error_message(
        app.user("nobody").delete(&admin).await,
        StatusCode::NOT_FOUND,
    )
    .await;

    let deleted = app.user("editor").delete(&admin).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    error_message(app.user("editor").get(&admin).await, StatusCode::NOT_FOUND).await;
    // The deleted user's sessions end with them.
    error_message(app.dashboard(&editor).await, StatusCode::UNAUTHORIZED).await;
}

/// A customer named `username` of `clients`, as the administration form sends it.
fn new_customer(username: &str, clients: Value) -> Value {
    let mut body = new_user(username);
    body["role"] = json!("customer");
    body["client_ids"] = clients;
    body
}

#[tokio::test]
async fn customers_belong_to_clients_and_staff_to_none() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let a = crate::rebranding::create_client(&app, &admin, "A").await;
    let b = crate::rebranding::create_client(&app, &admin, "B").await;

    let created = json_body(
        create(&app, &admin, new_customer("cust", json!([b, a, a]))).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(
        created["client_ids"],
        json!([a, b]),
        "sorted, without repeats"
    );
    let one = json_body(app.user("cust").get(&admin).await, StatusCode::OK).await;
    assert_eq!(one, created);
    let list = json_body(
        app.users().list(&admin, "role=customer").await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(list[0]["client_ids"], json!([a, b]));
    let staff = json_body(app.user("admin").get(&admin).await, StatusCode::OK).await;
    assert_eq!(staff["client_ids"], json!([]));

    let changed = app
        .user("cust")
        .update(&admin, json!({ "client_ids": [b] }))
        .await;
    assert_eq!(
        json_body(changed, StatusCode::OK).await["client_ids"],
        json!([b])
    );
    // The customer's own form sends the clients unchanged; changing them is refused.
    let customer = app.token("cust", "a long password").await;
    let own = json!({ "first_name": "Janet", "client_ids": [b] });
    let saved = app.user("cust").update(&customer, own).await;
    assert_eq!(
        json_body(saved, StatusCode::OK).await["first_name"],
        "Janet"
    );
    let widen = json!({ "client_ids": [a, b] });
    let refused = app.user("cust").update(&customer, widen).await;
    error_message(refused, StatusCode::FORBIDDEN).await;

    // Becoming staff leaves the clients; becoming a customer again needs them.
    let staff = app
        .user("cust")
        .update(&admin, json!({ "role": "editor" }))
        .await;
    assert_eq!(
        json_body(staff, StatusCode::OK).await["client_ids"],
        json!([])
    );
    let back = app
        .user("cust")
        .update(&admin, json!({ "role": "customer" }))
        .await;
    let message = error_message(back, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(message.contains("client_ids"), "{message}");
    let back = json!({ "role": "customer", "client_ids": [a] });
    let back = app.user("cust").update(&admin, back).await;
    assert_eq!(
        json_body(back, StatusCode::OK).await["client_ids"],
        json!([a])
    );

    // Deleting a client ends its memberships.
    let deleted = app.client(a).delete(&admin).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    let one = json_body(app.user("cust").get(&admin).await, StatusCode::OK).await;
    assert_eq!(one["client_ids"], json!([]));
}

#[tokio::test]
async fn client_ids_are_required_for_customers_only_and_must_name_clients() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let a = crate::rebranding::create_client(&app, &admin, "A").await;

    let mut missing = new_customer("cust", json!(null));
    missing.as_object_mut().unwrap().remove("client_ids");
    let mut staff_with_clients = new_user("staff");
    staff_with_clients["client_ids"] = json!([a]);
    for (body, expected) in [
        (missing, "client_ids is required"),
        (new_customer("cust", json!([])), "client_ids is required"),
        (staff_with_clients, "client_ids must be empty"),
        (
            new_customer("cust", json!([a, 999998, 999999])),
            "999998, 999999",
        ),
    ] {
        let message = error_message(
            create(&app, &admin, body).await,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert!(message.contains(expected), "{message}");
    }
    // Nothing was written.
    let list = json_body(app.users().list(&admin, "").await, StatusCode::OK).await;
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");

    app.create_user("trans", Role::Translator).await;
    let clients = json!({ "client_ids": [a] });
    let refused = app.user("trans").update(&admin, clients).await;
    let message = error_message(refused, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(message.contains("client_ids must be empty"), "{message}");
    json_body(
        create(&app, &admin, new_customer("cust", json!([a]))).await,
        StatusCode::CREATED,
    )
    .await;
    let unknown = json!({ "client_ids": [999999] });
    let refused = app.user("cust").update(&admin, unknown).await;
    let message = error_message(refused, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(message.contains("999999"), "{message}");
    let one = json_body(app.user("cust").get(&admin).await, StatusCode::OK).await;
    assert_eq!(one["client_ids"], json!([a]), "unchanged");
}

#[tokio::test]
async fn a_clients_people_are_its_customers_with_their_last_sign_in() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let editor = app.editor_token().await;
    let a = crate::rebranding::create_client(&app, &admin, "A").await;
    let b = crate::rebranding::create_client(&app, &admin, "B").await;
    for (name, clients) in [
        ("zoe", json!([a])),
        ("amy", json!([a, b])),
        ("bob", json!([b])),
    ] {
        json_body(
            create(&app, &admin, new_customer(name, clients)).await,
            StatusCode::CREATED,
        )
        .await;
    }
    app.token("amy", "a long password").await;

    let people = json_body(app.client(a).people(&editor).await, StatusCode::OK).await;
    let names: Vec<&str> = people
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["amy", "zoe"]);
    assert_eq!(people[0]["email"], "amy@example.com");
    assert!(people[0]["last_sign_in"].as_str().unwrap().contains('T'));
    assert_eq!(
        people[1]["last_sign_in"],
        Value::Null,
        "zoe never signed in"
    );
    assert!(!mentions_password(&people), "{people}");

    app.create_user("trans", Role::Translator).await;
    let translator = app.token("trans", PASSWORD).await;
    // A translator reaches no client: to them it does not exist.
    let refused = app.client(a).people(&translator).await;
    error_message(refused, StatusCode::NOT_FOUND).await;
    error_message(
        app.client(999999).people(&editor).await,
        StatusCode::NOT_FOUND,
    )
    .await;
}

#[tokio::test]
async fn the_case_blind_username_index_waits_until_no_two_accounts_collide() {
    let app = spawn_app().await;
    app.create_user("kim", Role::Editor).await;
    // The database as before migration m0029, with two accounts differing only in case.
    let db = &app.db;
    for sql in [
        "DROP INDEX idx_users_username_lower",
        "DROP TABLE email_changes",
        "DELETE FROM seaql_migrations WHERE version = 'm0029_account_checks'",
    ] {
        db.execute_unprepared(sql).await.unwrap();
    }
    app.create_user("KIM", Role::Editor).await;

    let refused = Migrator::up(db, None).await.unwrap_err().to_string();
    assert!(
        refused.contains("kim") && refused.contains("UPDATE users SET username"),
        "{refused}"
    );
    // Nothing was changed: both accounts are there, the index is not.
    app.token("KIM", PASSWORD).await;
    app.create_user("Kim", Role::Editor).await;

    db.execute_unprepared("DELETE FROM users WHERE username IN ('KIM', 'Kim')")
        .await
        .unwrap();
    Migrator::up(db, None).await.unwrap();
    let admin = app.admin_token().await;
    let again = app.users().create(&admin, new_user("KIM")).await;
    error_message(again, StatusCode::CONFLICT).await;
}
