//! Health, build info, OpenAPI, dashboard, security headers, body limit, compression and the web
//! app.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{error_message, is_postgres, json_body, spawn_app, spawn_app_with};
use crate::translation::{create_project, zip_of_fixtures};

#[tokio::test]
async fn healthz_reports_ok_without_a_token() {
    let app = spawn_app().await;
    let response = app.client.get(app.url("/healthz")).send().await.unwrap();
    assert_eq!(
        json_body(response, StatusCode::OK).await,
        json!({ "status": "ok" })
    );
}

#[tokio::test]
async fn build_info_names_version_commit_date_and_database() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let info = json_body(app.build_info(&token).await, StatusCode::OK).await;
    assert_eq!(info["version"], env!("CARGO_PKG_VERSION"));
    assert!(!info["commit"].as_str().unwrap().is_empty());
    assert!(info["build_date"].as_str().unwrap().ends_with('Z'));
    let expected = if is_postgres() {
        "postgresql"
    } else {
        "sqlite"
    };
    assert_eq!(info["database"], expected);
}

#[tokio::test]
async fn dashboard_counts_start_at_zero() {
    let app = spawn_app().await;
    let token = app.editor_token().await;
    let counts = json_body(app.dashboard(&token).await, StatusCode::OK).await;
    assert_eq!(
        counts,
        json!({ "clients": 0, "translation_projects": 0, "rebranding_projects": 0 })
    );
}

/// Every built route, as the OpenAPI document must list it.
const DOCUMENTED: &[(&str, &str)] = &[
    ("/auth/login", "post"),
    ("/auth/logout", "post"),
    ("/api/user", "get"),
    ("/api/user", "post"),
    ("/api/user/{username}", "get"),
    ("/api/user/{username}", "put"),
    ("/api/user/{username}", "delete"),
    ("/api/client", "get"),
    ("/api/client", "post"),
    ("/api/client/{id}", "get"),
    ("/api/client/{id}", "put"),
    ("/api/client/{id}", "delete"),
    ("/api/client/{id}/logo", "get"),
    ("/api/dashboard", "get"),
    ("/api/build-info", "get"),
    ("/api/openapi.json", "get"),
    ("/healthz", "get"),
];

#[tokio::test]
async fn openapi_document_is_public_and_lists_every_route() {
    let app = spawn_app().await;
    let response = app.openapi().await;
    let doc: Value = json_body(response, StatusCode::OK).await;
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    for (path, method) in DOCUMENTED {
        assert!(
            doc["paths"][path][method].is_object(),
            "{method} {path} is not documented"
        );
    }
    assert!(doc["components"]["securitySchemes"]["bearer_token"].is_object());
    let user = &doc["components"]["schemas"]["UserResponse"]["properties"];
    assert!(user["username"].is_object() && user.get("password").is_none());
}

#[tokio::test]
async fn every_answer_carries_the_security_headers_and_a_request_id() {
    let app = spawn_app().await;
    // By hand, on purpose: anonymous requests (no token at all) to a public path, an API path
    // and the app.
    let answers = [
        app.client.get(app.url("/healthz")).send().await.unwrap(),
        app.client.get(app.url("/api/user")).send().await.unwrap(), // 401
        app.client.get(app.url("/clients")).send().await.unwrap(),  // the app (or 404)
    ];
    for response in answers {
        let headers = response.headers();
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("default-src 'self'"), "{csp}");
        assert!(
            csp.contains("script-src 'self'") && !csp.contains("script-src 'self' 'unsafe-inline'")
        );
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(headers["referrer-policy"], "no-referrer");
        assert_eq!(headers["x-frame-options"], "DENY");
        assert!(!headers["x-request-id"].is_empty());
    }
    // Anonymous, as above.
    let api = app.client.get(app.url("/api/user")).send().await.unwrap();
    assert_eq!(api.headers()["cache-control"], "no-store");
    // A request id sent by a proxy is kept.
    let traced = app
        .client
        .get(app.url("/healthz"))
        .header("x-request-id", "trace-me-42")
        .send()
        .await
        .unwrap();
    assert_eq!(traced.headers()["x-request-id"], "trace-me-42");
}

#[tokio::test]
async fn bodies_over_the_limit_get_413() {
    let app = spawn_app_with(|c| c.max_upload_bytes = 1024).await;
    let token = app.admin_token().await;
    let big = json!({ "username": "x".repeat(2000) });
    let response = app.users().create(&token, big).await;
    let message = error_message(response, StatusCode::PAYLOAD_TOO_LARGE).await;
    assert!(message.contains("1024"), "{message}");
    // Below the limit the same call is judged on its content.
    let small = json!({ "username": "x" });
    let response = app.users().create(&token, small).await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn the_web_app_is_served_with_a_fallback_to_index_html() {
    let dir = std::env::temp_dir().join(format!(
        "wordmark-web-{}",
        hex::encode(rand::random::<[u8; 6]>())
    ));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>Wordmark</title>",
    )
    .unwrap();
    std::fs::write(dir.join("assets/app-3f2a.js"), "console.log(1)").unwrap();
    let web_dir = dir.clone();
    let app = spawn_app_with(move |c| c.web_dir = Some(web_dir)).await;

    for path in ["/", "/clients/3", "/admin/user/jane.doe"] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert!(
            response.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/html")
        );
        assert_eq!(response.headers()["cache-control"], "no-cache");
        assert!(
            response
                .text()
                .await
                .unwrap()
                .contains("<title>Wordmark</title>")
        );
    }
    let script = app
        .client
        .get(app.url("/assets/app-3f2a.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(script.status(), StatusCode::OK);
    assert!(
        script.headers()["content-type"]
            .to_str()
            .unwrap()
            .contains("javascript")
    );
    assert!(
        script.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable")
    );

    let missing = app
        .client
        .get(app.url("/assets/gone-1234.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    let escape = app
        .client
        .get(app.url("/%2e%2e/%2e%2e/etc/passwd"))
        .send()
        .await
        .unwrap();
    assert!(!escape.text().await.unwrap().contains("root:"));
    let unknown_auth = app
        .client
        .post(app.url("/auth/nothing"))
        .send()
        .await
        .unwrap();
    error_message(unknown_auth, StatusCode::NOT_FOUND).await;
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn the_web_app_sends_a_precompressed_copy_to_browsers_that_accept_it() {
    let dir = std::env::temp_dir().join(format!(
        "wordmark-web-{}",
        hex::encode(rand::random::<[u8; 6]>())
    ));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    // The copies' bytes differ from the plain file's, so the body shows which one was sent.
    for (name, body) in [
        ("index.html", "<!doctype html><title>Wordmark</title>"),
        ("index.html.br", "brotli index"),
        ("index.html.gz", "gzip index"),
        ("assets/app-3f2a.js", "console.log(1)"),
        ("assets/app-3f2a.js.br", "brotli script"),
        ("assets/app-3f2a.js.gz", "gzip script"),
        ("assets/small-9c1d.js", "1"),
    ] {
        std::fs::write(dir.join(name), body).unwrap();
    }
    let web_dir = dir.clone();
    let app = spawn_app_with(move |c| c.web_dir = Some(web_dir)).await;

    let get = |path: &'static str, accept: Option<&'static str>| {
        let mut request = app.client.get(app.url(path));
        if let Some(accept) = accept {
            request = request.header("accept-encoding", accept);
        }
        request.send()
    };
    let cases = [
        (
            "/assets/app-3f2a.js",
            Some("gzip, deflate, br, zstd"),
            Some("br"),
            "brotli script",
        ),
        (
            "/assets/app-3f2a.js",
            Some("gzip"),
            Some("gzip"),
            "gzip script",
        ),
        (
            "/assets/app-3f2a.js",
            Some("br;q=0, gzip"),
            Some("gzip"),
            "gzip script",
        ),
        ("/assets/app-3f2a.js", None, None, "console.log(1)"),
        // A file without copies (the build writes none that would be larger) is sent plain.
        ("/assets/small-9c1d.js", Some("br"), None, "1"),
        // The app's routes get index.html, compressed like any file.
        ("/clients/3", Some("br"), Some("br"), "brotli index"),
    ];
    for (path, accept, encoding, body) in cases {
        let response = get(path, accept).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path} {accept:?}");
        let headers = response.headers().clone();
        assert_eq!(
            headers.get("content-encoding").map(|v| v.to_str().unwrap()),
            encoding,
            "{path} {accept:?}"
        );
        assert_eq!(headers["vary"], "accept-encoding", "{path} {accept:?}");
        let content_type = headers["content-type"].to_str().unwrap();
        let cache = headers["cache-control"].to_str().unwrap();
        if path.starts_with("/assets/") {
            assert!(content_type.contains("javascript"), "{content_type}");
            assert!(cache.contains("immutable"), "{cache}");
        } else {
            assert!(content_type.starts_with("text/html"), "{content_type}");
            assert_eq!(cache, "no-cache");
        }
        assert_eq!(
            headers["content-length"].to_str().unwrap(),
            body.len().to_string()
        );
        assert_eq!(response.text().await.unwrap(), body, "{path} {accept:?}");
    }
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn api_answers_are_compressed_when_that_pays() {
    let app = spawn_app().await;
    // By hand, on purpose: the point is the `Accept-Encoding` header.
    let openapi = |accept: Option<&'static str>| {
        let mut request = app.client.get(app.url("/api/openapi.json"));
        if let Some(accept) = accept {
            request = request.header("accept-encoding", accept);
        }
        request.send()
    };
    let plain = openapi(None).await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    let plain_length = plain.bytes().await.unwrap().len();
    for (accept, encoding) in [("gzip, deflate, br", "br"), ("gzip", "gzip")] {
        let response = openapi(Some(accept)).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()["content-encoding"], encoding, "{accept}");
        assert_eq!(response.headers()["vary"], "accept-encoding");
        let compressed = response.bytes().await.unwrap().len();
        assert!(
            compressed * 4 < plain_length,
            "{encoding}: {compressed} of {plain_length} bytes"
        );
    }

    // A few bytes are not worth it.
    let health = app
        .client
        .get(app.url("/healthz"))
        .header("accept-encoding", "br")
        .send()
        .await
        .unwrap();
    assert!(health.headers().get("content-encoding").is_none());

    // A zip download is compressed already: it is sent as it is.
    let token = app.admin_token().await;
    let project = create_project(
        &app,
        &token,
        "Compressed",
        zip_of_fixtures(&["wpml-10-doctype.xliff"]),
    )
    .await;
    // By hand, on purpose: the point is the `Accept-Encoding` header, which typed requests
    // do not send.
    let download = app
        .request(
            Method::POST,
            &format!("/api/translation/{}/download-xliff", project["id"]),
            Some(&token),
        )
        .header("accept-encoding", "br, gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(download.status(), StatusCode::OK);
    assert_eq!(download.headers()["content-type"], "application/zip");
    assert!(download.headers().get("content-encoding").is_none());
    assert!(download.bytes().await.unwrap().starts_with(b"PK"));
}

/// One sample line of the text format: `name{label="value",...} number`.
fn parse_sample(line: &str) -> (String, Vec<(String, String)>, f64) {
    let (series, value) = line.rsplit_once(' ').expect("a sample has a value");
    let value: f64 = value.parse().unwrap_or_else(|_| panic!("a number: {line}"));
    let (name, labels) = match series.split_once('{') {
        Some((name, rest)) => {
            let body = rest.strip_suffix('}').expect("labels end with }");
            let labels = body
                .split("\",")
                .filter(|pair| !pair.is_empty())
                .map(|pair| {
                    let (key, value) = pair.split_once("=\"").expect("label=\"value\"");
                    (key.to_owned(), value.trim_end_matches('"').to_owned())
                })
                .collect();
            (name, labels)
        }
        None => (series, Vec::new()),
    };
    assert!(
        name.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':'),
        "metric name {name}"
    );
    (name.to_owned(), labels, value)
}

/// The value of the sample called `name` whose labels include `labels`; 0 when there is none.
fn sample(text: &str, name: &str, labels: &[(&str, &str)]) -> f64 {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(parse_sample)
        .filter(|(n, ls, _)| {
            n == name
                && labels
                    .iter()
                    .all(|(k, v)| ls.iter().any(|(lk, lv)| lk == k && lv == v))
        })
        .map(|(_, _, value)| value)
        .sum()
}

#[tokio::test]
async fn metrics_need_their_token_and_count_requests_runs_and_uploads() {
    use wordmark_mt::{ProviderConfig, ProviderKind};
    let off = spawn_app().await;
    let response = off.client.get(off.url("/metrics")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);

    let app = spawn_app_with(|c| {
        c.metrics_token = Some(wordmark_server::config::Secret::new("scrape-token"));
        c.mt = ProviderConfig::new(ProviderKind::Pseudo);
    })
    .await;
    let token = app.editor_token().await;
    let files = crate::mt_support::files(2, &["Hello <b>world</b>", "Second text."]);
    let project = crate::mt_support::create_project(&app, &token, "Metrics", None, &files).await;
    crate::mt_support::pretranslate(&app, &token, project).await;
    app.translation(999999).get(&token).await;

    let scrape = |bearer: &str| {
        app.client
            .get(app.url("/metrics"))
            .bearer_auth(bearer)
            .send()
    };
    assert_eq!(
        scrape("wrong").await.unwrap().status(),
        StatusCode::UNAUTHORIZED
    );
    let anonymous = app.client.get(app.url("/metrics")).send().await.unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);

    let response = scrape("scrape-token").await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        response.headers()[reqwest::header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/plain; version=0.0.4")
    );
    let text = response.text().await.unwrap();
    // Every line is a comment or a well-formed sample.
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        parse_sample(line);
    }
    assert!(
        text.contains("# TYPE wordmark_http_requests_total counter"),
        "{text}"
    );
    assert!(text.contains("# TYPE wordmark_http_request_duration_seconds histogram"));

    // By route template, never by concrete path.
    let created = [
        ("method", "POST"),
        ("route", "/api/translation"),
        ("status", "201"),
    ];
    assert!(sample(&text, "wordmark_http_requests_total", &created) >= 1.0);
    let missing = [("route", "/api/translation/{id}"), ("status", "404")];
    assert!(sample(&text, "wordmark_http_requests_total", &missing) >= 1.0);
    assert!(!text.contains("/api/translation/999999"));
    let latency = [
        ("method", "POST"),
        ("route", "/api/translation"),
        ("le", "+Inf"),
    ];
    assert!(
        sample(
            &text,
            "wordmark_http_request_duration_seconds_bucket",
            &latency
        ) >= 1.0
    );
    assert!(
        sample(
            &text,
            "wordmark_upload_bytes_count",
            &[("route", "/api/translation")]
        ) >= 1.0
    );

    let pseudo = [("provider", "pseudo"), ("outcome", "ok")];
    assert!(sample(&text, "wordmark_mt_requests_total", &pseudo) >= 1.0);
    assert!(
        sample(
            &text,
            "wordmark_mt_characters_total",
            &[("provider", "pseudo")]
        ) > 0.0
    );
    assert!(text.contains("wordmark_runs{state=\"working\"}"), "{text}");
    assert!(
        text.contains("wordmark_db_connections{state=\"idle\"}"),
        "{text}"
    );
    assert!(text.contains("wordmark_audit_write_failures "), "{text}");
}
