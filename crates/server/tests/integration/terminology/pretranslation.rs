//! The termbase in pre-translation: do-not-translate terms protected with every provider, QA
//! on edits, DeepL glossaries synced and reused, OpenAI prompts with the relevant terms.

use super::{add, term};
use crate::common::{TestApp, json_body};
use crate::rebranding::create_client;
use reqwest::StatusCode;
use serde_json::{Value, json};

fn flag_kinds(column: &str) -> Vec<String> {
    let flags: Vec<Value> = serde_json::from_str(column).unwrap();
    flags
        .iter()
        .map(|f| f["kind"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn pretranslation_protects_do_not_translate_terms_and_edits_are_checked() {
    use crate::mt_support::{create_project, files, job_ids, pretranslate, segments};
    use wordmark_mt::{ProviderConfig, ProviderKind};

    let app =
        crate::common::spawn_app_with(|c| c.mt = ProviderConfig::new(ProviderKind::Pseudo)).await;
    let token = app.admin_token().await;
    let client = create_client(&app, &token, "ACME").await;
    add(
        &app,
        &token,
        client,
        term("Wordmark Pro", &[], "do_not_translate"),
    )
    .await;
    add(&app, &token, client, term("shop", &["Laden"], "preferred")).await;
    add(
        &app,
        &token,
        client,
        term("cart", &["Einkaufswagen"], "forbidden"),
    )
    .await;
    let sources = [
        "Welcome to the <strong>Wordmark Pro</strong> shop.",
        "Wordmark Pro, <a href=\"/shop\" title=\"shop\">now</a>",
    ];
    let project = create_project(
        &app,
        &token,
        "Terms",
        Some(client as i32),
        &files(1, &sources),
    )
    .await;
    let status = pretranslate(&app, &token, project).await;
    assert_eq!(status["state"], "done", "{status}");
    // The report counts the machine translations the termbase warned about.
    assert_eq!(status["term_warnings"], 1, "{status}");
    let job = job_ids(&app, project).await[0];
    let written = segments(&app, job).await;
    for segment in &written {
        let target = segment.target.as_deref().unwrap();
        // The pseudo-translator accents every letter it gets; the protected term never
        // reached it.
        assert!(target.contains("Wordmark Pro"), "{target}");
        assert_ne!(target, segment.source);
    }
    assert_eq!(flag_kinds(&written[0].qa_flags), vec!["term"]);
    // "shop" only in the link's attributes is no term of the text.
    assert!(
        flag_kinds(&written[1].qa_flags).is_empty(),
        "{}",
        written[1].qa_flags
    );

    // The job page gets the entries its sources hold (not "cart": no source has it).
    let detail = json_body(app.job(job).get(&token).await, StatusCode::OK).await;
    let found: Vec<(&str, &str)> = detail["terms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["source"].as_str().unwrap(), t["kind"].as_str().unwrap()))
        .collect();
    assert_eq!(
        found,
        [("shop", "preferred"), ("Wordmark Pro", "do_not_translate")]
    );

    // The review workbook names the terms of each row in its Terms column, which the import
    // reads past: the workbook goes back unchanged.
    let (_, archive) =
        crate::review::support::download(&app, &token, project, "download-xlsx").await;
    let workbook = crate::review::sheet::unzip(&archive)
        .into_values()
        .next()
        .unwrap();
    let header = crate::review::sheet::row_of(&workbook, "Key");
    assert_eq!(
        crate::review::sheet::cell_text(&workbook, "F", header),
        "Terms"
    );
    let first = crate::review::sheet::row_of(&workbook, &written[0].unit_key);
    assert_eq!(
        crate::review::sheet::cell_text(&workbook, "F", first),
        "Wordmark Pro [do not translate]; shop \u{2192} Laden"
    );
    let second = crate::review::sheet::row_of(&workbook, &written[1].unit_key);
    assert_eq!(
        crate::review::sheet::cell_text(&workbook, "F", second),
        "Wordmark Pro [do not translate]"
    );
    let answer = crate::review::support::upload_ok(&app, &token, project, archive).await;
    let file = &answer["import_report"]["files"][0];
    assert_eq!(file["updated"], 0, "{file}");
    assert_eq!(file["refused"], json!([]), "{file}");
    assert_eq!(segments(&app, job).await[0].target, written[0].target);

    // Edits in the job view get the same checks.
    let edit = |target: &str, revision: i32| json!({ "segments": [{ "id": written[0].id, "target": target, "base_revision": revision }] });
    let response = app
        .job(job)
        .update(
            &token,
            edit(
                "Willkommen im <strong>Wordmark Pro</strong> Laden.",
                segments(&app, job).await[0].revision,
            ),
        )
        .await;
    json_body(response, StatusCode::OK).await;
    assert!(flag_kinds(&segments(&app, job).await[0].qa_flags).is_empty());
    let response = app
        .job(job)
        .update(
            &token,
            edit(
                "Willkommen im <strong>WORDMARK PRO</strong> Einkaufswagen.",
                segments(&app, job).await[0].revision,
            ),
        )
        .await;
    json_body(response, StatusCode::OK).await;
    assert_eq!(
        flag_kinds(&segments(&app, job).await[0].qa_flags),
        vec!["dnt_changed", "term", "forbidden_term"]
    );
}

/// A project of the client with one job per target language (`page-de.xliff`, …), each with
/// `sources`.
async fn project_for(
    app: &TestApp,
    token: &str,
    client: i64,
    name: &str,
    targets: &[&str],
    sources: &[&str],
) -> i32 {
    use crate::mt_support::{create_project, xliff};
    let files: Vec<(String, String)> = targets
        .iter()
        .map(|lang| {
            let file = xliff(1, sources).replace(
                "target-language=\"de\"",
                &format!("target-language=\"{lang}\""),
            );
            (format!("page-{lang}.xliff"), file)
        })
        .collect();
    create_project(app, token, name, Some(client as i32), &files).await
}

/// Every translate request the fake received named a glossary.
fn every_request_names_a_glossary(fake: &wordmark_mt::fake::FakeServer) {
    for request in fake.requests() {
        assert!(request.body["glossary_id"].is_string(), "{}", request.body);
    }
}

#[tokio::test]
async fn a_deepl_run_syncs_one_glossary_per_pair_and_reuses_it_until_a_term_changes() {
    use crate::mt_support::{DEEPL_KEY, deepl, job_ids, pretranslate, segments};
    use wordmark_mt::fake::GlossaryCounts;

    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    let app = crate::common::spawn_app_with(|c| c.mt = deepl(fake.url(), DEEPL_KEY)).await;
    let token = app.admin_token().await;
    let client = create_client(&app, &token, "ACME").await;
    let shop = add(&app, &token, client, term("shop", &["Laden"], "preferred")).await;
    let mut french = term("shop", &["boutique"], "preferred");
    french["target_lang"] = json!("fr");
    add(&app, &token, client, french).await;
    // 60 segments per job: two requests per pair, one glossary sync.
    let sources: Vec<String> = (0..60).map(|i| format!("Visit the shop {i}.")).collect();
    let sources: Vec<&str> = sources.iter().map(String::as_str).collect();

    let first = project_for(&app, &token, client, "One", &["de", "fr"], &sources).await;
    let status = pretranslate(&app, &token, first).await;
    assert_eq!(status["state"], "done", "{status}");
    assert_eq!(status["notices"], json!([]));
    assert_eq!(
        fake.glossary_counts(),
        GlossaryCounts {
            created: 2,
            ..GlossaryCounts::default()
        }
    );
    assert_eq!(fake.glossary_ids().len(), 2);
    assert!(fake.request_count() >= 4, "{}", fake.request_count());
    every_request_names_a_glossary(&fake);
    let jobs = job_ids(&app, first).await;
    let german = segments(&app, jobs[0]).await;
    assert!(
        german[0].target.as_deref().unwrap().contains("Laden"),
        "{:?}",
        german[0].target
    );
    let french = segments(&app, jobs[1]).await;
    assert!(french[0].target.as_deref().unwrap().contains("boutique"));

    // The next run of the client: the same glossaries, only checked.
    let second = project_for(&app, &token, client, "Two", &["de", "fr"], &sources).await;
    pretranslate(&app, &token, second).await;
    assert_eq!(
        fake.glossary_counts(),
        GlossaryCounts {
            created: 2,
            read: 2,
            ..GlossaryCounts::default()
        }
    );

    // A changed term: the German dictionary is replaced once for the whole run.
    let response = app
        .client(client)
        .terms()
        .update(
            &token,
            &shop["id"],
            term("shop", &["Geschäft"], "preferred"),
        )
        .await;
    json_body(response, StatusCode::OK).await;
    let requests_before = fake.request_count();
    let third = project_for(&app, &token, client, "Three", &["de"], &sources).await;
    pretranslate(&app, &token, third).await;
    assert_eq!(fake.request_count() - requests_before, 2);
    assert_eq!(
        fake.glossary_counts(),
        GlossaryCounts {
            created: 2,
            read: 2,
            replaced: 1,
            ..GlossaryCounts::default()
        }
    );
    let job = job_ids(&app, third).await[0];
    assert!(
        segments(&app, job).await[0]
            .target
            .as_deref()
            .unwrap()
            .contains("Geschäft")
    );

    // Deleted on DeepL's side: made anew, once.
    fake.forget_glossaries();
    let fourth = project_for(&app, &token, client, "Four", &["de"], &sources).await;
    let status = pretranslate(&app, &token, fourth).await;
    assert_eq!(status["notices"], json!([]), "{status}");
    assert_eq!(fake.glossary_counts().created, 3);
    assert_eq!(fake.glossary_ids().len(), 1);
    every_request_names_a_glossary(&fake);

    // The pair's last preferred term deleted: its glossary is unused, and deleted.
    let response = app.client(client).terms().delete(&token, &shop["id"]).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let requests_before = fake.requests().len();
    let fifth = project_for(&app, &token, client, "Five", &["de"], &sources).await;
    let status = pretranslate(&app, &token, fifth).await;
    assert_eq!(status["state"], "done", "{status}");
    assert_eq!(fake.glossary_counts().deleted, 1);
    assert!(fake.glossary_ids().is_empty());
    assert!(
        fake.requests()[requests_before..]
            .iter()
            .all(|r| r.body.get("glossary_id").is_none())
    );
}

#[tokio::test]
async fn a_glossary_deepl_refuses_is_a_notice_in_the_run_report() {
    use crate::mt_support::{DEEPL_KEY, deepl, pretranslate};

    let fake = wordmark_mt::fake::deepl(DEEPL_KEY).await.unwrap();
    fake.refuse_glossary_pair("en", "de");
    let app = crate::common::spawn_app_with(|c| c.mt = deepl(fake.url(), DEEPL_KEY)).await;
    let token = app.admin_token().await;
    let client = create_client(&app, &token, "ACME").await;
    add(&app, &token, client, term("shop", &["Laden"], "preferred")).await;
    let project = project_for(&app, &token, client, "One", &["de"], &["Visit the shop."]).await;
    let status = pretranslate(&app, &token, project).await;
    assert_eq!(status["state"], "done", "{status}");
    let notices = status["notices"].as_array().unwrap();
    assert_eq!(notices.len(), 1, "{status}");
    let notice = notices[0].as_str().unwrap();
    assert!(
        notice.contains("DeepL glossary for en → de") && notice.contains("Unsupported glossary"),
        "{notice}"
    );
    // Translated without it.
    assert!(
        fake.requests()
            .iter()
            .all(|r| r.body.get("glossary_id").is_none())
    );
}

/// A provider at a fake's address, with quick retries.
fn provider_at(kind: wordmark_mt::ProviderKind, url: &str) -> wordmark_mt::ProviderConfig {
    let mut config = crate::mt_support::deepl(url, "fake-key");
    config.kind = kind;
    config.model = Some("fake-model".into());
    config
}

/// A fake of every provider that speaks HTTP, with the configuration that reaches it.
async fn fakes() -> Vec<(wordmark_mt::fake::FakeServer, wordmark_mt::ProviderConfig)> {
    use wordmark_mt::{ProviderKind, fake};
    let mut all = Vec::new();
    for kind in [
        ProviderKind::Deepl,
        ProviderKind::Google,
        ProviderKind::LibreTranslate,
        ProviderKind::OpenAi,
    ] {
        let server = match kind {
            ProviderKind::Deepl => fake::deepl("fake-key").await,
            ProviderKind::Google => fake::google("fake-key").await,
            ProviderKind::LibreTranslate => fake::libretranslate(Some("fake-key")).await,
            _ => fake::openai(Some("fake-key"), "fake-model").await,
        }
        .unwrap();
        let config = provider_at(kind, server.url());
        all.push((server, config));
    }
    all
}

/// Every provider's fake "translates" every text node it gets; a do-not-translate term never
/// reaches it as text and comes back byte for byte, inside markup too.
#[tokio::test]
async fn do_not_translate_terms_come_back_byte_identical_from_every_provider() {
    use crate::mt_support::{job_ids, pretranslate, segments};
    use wordmark_mt::{ProviderConfig, ProviderKind};

    let sources = [
        "Welcome to <strong>Wordmark Pro</strong>, the shop.",
        "Wordmark Pro: <a href=\"/pro\">buy Wordmark Pro now</a>",
    ];
    let mut configs: Vec<(Option<wordmark_mt::fake::FakeServer>, ProviderConfig)> = fakes()
        .await
        .into_iter()
        .map(|(server, config)| (Some(server), config))
        .collect();
    configs.push((None, ProviderConfig::new(ProviderKind::Pseudo)));
    for (server, config) in configs {
        let kind = config.kind;
        let app = crate::common::spawn_app_with(|c| c.mt = config).await;
        let token = app.admin_token().await;
        let client = create_client(&app, &token, "ACME").await;
        add(
            &app,
            &token,
            client,
            term("Wordmark Pro", &[], "do_not_translate"),
        )
        .await;
        let project = project_for(&app, &token, client, "DNT", &["de"], &sources).await;
        let status = pretranslate(&app, &token, project).await;
        assert_eq!(status["state"], "done", "{kind}: {status}");
        assert_eq!(status["from_mt"], 2, "{kind}: {status}");
        let job = job_ids(&app, project).await[0];
        for segment in segments(&app, job).await {
            let target = segment.target.as_deref().unwrap();
            assert_ne!(target, segment.source, "{kind}: not translated");
            assert_eq!(
                target.matches("Wordmark Pro").count(),
                segment.source.matches("Wordmark Pro").count(),
                "{kind}: {target}"
            );
        }
        if let Some(server) = server {
            let received = server.text_counts();
            assert!(!received.is_empty(), "{kind}");
            assert!(
                received.keys().all(|text| !text.contains("Wordmark Pro")),
                "{kind}: {received:?}"
            );
        }
    }
}

/// The OpenAI-compatible prompt names the termbase's pairs its items contain, and only those.
#[tokio::test]
async fn the_openai_prompt_carries_the_relevant_terms_only() {
    use crate::mt_support::pretranslate;
    use wordmark_mt::{ProviderKind, fake};

    let server = fake::openai(Some("fake-key"), "fake-model").await.unwrap();
    let config = provider_at(ProviderKind::OpenAi, server.url());
    let app = crate::common::spawn_app_with(|c| c.mt = config).await;
    let token = app.admin_token().await;
    let client = create_client(&app, &token, "ACME").await;
    add(
        &app,
        &token,
        client,
        term("checkout", &["Kasse"], "preferred"),
    )
    .await;
    add(
        &app,
        &token,
        client,
        term("cart", &["Warenkorb"], "preferred"),
    )
    .await;
    add(
        &app,
        &token,
        client,
        term("account", &["Konto"], "preferred"),
    )
    .await;
    add(&app, &token, client, term("shop", &["Shop"], "forbidden")).await;
    // Entries none of the texts contain: they stay out of the prompt.
    for n in 0..50 {
        add(
            &app,
            &token,
            client,
            term(&format!("unused{n}"), &["x"], "preferred"),
        )
        .await;
    }
    let project = project_for(
        &app,
        &token,
        client,
        "Prompt",
        &["de"],
        &[
            "Go to <strong>checkout</strong>.",
            "Your carts in the shop.",
        ],
    )
    .await;
    let status = pretranslate(&app, &token, project).await;
    assert_eq!(status["state"], "done", "{status}");
    let requests = server.requests();
    assert_eq!(requests.len(), 1);
    let messages = requests[0].body["messages"].as_array().unwrap();
    assert!(
        messages[0]["content"]
            .as_str()
            .unwrap()
            .contains("client's terminology")
    );
    let user: Value = serde_json::from_str(messages[1]["content"].as_str().unwrap()).unwrap();
    assert_eq!(
        user["terms"],
        // In the termbase's (source) order.
        json!([
            { "source": "cart", "target": "Warenkorb" },
            { "source": "checkout", "target": "Kasse" },
        ])
    );
}
