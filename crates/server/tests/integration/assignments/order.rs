//! A translator's purchase order: drawn when they accept, kept as drawn (the agency's currency
//! and the translator's name changed later do not change its bytes), read by staff and the
//! assigned translator only, and none before the acceptance.

use reqwest::StatusCode;
use serde_json::json;
use wordmark_server::db::entities::user::Role;

use super::{act, offered, setup};
use crate::{
    common::{PASSWORD, TestApp, error_message, json_body, pdf_text},
    rates::scheme,
};

async fn order(app: &TestApp, token: &str, id: i64) -> reqwest::Response {
    app.get(&format!("/api/assignments/{id}/order.pdf"), token)
        .await
}

#[tokio::test]
async fn the_order_is_drawn_at_acceptance_and_kept_as_drawn() {
    let super::Setup {
        app,
        editor,
        translator,
        jobs,
        ..
    } = super::setup().await;
    let admin = app.admin_token().await;
    app.create_user("tom", Role::Translator).await;
    let tom = app.token("tom", PASSWORD).await;
    let id = offered(&app, &editor, jobs[0], "tina").await;

    let early = order(&app, &translator, id).await;
    assert_eq!(
        error_message(early, StatusCode::CONFLICT).await,
        "The purchase order exists once the translator has accepted the assignment."
    );
    let accepted = json_body(
        act(&app, &translator, id, "accept", json!({})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(accepted["has_order"], true);

    let drawn = order(&app, &translator, id).await;
    assert_eq!(drawn.status(), StatusCode::OK);
    assert_eq!(drawn.headers()["content-type"], "application/pdf");
    let bytes = drawn.bytes().await.unwrap();
    let text = pdf_text(&bytes);
    let number = format!("PO-{id:06}");
    for expected in [
        "Purchase order",
        number.as_str(),
        "tina-first tina-last",
        "A – ",
        "Post-edit",
        "EUR 12.50",
        "2030-01-31 17:00 UTC",
        "Keep the brand names.",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from:\n{text}"
        );
    }

    // What the order was drawn from changes: the order does not.
    json_body(
        app.settings()
            .set_rate_scheme(&admin, scheme(0.2, "USD"))
            .await,
        StatusCode::OK,
    )
    .await;
    json_body(
        app.user("tina")
            .update(&admin, json!({ "first_name": "Renamed" }))
            .await,
        StatusCode::OK,
    )
    .await;
    let again = order(&app, &editor, id).await;
    assert_eq!(again.status(), StatusCode::OK);
    assert_eq!(again.bytes().await.unwrap(), bytes);

    // Nobody else reads it: another translator learns nothing of it.
    assert_eq!(order(&app, &tom, id).await.status(), StatusCode::NOT_FOUND);
    let unknown = order(&app, &editor, 987_654).await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_offer_declined_has_no_order() {
    let super::Setup {
        app,
        editor,
        translator,
        jobs,
        ..
    } = setup().await;
    let id = offered(&app, &editor, jobs[1], "tina").await;
    let declined = act(
        &app,
        &translator,
        id,
        "decline",
        json!({ "reason": "Busy." }),
    )
    .await;
    assert_eq!(
        json_body(declined, StatusCode::OK).await["has_order"],
        false
    );
    let none = order(&app, &editor, id).await;
    error_message(none, StatusCode::CONFLICT).await;
}
