//! A customer's client scope on the lists and counts: with other clients' rows present, a
//! customer's lists, totals and dashboard show their clients' rows only (the 404s for other
//! clients' ids are in `policy.rs`).

use reqwest::{Response, StatusCode};
use serde_json::Value;

use crate::{
    common::{PASSWORD, TestApp, json_body, spawn_app},
    rebranding::{self, create_client},
    translation::{project_form, zip_of_fixtures},
};

async fn create_project(app: &TestApp, editor: &str, client: Option<i64>) -> i64 {
    let client = client.map(|id| id.to_string()).unwrap_or_default();
    let form = project_form(
        Some("Project"),
        Some(&client),
        zip_of_fixtures(&["wpml-page-cdata.xliff"]),
    );
    let created = app.translations().create(editor, form).await;
    json_body(created, StatusCode::CREATED).await["id"]
        .as_i64()
        .unwrap()
}

/// The ids of a list's rows (at `field` of each) and its `X-Total-Count`.
async fn listed(response: Response, field: &str) -> (Vec<i64>, u64) {
    let total = response.headers()["x-total-count"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    let rows: Value = json_body(response, StatusCode::OK).await;
    let mut ids: Vec<i64> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row[field].as_i64().unwrap())
        .collect();
    ids.sort_unstable();
    (ids, total)
}

#[tokio::test]
async fn a_customer_lists_and_counts_only_their_clients_rows() {
    let app = spawn_app().await;
    let editor = app.editor_token().await;
    let a = create_client(&app, &editor, "A").await;
    let b = create_client(&app, &editor, "B").await;
    let c = create_client(&app, &editor, "C").await;
    let mut projects_of_a = vec![
        create_project(&app, &editor, Some(a)).await,
        create_project(&app, &editor, Some(a)).await,
    ];
    projects_of_a.sort_unstable();
    let project_of_b = create_project(&app, &editor, Some(b)).await;
    create_project(&app, &editor, None).await;
    let mut rebranding_ids = Vec::new();
    for client in [a, b, c] {
        let created = app
            .rebrandings()
            .create(&editor, rebranding::project(client))
            .await;
        rebranding_ids.push(
            json_body(created, StatusCode::CREATED).await["id"]
                .as_i64()
                .unwrap(),
        );
    }
    app.create_customer("of-a", vec![a as i32]).await;
    app.create_customer("of-a-and-b", vec![a as i32, b as i32])
        .await;
    let of_a = app.token("of-a", PASSWORD).await;
    let of_a_and_b = app.token("of-a-and-b", PASSWORD).await;

    assert_eq!(
        listed(app.clients().list(&of_a, "").await, "id").await,
        (vec![a], 1)
    );
    assert_eq!(
        listed(app.clients().list(&of_a_and_b, "").await, "id").await,
        (vec![a, b], 2)
    );
    assert_eq!(
        listed(app.clients().list(&editor, "").await, "id").await,
        (vec![a, b, c], 3)
    );

    assert_eq!(
        listed(app.translations().list(&of_a, "").await, "id").await,
        (projects_of_a.clone(), 2)
    );
    assert_eq!(
        listed(
            app.translations()
                .list(&of_a, &format!("client_id={b}"))
                .await,
            "id"
        )
        .await,
        (vec![], 0)
    );
    let mut of_both = projects_of_a.clone();
    of_both.push(project_of_b);
    assert_eq!(
        listed(
            app.translations().list(&of_a_and_b, "sort=client").await,
            "id"
        )
        .await,
        (of_both, 3)
    );
    assert_eq!(
        listed(app.translations().list(&editor, "").await, "id")
            .await
            .1,
        4
    );

    assert_eq!(
        listed(app.rebrandings().list(&of_a, "").await, "id").await,
        (vec![rebranding_ids[0]], 1)
    );
    assert_eq!(
        listed(app.rebrandings().list(&editor, "").await, "id")
            .await
            .1,
        3
    );

    let (jobs, total) = listed(app.jobs().list(&of_a, "").await, "project_id").await;
    assert_eq!(total, 2);
    assert_eq!(jobs, projects_of_a);
    assert_eq!(
        listed(
            app.jobs()
                .list(&of_a, &format!("project_id={project_of_b}"))
                .await,
            "id"
        )
        .await,
        (vec![], 0)
    );
    assert_eq!(listed(app.jobs().list(&editor, "").await, "id").await.1, 4);

    let counts = json_body(app.dashboard(&of_a).await, StatusCode::OK).await;
    assert_eq!(counts["clients"], 1);
    assert_eq!(counts["translation_projects"], 2);
    assert_eq!(counts["rebranding_projects"], 1);
    let counts = json_body(app.dashboard(&of_a_and_b).await, StatusCode::OK).await;
    assert_eq!(counts["clients"], 2);
    assert_eq!(counts["translation_projects"], 3);
    assert_eq!(counts["rebranding_projects"], 2);
    let counts = json_body(app.dashboard(&editor).await, StatusCode::OK).await;
    assert_eq!(counts["clients"], 3);
    assert_eq!(counts["translation_projects"], 4);
    assert_eq!(counts["rebranding_projects"], 3);
}
