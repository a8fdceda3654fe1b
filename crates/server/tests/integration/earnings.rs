//! What a project earns, for staff only: the accepted quote, the translators' orders (accepted
//! assignments only), the machine translation cost and the margin; 404 for a translator (out of
//! their scope), 403 for the client's customer.

use reqwest::StatusCode;
use serde_json::{Value, json};
use wordmark_server::db::entities::user::Role;

use crate::{
    assignments::{act, offer_with_amount, project_of_client},
    common::{PASSWORD, TestApp, json_body, spawn_app},
    rebranding::create_client,
};

async fn earnings(app: &TestApp, token: &str, project: i64) -> reqwest::Response {
    app.get(&format!("/api/translation/{project}/earnings"), token)
        .await
}

#[tokio::test]
async fn a_project_earns_its_accepted_quote_less_its_orders_and_machine_translation() {
    let app = spawn_app().await;
    let (admin, editor) = (app.admin_token().await, app.editor_token().await);
    let client = create_client(&app, &editor, "Acme").await;
    app.create_customer("carla", vec![client as i32]).await;
    app.create_user("tina", Role::Translator).await;
    let (carla, tina) = (
        app.token("carla", PASSWORD).await,
        app.token("tina", PASSWORD).await,
    );
    let (project, jobs) = project_of_client(&app, &editor, client, "Site").await;

    let before = json_body(earnings(&app, &editor, project).await, StatusCode::OK).await;
    assert_eq!(
        (
            &before["quote"],
            &before["margin"],
            &before["orders_by_currency"]
        ),
        (&Value::Null, &Value::Null, &json!([]))
    );

    // One order accepted, one only offered: the offer is not an order yet.
    let accepted = offer_with_amount(&app, &editor, jobs[0], "tina", 12_50).await;
    json_body(
        act(&app, &tina, accepted, "accept", json!({})).await,
        StatusCode::OK,
    )
    .await;
    offer_with_amount(&app, &editor, jobs[1], "tina", 30_00).await;

    let quotes = app.translation(project).quotes();
    let quote = json_body(quotes.compose(&editor, json!({})).await, StatusCode::OK).await;
    json_body(quotes.send(&editor, &quote["id"]).await, StatusCode::OK).await;
    let answer = json!({ "name": "Carla", "po_number": "PO-7", "terms_accepted": true });
    json_body(
        quotes.accept(&carla, &quote["id"], answer).await,
        StatusCode::OK,
    )
    .await;

    let analysis = json_body(
        app.get(&format!("/api/translation/{project}/analysis"), &editor)
            .await,
        StatusCode::OK,
    )
    .await;
    let mt_cost = analysis["pricing"]["priced"]["mt_cost"].as_f64().unwrap();
    let total = quote["total"].as_f64().unwrap();
    let found = json_body(earnings(&app, &admin, project).await, StatusCode::OK).await;
    assert_eq!(found["quote"]["total"].as_f64(), Some(total));
    assert_eq!(found["quote"]["version"], quote["version"]);
    // Tina has no profile: paid in the agency's currency.
    assert_eq!(
        found["orders_by_currency"],
        json!([{ "currency": "EUR", "total": 12.5, "orders": 1, "without_amount": 0 }])
    );
    assert_eq!(found["orders"].as_u64(), Some(1));
    assert!(
        (found["mt_cost"].as_f64().unwrap() - mt_cost).abs() < 0.005,
        "{found}"
    );
    let margin = found["margin"].as_f64().unwrap();
    let expected = total - 12.5 - found["mt_cost"].as_f64().unwrap();
    assert!((margin - expected).abs() < 0.005, "{margin} != {expected}");

    // Never the customer's nor the translator's to see.
    assert_eq!(
        earnings(&app, &carla, project).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        earnings(&app, &tina, project).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        earnings(&app, &editor, 987_654).await.status(),
        StatusCode::NOT_FOUND
    );
}
