//! The authorization policy (src/policy.rs) as the server applies it: every operation of the
//! server's own OpenAPI document × every role and anonymous, against the role × permission
//! table; a customer's client scope (other clients' ids answer 404 before any permission is
//! checked); then the defects of the rules before it, on real records.

use std::time::Duration;

use reqwest::{
    Method, StatusCode,
    multipart::{Form, Part},
};
use serde_json::{Value, json};
use wordmark_server::{
    db::entities::{translation_segment::SegmentOrigin, user::Role},
    http::auth::resource_of,
    openapi::{self, Access},
    policy::{self, Permission},
    services::{accounts, scope::Resource, tokens},
};

use crate::{
    assignments,
    common::{PASSWORD, TestApp, json_body, spawn_app},
    rebranding::{self, create_client},
    review::support::pretranslate,
    translation::{create_project, project_form, zip_of_fixtures},
};

/// A path parameter no record has: the calls reach their handler and find nothing.
const MISSING_ID: &str = "999999";
/// A user that does not exist.
const NOBODY: &str = "nobody-here";

/// The signed-in users of the matrix, one per role.
struct Users(Vec<(Role, i32, String)>);

impl Users {
    async fn create(app: &TestApp) -> Users {
        let mut users = Vec::new();
        for role in Role::ALL {
            let username = format!("the-{role}");
            app.create_user(&username, role).await;
            let user = accounts::find_by_username(&app.db, &username)
                .await
                .unwrap()
                .unwrap();
            users.push((role, user.id, username));
        }
        Users(users)
    }

    /// The client the customer belongs to (`create_user` makes one for them).
    async fn customers_client(&self, app: &TestApp) -> i64 {
        let (_, id, _) = self.0.iter().find(|(r, ..)| *r == Role::Customer).unwrap();
        let clients = accounts::client_ids(&app.db, *id).await.unwrap();
        i64::from(clients[0])
    }

    async fn token(&self, app: &TestApp, role: Role) -> String {
        let (_, id, _) = self.0.iter().find(|(r, ..)| *r == role).unwrap();
        tokens::issue(&app.db, *id, Duration::from_secs(3600), app.now())
            .await
            .unwrap()
    }
}

/// `path` with its parameters filled for `username`: ids that no record has; for the users
/// routes the caller's own name (one's own account is the record every role may act on),
/// except for deleting, where nobody may delete themself and a missing user is used.
fn concrete(method: &Method, path: &str, username: &str) -> String {
    path.split('/')
        .map(|segment| match segment.strip_prefix('{') {
            Some("username}") if method == Method::DELETE => NOBODY,
            Some("username}") => username,
            Some(_) => MISSING_ID,
            None => segment,
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Calls `method path` with an empty JSON body and `token` (a fresh one per call, so that
/// signing out or anything else a call does to its session cannot change the next call).
pub(crate) async fn status(
    app: &TestApp,
    method: &Method,
    path: &str,
    token: Option<&str>,
) -> StatusCode {
    app.request(method.clone(), path, token)
        .json(&json!({}))
        .send()
        .await
        .unwrap()
        .status()
}

pub(crate) fn refused(status: StatusCode) -> bool {
    status == StatusCode::UNAUTHORIZED || status == StatusCode::FORBIDDEN
}

/// The parameters of a declared path (`/api/job/{id}/segments/{segment_id}`: `id`,
/// `segment_id`).
fn params(path: &str) -> impl Iterator<Item = &str> {
    path.split('/')
        .filter_map(|segment| segment.strip_prefix('{')?.strip_suffix('}'))
}

/// Whether the path names a record that belongs to a client: a customer's scope applies.
pub(crate) fn names_a_clients_record(path: &str) -> bool {
    params(path).any(|param| resource_of(path, param).is_some())
}

#[tokio::test]
async fn every_operation_answers_every_role_as_the_policy_says() {
    let app = spawn_app().await;
    let users = Users::create(&app).await;
    let declarations = openapi::declarations(&openapi::document());
    assert!(declarations.len() >= 80, "{}", declarations.len());

    let mut wrong = Vec::new();
    for declaration in &declarations {
        let method: Method = declaration.method.parse().unwrap();
        let operation = format!("{} {}", declaration.method, declaration.path);
        let access = match &declaration.access {
            Ok(access) => *access,
            Err(why) => {
                wrong.push(format!("{operation}: {why}"));
                continue;
            }
        };

        let anonymous = concrete(&method, &declaration.path, NOBODY);
        let answer = status(&app, &method, &anonymous, None).await;
        match access {
            Access::Public if refused(answer) => wrong.push(format!(
                "{operation} is public but refused anonymous: {answer}"
            )),
            Access::Needs(_) if answer != StatusCode::UNAUTHORIZED => wrong.push(format!(
                "{operation} without a token answered {answer}, not 401"
            )),
            _ => {}
        }

        for (role, _, username) in &users.0 {
            let token = users.token(&app, *role).await;
            let path = concrete(&method, &declaration.path, username);
            let answer = status(&app, &method, &path, Some(&token)).await;
            let expected_refusal = match access {
                Access::Public => false,
                Access::Needs(permission) => !policy::allows(*role, permission),
            };
            // A record that does not exist is outside every customer's clients and every
            // translator's assignments.
            let scoped = matches!(*role, Role::Customer | Role::Translator)
                && access != Access::Public
                && names_a_clients_record(&declaration.path);
            if scoped {
                if answer != StatusCode::NOT_FOUND {
                    wrong.push(format!("{role}: {operation} answered {answer}, not 404"));
                }
            } else if expected_refusal && answer != StatusCode::FORBIDDEN {
                wrong.push(format!("{role}: {operation} answered {answer}, not 403"));
            } else if !expected_refusal && refused(answer) {
                wrong.push(format!("{role}: {operation} answered {answer}, refused"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "against the policy:\n{}",
        wrong.join("\n")
    );
}

/// One record of every kind a path can name, all of one client.
pub(crate) struct ClientRecords(Vec<(Resource, i64)>);

impl ClientRecords {
    pub(crate) async fn create(app: &TestApp, editor: &str, name: &str) -> ClientRecords {
        let client = create_client(app, editor, name).await;
        let form = project_form(
            Some(name),
            Some(&client.to_string()),
            zip_of_fixtures(&["wpml-page-cdata.xliff"]),
        );
        let project = json_body(
            app.translations().create(editor, form).await,
            StatusCode::CREATED,
        )
        .await;
        let project_id = project["id"].as_i64().unwrap();
        let job = project["jobs"][0]["id"].as_i64().unwrap();
        let detail = json_body(app.job(job).get(editor).await, StatusCode::OK).await;
        let segment = detail["segments"][0]["id"].as_i64().unwrap();
        let created = app
            .rebrandings()
            .create(editor, rebranding::project(client))
            .await;
        let rebranding = json_body(created, StatusCode::CREATED).await["id"]
            .as_i64()
            .unwrap();
        // Review links are sent for pre-translated projects.
        pretranslate(app, project_id as i32, SegmentOrigin::Mt).await;
        let ready = json!({ "status": "Pretranslated" });
        json_body(
            app.translation(project_id).update(editor, ready).await,
            StatusCode::OK,
        )
        .await;
        let link = app
            .translation(project_id)
            .create_review_link(editor, json!({}))
            .await;
        let link = json_body(link, StatusCode::CREATED).await["link"]["id"]
            .as_i64()
            .unwrap();
        assert_eq!(import_tmx(app, editor, client).await, StatusCode::OK);
        let entry = memory(app, editor, client).await[0]["id"].as_i64().unwrap();
        let term = json!({
            "source_lang": "en", "target_lang": "de", "source": name,
            "targets": [name], "kind": "do_not_translate",
        });
        let term = app.client(client).terms().add(editor, term).await;
        let term = json_body(term, StatusCode::CREATED).await["id"]
            .as_i64()
            .unwrap();
        // Term proposals come from the client's customers.
        let proposer = format!("proposer-of-{name}");
        app.create_customer(&proposer, vec![client as i32]).await;
        let proposer = app.token(&proposer, PASSWORD).await;
        let proposal = json!({
            "source_lang": "en", "target_lang": "de", "source": name, "target": name,
        });
        let proposal = app
            .client(client)
            .term_proposals()
            .propose(&proposer, proposal)
            .await;
        let proposal = json_body(proposal, StatusCode::CREATED).await["id"]
            .as_i64()
            .unwrap();
        let quotes = app.translation(project_id).quotes();
        let draft = quotes.compose(editor, json!({})).await;
        let quote = json_body(draft, StatusCode::OK).await["id"]
            .as_i64()
            .unwrap();
        // Sent: a customer sees no drafts.
        let sent = quotes.send(editor, quote).await;
        json_body(sent, StatusCode::OK).await;
        // A site (never called here: the routes that call it answer a customer 403 or 502).
        let site = json!({
            "name": name, "url": format!("https://{}.example", name.to_lowercase()),
            "username": "editor", "application_password": "abcd efgh ijkl mnop qrst uvwx",
        });
        let site = app
            .send_json(
                Method::POST,
                &format!("/api/client/{client}/sites"),
                editor,
                site,
            )
            .await;
        let site = json_body(site, StatusCode::CREATED).await["id"]
            .as_i64()
            .unwrap();
        // The job, offered to the records' translator, who accepted it.
        let translator = Self::translator(name);
        app.create_user(&translator, Role::Translator).await;
        let assignment = assignments::offered(app, editor, job, &translator).await;
        let token = app.token(&translator, PASSWORD).await;
        let accepted = assignments::act(app, &token, assignment, "accept", json!({})).await;
        json_body(accepted, StatusCode::OK).await;
        ClientRecords(vec![
            (Resource::Assignment, assignment),
            (Resource::Client, client),
            (Resource::Site, site),
            (Resource::Quote, quote),
            (Resource::TranslationProject, project_id),
            (Resource::Job, job),
            (Resource::Segment, segment),
            (Resource::RebrandingProject, rebranding),
            (Resource::ReviewLink, link),
            (Resource::MemoryEntry, entry),
            (Resource::Term, term),
            (Resource::TermProposal, proposal),
        ])
    }

    /// The username of the translator the records' job is assigned to.
    pub(crate) fn translator(name: &str) -> String {
        format!("translator-of-{name}")
    }

    fn client(&self) -> i32 {
        self.id(Resource::Client) as i32
    }

    fn id(&self, resource: Resource) -> i64 {
        self.0.iter().find(|(r, _)| *r == resource).unwrap().1
    }

    /// `path` with the ids of these records (and `username` for the users routes).
    pub(crate) fn fill(&self, path: &str, username: &str) -> String {
        path.split('/')
            .map(|segment| {
                let Some(param) = segment.strip_prefix('{').and_then(|s| s.strip_suffix('}'))
                else {
                    return segment.to_owned();
                };
                match resource_of(path, param) {
                    Some(resource) => self.id(resource).to_string(),
                    None if param == "username" => username.to_owned(),
                    None => MISSING_ID.to_owned(),
                }
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// Every parameter of every operation a customer may call is a record of a client, an account
/// or one of the caller's own notifications (which the store looks up by user), so no route
/// escapes the customers' scope by naming its records differently. Routes whose permission no
/// customer has (invitations, the outbox) answer a customer 403 whatever the id.
#[test]
fn every_parameter_of_a_signed_in_route_is_scoped_or_an_account() {
    for declaration in openapi::declarations(&openapi::document()) {
        let Ok(Access::Needs(permission)) = declaration.access else {
            continue;
        };
        if !wordmark_server::policy::allows(Role::Customer, permission) {
            continue;
        }
        for param in params(&declaration.path) {
            let own = declaration.path.starts_with("/api/notifications/");
            assert!(
                resource_of(&declaration.path, param).is_some() || param == "username" || own,
                "{} {}: the parameter {param} is neither a client's record, an account nor the \
                 caller's own",
                declaration.method,
                declaration.path
            );
        }
    }
}

/// A customer of client A calls every operation that names a client's records with the ids of
/// client B (always 404, whatever the permission) and with those of client A (as the policy
/// says: 403 without the permission, else not refused and found).
#[tokio::test]
async fn a_customer_reaches_their_clients_records_and_no_others() {
    let app = spawn_app().await;
    let users = Users::create(&app).await;
    let editor = users.token(&app, Role::Editor).await;
    let own = ClientRecords::create(&app, &editor, "Own").await;
    let other = ClientRecords::create(&app, &editor, "Other").await;
    app.create_customer("customer-of-own", vec![own.client()])
        .await;
    let customer = app.token("customer-of-own", PASSWORD).await;

    let mut wrong = Vec::new();
    let mut checked = 0;
    for declaration in openapi::declarations(&openapi::document()) {
        let Ok(Access::Needs(permission)) = declaration.access else {
            continue;
        };
        if !names_a_clients_record(&declaration.path) {
            continue;
        }
        checked += 1;
        let method: Method = declaration.method.parse().unwrap();
        let operation = format!("{} {}", declaration.method, declaration.path);
        let path = other.fill(&declaration.path, "customer-of-own");
        let answer = status(&app, &method, &path, Some(&customer)).await;
        if answer != StatusCode::NOT_FOUND {
            wrong.push(format!(
                "{operation} with another client's ids answered {answer}"
            ));
        }
        let path = own.fill(&declaration.path, "customer-of-own");
        let answer = status(&app, &method, &path, Some(&customer)).await;
        let allowed = policy::allows(Role::Customer, permission);
        if !allowed && answer != StatusCode::FORBIDDEN {
            wrong.push(format!(
                "{operation} with own ids answered {answer}, not 403"
            ));
        } else if allowed && (refused(answer) || answer == StatusCode::NOT_FOUND) {
            wrong.push(format!("{operation} with own ids answered {answer}"));
        }
    }
    assert!(checked >= 40, "{checked}");
    assert!(wrong.is_empty(), "against the scope:\n{}", wrong.join("\n"));
}

#[tokio::test]
async fn signing_in_answers_the_users_permissions() {
    let app = spawn_app().await;
    for role in Role::ALL {
        let username = format!("the-{role}");
        app.create_user(&username, role).await;
        let signed_in = json_body(app.login(&username, PASSWORD).await, StatusCode::OK).await;
        let keys: Vec<&str> = policy::permissions_of(role)
            .into_iter()
            .map(Permission::key)
            .collect();
        assert_eq!(
            signed_in["user_object"]["permissions"],
            json!(keys),
            "{role}"
        );
    }
}

/// Sends `method path` as `role` (a fresh token) with `body`, returning the status.
/// `method` on `path` as `role`: the status. The role tables below name their paths by hand,
/// on purpose: each walks routes for roles, and its messages name the path refused.
async fn as_role(
    app: &TestApp,
    users: &Users,
    role: Role,
    method: Method,
    path: &str,
    body: Value,
) -> StatusCode {
    let token = users.token(app, role).await;
    app.send_json(method, path, &token, body).await.status()
}

#[tokio::test]
async fn only_staff_delete_clients_and_projects() {
    let app = spawn_app().await;
    let users = Users::create(&app).await;
    let editor = users.token(&app, Role::Editor).await;
    let client = create_client(&app, &editor, "Kept").await;
    let project = create_project(
        &app,
        &editor,
        "Kept",
        zip_of_fixtures(&["wpml-page-cdata.xliff"]),
    )
    .await;
    let project = project["id"].as_i64().unwrap();

    let client_path = format!("/api/client/{client}");
    let project_path = format!("/api/translation/{project}");
    // The customer is not of this client and the translator has no job of it: to them these
    // records do not exist.
    for (role, refusal) in [
        (Role::Customer, StatusCode::NOT_FOUND),
        (Role::Translator, StatusCode::NOT_FOUND),
    ] {
        for path in [&client_path, &project_path] {
            let answer = as_role(&app, &users, role, Method::DELETE, path, json!({})).await;
            assert_eq!(answer, refusal, "{role} deletes {path}");
            let still = app.get(path, &editor).await;
            assert_eq!(still.status(), StatusCode::OK, "{path} is still there");
        }
    }
    for path in [&project_path, &client_path] {
        let answer = as_role(&app, &users, Role::Editor, Method::DELETE, path, json!({})).await;
        assert_eq!(answer, StatusCode::NO_CONTENT, "the editor deletes {path}");
    }
}

const TMX: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="en-US" creationtool="x" segtype="sentence" datatype="html" adminlang="en" o-tmf="x"/>
<body><tu><tuv xml:lang="en-US"><seg>About us</seg></tuv><tuv xml:lang="de-DE"><seg>Über uns</seg></tuv></tu></body></tmx>"#;

async fn import_tmx(app: &TestApp, token: &str, client: i64) -> StatusCode {
    let part = Part::bytes(TMX.as_bytes().to_vec()).file_name("memory.tmx");
    let form = Form::new().part("file", part);
    app.client(client)
        .memory()
        .import(token, form)
        .await
        .status()
}

async fn memory(app: &TestApp, token: &str, client: i64) -> Vec<Value> {
    let response = app.client(client).memory().list(token, "").await;
    json_body(response, StatusCode::OK)
        .await
        .as_array()
        .unwrap()
        .clone()
}

#[tokio::test]
async fn only_staff_write_the_memory_customers_read_it_and_translators_never_list_it() {
    let app = spawn_app().await;
    let users = Users::create(&app).await;
    let editor = users.token(&app, Role::Editor).await;
    let client = users.customers_client(&app).await;

    let customer = users.token(&app, Role::Customer).await;
    assert_eq!(
        import_tmx(&app, &customer, client).await,
        StatusCode::FORBIDDEN
    );
    assert!(memory(&app, &customer, client).await.is_empty());
    // A translator reaches no client's memory: only the matches inside their jobs.
    let translator = users.token(&app, Role::Translator).await;
    assert_eq!(
        import_tmx(&app, &translator, client).await,
        StatusCode::NOT_FOUND
    );
    let listed = app.client(client).memory().list(&translator, "").await;
    assert_eq!(listed.status(), StatusCode::NOT_FOUND);
    assert_eq!(import_tmx(&app, &editor, client).await, StatusCode::OK);
    let entry = memory(&app, &editor, client).await[0]["id"]
        .as_i64()
        .unwrap();

    let path = format!("/api/client/{client}/memory/{entry}");
    for (role, refusal) in [
        (Role::Translator, StatusCode::NOT_FOUND),
        (Role::Customer, StatusCode::FORBIDDEN),
    ] {
        let edit = json!({ "target": "Wer wir sind" });
        let edited = as_role(&app, &users, role, Method::PUT, &path, edit).await;
        assert_eq!(edited, refusal, "{role} edits an entry");
        let deleted = as_role(&app, &users, role, Method::DELETE, &path, json!({})).await;
        assert_eq!(deleted, refusal, "{role} deletes an entry");
    }
    let kept = memory(&app, &editor, client).await;
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0]["target"], "Über uns");
}

#[tokio::test]
async fn customers_neither_write_terms_nor_read_or_write_rates() {
    let app = spawn_app().await;
    let users = Users::create(&app).await;
    let client = users.customers_client(&app).await;
    let term = json!({
        "source_lang": "en", "target_lang": "de", "source": "Wordmark",
        "targets": ["Wordmark"], "kind": "do_not_translate",
    });
    let terms = format!("/api/client/{client}/terms");
    let rates = format!("/api/client/{client}/rate-scheme");
    let created = as_role(&app, &users, Role::Customer, Method::POST, &terms, term).await;
    assert_eq!(created, StatusCode::FORBIDDEN);
    let removed = as_role(
        &app,
        &users,
        Role::Customer,
        Method::DELETE,
        &rates,
        json!({}),
    )
    .await;
    assert_eq!(removed, StatusCode::FORBIDDEN);
    let read = as_role(&app, &users, Role::Customer, Method::GET, &terms, json!({})).await;
    assert_eq!(read, StatusCode::OK, "the customer reads {terms}");
    // The agency's rates (its prices and what machine translation costs it) are not theirs.
    for path in [rates.as_str(), "/api/settings/rate-scheme"] {
        let read = as_role(&app, &users, Role::Customer, Method::GET, path, json!({})).await;
        assert_eq!(read, StatusCode::FORBIDDEN, "the customer reads {path}");
    }
}

#[tokio::test]
async fn translators_edit_segments_but_do_not_run_projects() {
    let app = spawn_app().await;
    let users = Users::create(&app).await;
    let editor = users.token(&app, Role::Editor).await;
    let client = users.customers_client(&app).await.to_string();
    let form = project_form(
        Some("Work"),
        Some(&client),
        zip_of_fixtures(&["wpml-page-cdata.xliff"]),
    );
    let created = app.translations().create(&editor, form).await;
    let project = json_body(created, StatusCode::CREATED).await;
    let id = project["id"].as_i64().unwrap();
    let job = project["jobs"][0]["id"].as_i64().unwrap();

    let job_path = format!("/api/job/{job}");
    let assignment = assignments::offered(&app, &editor, job, "the-translator").await;
    let translator = users.token(&app, Role::Translator).await;
    let accepted = assignments::act(&app, &translator, assignment, "accept", json!({})).await;
    json_body(accepted, StatusCode::OK).await;
    let detail = json_body(app.job(job).get(&editor).await, StatusCode::OK).await;
    let segment = &detail["segments"][0];
    let edit = json!({ "segments": [{
        "id": segment["id"], "target": segment["source"], "base_revision": segment["revision"],
    }] });
    for (role, expected) in [
        (Role::Translator, StatusCode::OK),
        (Role::Customer, StatusCode::FORBIDDEN),
    ] {
        let answer = as_role(&app, &users, role, Method::PUT, &job_path, edit.clone()).await;
        assert_eq!(answer, expected, "{role} edits a segment");
    }
    let pretranslate = format!("/api/translation/{id}/pretranslate");
    let answer = as_role(
        &app,
        &users,
        Role::Translator,
        Method::POST,
        &pretranslate,
        json!({}),
    )
    .await;
    // Their job's project is not theirs to run, nor even to see.
    assert_eq!(answer, StatusCode::NOT_FOUND);
}
