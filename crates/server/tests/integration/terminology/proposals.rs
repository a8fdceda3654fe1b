//! Term proposals: a customer reads their client's termbase and proposes entries; staff accept
//! them into the termbase or refuse them; other clients' ids answer 404; every step is audited.

use reqwest::StatusCode;
use serde_json::{Value, json};
use wordmark_server::services::accounts::Role;

use super::entries;
use crate::common::{PASSWORD, TestApp, error_message, json_body, spawn_app};
use crate::notifications::notifications;

/// The id of the one client `token`'s customer belongs to.
async fn own_client(app: &TestApp, token: &str) -> i64 {
    let clients = json_body(app.clients().list(token, "").await, StatusCode::OK).await;
    assert_eq!(clients.as_array().unwrap().len(), 1, "{clients}");
    clients[0]["id"].as_i64().unwrap()
}

fn proposal(source: &str, target: &str) -> Value {
    json!({ "source_lang": "en", "target_lang": "de", "source": source, "target": target })
}

async fn propose(app: &TestApp, token: &str, client: i64, body: Value) -> reqwest::Response {
    app.client(client)
        .term_proposals()
        .propose(token, body)
        .await
}

async fn proposals(app: &TestApp, token: &str, client: i64, query: &str) -> Vec<Value> {
    let listed = json_body(
        app.client(client).term_proposals().list(token, query).await,
        StatusCode::OK,
    )
    .await;
    listed.as_array().unwrap().clone()
}

#[tokio::test]
async fn a_customer_proposes_terms_and_staff_accept_or_refuse_them() {
    let app = spawn_app().await;
    let editor = app.editor_token().await;
    let admin = app.admin_token().await;
    app.create_user("kim", Role::Customer).await;
    app.create_user("lee", Role::Customer).await;
    let kim = app.token("kim", PASSWORD).await;
    let lee = app.token("lee", PASSWORD).await;
    let kims = own_client(&app, &kim).await;
    let lees = own_client(&app, &lee).await;

    // The customer reads their client's termbase, and no other.
    let terms = app.client(kims).terms().list(&kim, "").await;
    assert_eq!(terms.status(), StatusCode::OK);
    let others = app.client(lees).terms().list(&kim, "").await;
    error_message(others, StatusCode::NOT_FOUND).await;

    let mut checkout = proposal(" checkout ", "Kasse");
    checkout["note"] = json!("On the cart page");
    let created = json_body(
        propose(&app, &kim, kims, checkout).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(created["state"], "pending");
    assert_eq!(
        created["source"], "checkout",
        "trimmed as an entry would be"
    );
    assert_eq!(created["note"], "On the cart page");
    let checkout_id = created["id"].as_i64().unwrap();

    // Refused proposals store nothing.
    let empty = error_message(
        propose(&app, &kim, kims, proposal("", "Kasse")).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(empty.contains("source term"), "{empty}");
    let same = json!({ "source_lang": "de", "target_lang": "de", "source": "a", "target": "b" });
    error_message(
        propose(&app, &kim, kims, same).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    let untargeted = error_message(
        propose(&app, &kim, kims, proposal("cart", " ")).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(untargeted.contains("target"), "{untargeted}");
    // Another client's termbase is not theirs to propose for; staff add terms, not proposals.
    error_message(
        propose(&app, &kim, lees, proposal("cart", "Warenkorb")).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    error_message(
        propose(&app, &editor, kims, proposal("cart", "Warenkorb")).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    let listed = proposals(&app, &kim, kims, "").await;
    assert_eq!(listed.len(), 1, "{listed:?}");

    // Only staff decide; another customer does not even see the proposal.
    error_message(
        app.client(kims)
            .term_proposals()
            .accept(&kim, checkout_id)
            .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    error_message(
        app.client(kims)
            .term_proposals()
            .accept(&lee, checkout_id)
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    error_message(
        app.client(lees)
            .term_proposals()
            .accept(&lee, checkout_id)
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let list_of_other = app.client(kims).term_proposals().list(&lee, "").await;
    error_message(list_of_other, StatusCode::NOT_FOUND).await;
    // Staff naming the wrong client: the proposal is not that client's.
    error_message(
        app.client(lees)
            .term_proposals()
            .accept(&editor, checkout_id)
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;

    let accepted = json_body(
        app.client(kims)
            .term_proposals()
            .accept(&editor, checkout_id)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(accepted["state"], "accepted");
    assert!(accepted["decided_at"].is_string());
    let termbase = entries(&app, &kim, kims).await;
    assert_eq!(termbase.len(), 1, "{termbase:?}");
    assert_eq!(termbase[0]["source"], "checkout");
    assert_eq!(termbase[0]["targets"], json!(["Kasse"]));
    assert_eq!(termbase[0]["kind"], "preferred");
    assert_eq!(termbase[0]["note"], "On the cart page");
    error_message(
        app.client(kims)
            .term_proposals()
            .refuse(&editor, checkout_id, json!({}))
            .await,
        StatusCode::CONFLICT,
    )
    .await;

    let cart = json_body(
        propose(&app, &kim, kims, proposal("cart", "Karren")).await,
        StatusCode::CREATED,
    )
    .await;
    let cart_id = cart["id"].as_i64().unwrap();
    let refused = json_body(
        app.client(kims)
            .term_proposals()
            .refuse(&admin, cart_id, json!({ "reason": "We say Warenkorb." }))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(refused["state"], "refused");
    assert_eq!(refused["reason"], "We say Warenkorb.");
    error_message(
        app.client(kims)
            .term_proposals()
            .accept(&editor, cart_id)
            .await,
        StatusCode::CONFLICT,
    )
    .await;

    // The termbase has this term already: the acceptance is refused whole.
    let again = json_body(
        propose(&app, &kim, kims, proposal("Checkout", "Bezahlen")).await,
        StatusCode::CREATED,
    )
    .await;
    let again_id = again["id"].as_i64().unwrap();
    error_message(
        app.client(kims)
            .term_proposals()
            .accept(&editor, again_id)
            .await,
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(entries(&app, &kim, kims).await.len(), 1);

    // The customer sees every proposal's state, newest first; the filter narrows it.
    let states: Vec<(String, String)> = proposals(&app, &kim, kims, "")
        .await
        .iter()
        .map(|p| {
            (
                p["source"].as_str().unwrap().to_owned(),
                p["state"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        states,
        [
            ("Checkout".to_owned(), "pending".to_owned()),
            ("cart".to_owned(), "refused".to_owned()),
            ("checkout".to_owned(), "accepted".to_owned()),
        ]
    );
    let pending = proposals(&app, &editor, kims, "state=pending").await;
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0]["id"], again_id);
    assert!(proposals(&app, &editor, lees, "").await.is_empty());

    let audit = json_body(app.audit().list(&admin, "limit=200").await, StatusCode::OK).await;
    let actions: Vec<&str> = audit
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .filter(|a| a.starts_with("term_"))
        .collect();
    assert_eq!(
        actions,
        [
            "term_proposed",
            "term_proposal_refused",
            "term_proposed",
            "term_proposal_accepted",
            "term_proposed",
        ]
    );
}

#[tokio::test]
async fn staff_hear_of_a_proposal_and_its_proposer_of_the_answer() {
    let app = spawn_app().await;
    let editor = app.editor_token().await;
    app.create_user("kim", Role::Customer).await;
    app.create_user("lee", Role::Customer).await;
    let kim = app.token("kim", PASSWORD).await;
    let lee = app.token("lee", PASSWORD).await;
    let kims = own_client(&app, &kim).await;

    let created = propose(&app, &kim, kims, proposal("cart", "Karren")).await;
    let id = json_body(created, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap();
    let told = notifications(&app, &editor, "").await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0]["kind"], "term_proposed");
    assert_eq!(told[0]["link"], format!("/clients/{kims}?tab=terminology"));
    let text = told[0]["text"].as_str().unwrap();
    assert!(text.contains("kim") && text.contains("\"cart\""), "{text}");
    assert!(
        notifications(&app, &kim, "").await.is_empty(),
        "not of their own act"
    );

    let refusal = json!({ "reason": "We say Warenkorb." });
    let refused = app
        .client(kims)
        .term_proposals()
        .refuse(&editor, id, refusal)
        .await;
    json_body(refused, StatusCode::OK).await;
    let told = notifications(&app, &kim, "").await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0]["kind"], "term_proposal_answered");
    assert_eq!(told[0]["link"], "/portal/terms");
    let text = told[0]["text"].as_str().unwrap();
    assert!(text.contains("We say Warenkorb."), "{text}");
    assert_eq!(
        notifications(&app, &editor, "").await.len(),
        1,
        "not of their own act"
    );
    // Another client's customer hears of neither.
    assert!(notifications(&app, &lee, "").await.is_empty());
}
