//! A fake Wordmark Connector on a local port: the plugin's `/site` and `/content` answers of a
//! one-page WPML site, or a misbehaviour (an answer past the caps, no answer in time, JSON cut
//! short, a redirect to another host, an internal error), switched while a test runs.

use std::{
    sync::{
        Arc, Mutex,
        atomic::{AtomicUsize, Ordering},
    },
    time::Duration,
};

use axum::{
    Router,
    extract::State,
    http::{StatusCode, Uri, header},
    response::{IntoResponse, Response},
};
use serde_json::json;

/// The item the fake site lists.
pub const ITEM: i64 = 7;

#[derive(Clone, Copy, Debug)]
pub enum Behaviour {
    Plugin,
    /// An answer past every cap: 4 MiB for the plugin's answers, 16 MiB for an item's XLIFF.
    Huge,
    /// No answer for `Fake::slow` (longer than the app's timeout).
    Slow,
    Malformed,
    RedirectElsewhere,
    ServerError,
}

pub struct FakeSite {
    /// The site's address.
    pub url: String,
    behaviour: Mutex<Behaviour>,
    plugin_version: Mutex<String>,
    slow: Duration,
    /// Another host, where a redirect sends the caller, and how many requests reached it.
    elsewhere: String,
    pub reached_elsewhere: Arc<AtomicUsize>,
}

impl FakeSite {
    /// A site answering as plugin `plugin_version`; when slow, answering after `slow`.
    pub async fn start(plugin_version: &str, slow: Duration) -> Arc<FakeSite> {
        let reached = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&reached);
        let elsewhere = serve(
            "127.0.0.2:0",
            Router::new().fallback(move || {
                counter.fetch_add(1, Ordering::SeqCst);
                async { "{}" }
            }),
        )
        .await;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let site = Arc::new(FakeSite {
            url: format!("http://{}", listener.local_addr().unwrap()),
            behaviour: Mutex::new(Behaviour::Plugin),
            plugin_version: Mutex::new(plugin_version.to_owned()),
            slow,
            elsewhere,
            reached_elsewhere: reached,
        });
        let router = Router::new().fallback(answer).with_state(Arc::clone(&site));
        tokio::spawn(async move { axum::serve(listener, router).await });
        site
    }

    pub fn behave(&self, behaviour: Behaviour) {
        *self.behaviour.lock().unwrap() = behaviour;
    }

    pub fn set_plugin_version(&self, version: &str) {
        *self.plugin_version.lock().unwrap() = version.to_owned();
    }
}

async fn serve(address: &str, router: Router) -> String {
    let listener = tokio::net::TcpListener::bind(address).await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await });
    url
}

/// The plugin's answer to `uri`, or the misbehaviour set.
async fn answer(State(site): State<Arc<FakeSite>>, uri: Uri) -> Response {
    let behaviour = *site.behaviour.lock().unwrap();
    let route = uri
        .path()
        .strip_prefix("/wp-json/wordmark/v1")
        .unwrap_or_default();
    match behaviour {
        Behaviour::Plugin => match route {
            "/site" => axum::Json(json!({
                "wordpress_version": "6.8",
                "plugin_version": *site.plugin_version.lock().unwrap(),
                "multilingual": { "plugin": "wpml", "default_language": "en", "languages": ["en", "de"] },
            }))
            .into_response(),
            "/content" => axum::Json(json!({
                "total": 1, "total_pages": 1,
                "items": [{
                    "id": ITEM, "type": "page", "title": "About", "status": "publish", "parent": 0,
                    "modified": "2026-11-02T10:00:00Z", "hash": "h1", "translations": { "de": null },
                }],
            }))
            .into_response(),
            _ => StatusCode::NOT_FOUND.into_response(),
        },
        Behaviour::Huge => vec![b' '; 17 << 20].into_response(),
        Behaviour::Slow => {
            tokio::time::sleep(site.slow).await;
            axum::Json(json!({})).into_response()
        }
        Behaviour::Malformed => (
            [(header::CONTENT_TYPE, "application/json")],
            r#"{"wordpress_version": "6.8", "plugin_version": "#,
        )
            .into_response(),
        Behaviour::RedirectElsewhere => (
            StatusCode::FOUND,
            [(header::LOCATION, format!("{}{}", site.elsewhere, uri))],
        )
            .into_response(),
        Behaviour::ServerError => (
            StatusCode::INTERNAL_SERVER_ERROR,
            "<html>Fatal error: Allowed memory size exhausted</html>",
        )
            .into_response(),
    }
}
