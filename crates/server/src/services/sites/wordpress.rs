//! The Wordmark Connector's REST routes on a WordPress site (`/wp-json/wordmark/v1`), as its
//! README in `connectors/wordpress/wordmark-connector/` describes them: what the site is
//! (`GET /site`), its content (`GET /content`), one item as XLIFF (`GET /content/{id}/xliff`)
//! and a translation written back (`PUT /content/{id}/translations/{lang}`). Every failure is a [`Problem`] that says in
//! words a site's owner understands what to fix: the address, the certificate, the password,
//! the user's role, the plugin.

use std::{collections::BTreeMap, error::Error as _, time::Duration};

use reqwest::{StatusCode, Url};
use serde::{Deserialize, de::DeserializeOwned};
use time::OffsetDateTime;

/// The oldest plugin whose routes and answers this client reads.
pub const MIN_PLUGIN_VERSION: &str = "1.0.0";
/// An answer larger than this is no plugin's (a page of 100 items is some 60 KB).
const MAX_ANSWER_BYTES: usize = 4 << 20;
/// An item's XLIFF answer: the plugin accepts files up to 8 MiB by default, and a site may
/// raise that; JSON escaping grows the text a little.
const MAX_XLIFF_ANSWER_BYTES: usize = 16 << 20;
/// Items per page of the content listing: the most the plugin gives.
pub const PAGE_SIZE: u32 = 100;

/// What went wrong talking to a site.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("The site cannot be reached at {url}: {reason}.")]
    Unreachable { url: String, reason: String },
    #[error("The site's HTTPS certificate is not valid: {0}.")]
    Tls(String),
    #[error("The site did not answer within {0} seconds.")]
    Timeout(u64),
    #[error(
        "WordPress refused the user name or application password (401{code}). Check both; when they are right, the web server may drop the Authorization header before WordPress sees it."
    )]
    Unauthorized { code: String },
    #[error("The user may not edit others' posts: give them the Editor or Administrator role.")]
    Forbidden,
    #[error(
        "The site is served over plain HTTP; the plugin accepts application passwords over HTTPS only. Use the site's https:// address."
    )]
    HttpsRequired,
    #[error(
        "The Wordmark Connector plugin is not active on this site (no route /wordmark/v1). Install and activate it under Plugins."
    )]
    PluginMissing,
    #[error(
        "The Wordmark Connector plugin is version {found}; Wordmark needs {MIN_PLUGIN_VERSION} or later. Update it under Plugins."
    )]
    PluginTooOld { found: String },
    #[error("The site answered {status}: {message}")]
    Refused { status: u16, message: String },
    #[error("The site's answer is not the plugin's: {0}")]
    Unexpected(String),
    #[error(
        "The site sends Wordmark on to another address ({to}), which Wordmark does not follow with the site's password. If the site moved, enter its new address."
    )]
    Redirected { to: String },
}

impl Problem {
    /// A short name for the kind of problem, for the app and the tests.
    pub fn kind(&self) -> &'static str {
        match self {
            Problem::Unreachable { .. } => "unreachable",
            Problem::Tls(_) => "tls",
            Problem::Timeout(_) => "timeout",
            Problem::Unauthorized { .. } => "unauthorized",
            Problem::Forbidden => "forbidden",
            Problem::HttpsRequired => "https_required",
            Problem::PluginMissing => "plugin_missing",
            Problem::PluginTooOld { .. } => "plugin_too_old",
            Problem::Refused { .. } => "refused",
            Problem::Unexpected(_) => "unexpected",
            Problem::Redirected { .. } => "redirected",
        }
    }
}

/// Where and as whom to call a site.
pub struct Credentials<'a> {
    pub url: &'a str,
    pub username: &'a str,
    pub password: &'a str,
}

/// `GET /site`.
#[derive(Debug, Clone, Deserialize)]
pub struct SiteInfo {
    pub wordpress_version: String,
    pub plugin_version: String,
    pub multilingual: Multilingual,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Multilingual {
    pub plugin: String,
    pub default_language: String,
    pub languages: Vec<String>,
}

/// One page of `GET /content`.
#[derive(Debug, Deserialize)]
pub struct ContentPage {
    pub total: u64,
    pub total_pages: u32,
    pub items: Vec<ContentItem>,
}

#[derive(Debug, Deserialize)]
pub struct ContentItem {
    pub id: i64,
    #[serde(rename = "type")]
    pub post_type: String,
    pub title: String,
    pub status: String,
    pub parent: i64,
    #[serde(with = "time::serde::rfc3339")]
    pub modified: OffsetDateTime,
    pub hash: String,
    pub translations: BTreeMap<String, Option<ContentTranslation>>,
}

#[derive(Debug, Deserialize)]
pub struct ContentTranslation {
    pub id: i64,
    /// `None` for a translation the plugin did not write: whether it is current is unknown.
    pub source_changed: Option<bool>,
}

/// `GET /content/{id}/xliff`: the item in WPML's XLIFF layout.
#[derive(Debug, Deserialize)]
pub struct ItemXliff {
    pub filename: String,
    pub xliff: String,
}

/// `PUT /content/{id}/translations/{lang}`: the translated post written.
#[derive(Debug, Deserialize)]
pub struct Written {
    pub post_id: i64,
    #[serde(default)]
    pub edit_link: Option<String>,
}

/// WordPress's error object.
#[derive(Deserialize)]
struct WpError {
    code: String,
    #[serde(default)]
    message: String,
}

/// Calls sites; one per process (it keeps their connections).
#[derive(Clone)]
pub struct WordPress {
    http: reqwest::Client,
    /// How long one call may take, its whole answer read (`WORDMARK_SITE_TIMEOUT`).
    timeout: Duration,
}

impl WordPress {
    pub fn new(timeout: Duration) -> Self {
        let http = reqwest::Client::builder()
            .timeout(timeout)
            .user_agent(concat!("Wordmark/", env!("CARGO_PKG_VERSION")))
            // A site that moved to https:// redirects; a redirect anywhere else is not
            // followed, so the credentials never reach another host or travel unencrypted.
            .redirect(reqwest::redirect::Policy::custom(|attempt| {
                let allowed = attempt
                    .previous()
                    .last()
                    .is_some_and(|from| may_follow(from, attempt.url()));
                if attempt.previous().len() > 3 || !allowed {
                    attempt.stop()
                } else {
                    attempt.follow()
                }
            }))
            .build()
            .expect("the TLS backend is built in");
        Self { http, timeout }
    }

    /// What the site is, checked to be a plugin this client can work with.
    pub async fn site(&self, site: &Credentials<'_>) -> Result<SiteInfo, Problem> {
        let info: SiteInfo = self.get(site, "/site", &[]).await?;
        if version_below(&info.plugin_version, MIN_PLUGIN_VERSION) {
            return Err(Problem::PluginTooOld {
                found: info.plugin_version,
            });
        }
        Ok(info)
    }

    /// Page `page` (from 1) of the site's source content.
    pub async fn content(&self, site: &Credentials<'_>, page: u32) -> Result<ContentPage, Problem> {
        let page = page.to_string();
        let per_page = PAGE_SIZE.to_string();
        self.get(
            site,
            "/content",
            &[("page", page.as_str()), ("per_page", per_page.as_str())],
        )
        .await
    }

    /// Item `item` as XLIFF for translation into `lang`.
    pub async fn xliff(
        &self,
        site: &Credentials<'_>,
        item: i64,
        lang: &str,
    ) -> Result<ItemXliff, Problem> {
        let route = format!("/content/{item}/xliff");
        let query = [("lang", lang)];
        let request = Request::new(reqwest::Method::GET, &route, &query);
        self.call(site, request.capped(MAX_XLIFF_ANSWER_BYTES))
            .await
    }

    /// Writes `xliff` as item `item`'s translation into `lang`, as a post of `status`
    /// (`draft` or `publish`); the same item and language again updates the same post.
    pub async fn put_translation(
        &self,
        site: &Credentials<'_>,
        item: i64,
        lang: &str,
        status: &str,
        xliff: Vec<u8>,
    ) -> Result<Written, Problem> {
        let route = format!("/content/{item}/translations/{lang}");
        let query = [("status", status)];
        let mut request = Request::new(reqwest::Method::PUT, &route, &query);
        request.body = Some(xliff);
        self.call(site, request).await
    }

    async fn get<T: DeserializeOwned>(
        &self,
        site: &Credentials<'_>,
        route: &str,
        query: &[(&str, &str)],
    ) -> Result<T, Problem> {
        self.call(site, Request::new(reqwest::Method::GET, route, query))
            .await
    }

    async fn call<T: DeserializeOwned>(
        &self,
        site: &Credentials<'_>,
        request: Request<'_>,
    ) -> Result<T, Problem> {
        let route = request.route;
        let mut url = route_url(site.url, route)?;
        if !request.query.is_empty() {
            url.query_pairs_mut().extend_pairs(request.query);
        }
        let mut builder = self
            .http
            .request(request.method, url)
            .basic_auth(site.username, Some(site.password));
        if let Some(body) = request.body {
            builder = builder
                .header(reqwest::header::CONTENT_TYPE, "application/xml")
                .body(body);
        }
        let response = builder
            .send()
            .await
            .map_err(|error| transport_problem(&error, site.url, self.timeout))?;
        let status = response.status();
        if status.is_redirection() {
            // A redirect the policy did not follow.
            let to = response
                .headers()
                .get(reqwest::header::LOCATION)
                .and_then(|to| to.to_str().ok())
                .unwrap_or("an address it does not name");
            return Err(Problem::Redirected {
                to: to.chars().take(200).collect(),
            });
        }
        let body = read_bounded(response, request.max_answer, self.timeout).await?;
        if status.is_success() {
            return serde_json::from_slice(&body).map_err(|error| {
                if looks_like_html(&body) {
                    // WordPress answered with a page: its REST API is not under /wp-json.
                    Problem::PluginMissing
                } else {
                    Problem::Unexpected(format!("{route}: {error}"))
                }
            });
        }
        Err(refusal(status, &body))
    }
}

/// One call of a plugin route.
struct Request<'a> {
    method: reqwest::Method,
    route: &'a str,
    query: &'a [(&'a str, &'a str)],
    body: Option<Vec<u8>>,
    max_answer: usize,
}

impl<'a> Request<'a> {
    fn new(method: reqwest::Method, route: &'a str, query: &'a [(&'a str, &'a str)]) -> Self {
        Self {
            method,
            route,
            query,
            body: None,
            max_answer: MAX_ANSWER_BYTES,
        }
    }

    fn capped(mut self, max_answer: usize) -> Self {
        self.max_answer = max_answer;
        self
    }
}

/// Whether a redirect from `from` to `to` is followed: on the same host and port, or from
/// http:// to https:// on the same host; never back to http://.
fn may_follow(from: &Url, to: &Url) -> bool {
    let same_host = from.host_str() == to.host_str();
    let same_origin =
        from.scheme() == to.scheme() && from.port_or_known_default() == to.port_or_known_default();
    let upgrade = from.scheme() == "http" && to.scheme() == "https" && to.port().is_none();
    same_host && (same_origin || upgrade)
}

/// `{site}/wp-json/wordmark/v1{route}`; the site's address may carry the folder WordPress
/// lives in.
fn route_url(site: &str, route: &str) -> Result<Url, Problem> {
    Url::parse(&format!("{site}/wp-json/wordmark/v1{route}"))
        .map_err(|error| Problem::Unexpected(format!("the site's address {site}: {error}")))
}

fn looks_like_html(body: &[u8]) -> bool {
    let start = body
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(0);
    body.get(start) == Some(&b'<')
}

/// What a failed answer means, read from WordPress's error code when there is one.
fn refusal(status: StatusCode, body: &[u8]) -> Problem {
    let error: Option<WpError> = serde_json::from_slice(body).ok();
    let code = error.as_ref().map(|e| e.code.as_str()).unwrap_or_default();
    match (status.as_u16(), code) {
        (401, code) => Problem::Unauthorized {
            code: if code.is_empty() {
                String::new()
            } else {
                format!(", {code}")
            },
        },
        (403, "wordmark_https_required") => Problem::HttpsRequired,
        (403, "wordmark_forbidden") => Problem::Forbidden,
        (404, "rest_no_route") | (404, "") => Problem::PluginMissing,
        (status, _) => Problem::Refused {
            status,
            message: match error {
                Some(error) if !error.message.is_empty() => {
                    format!("{} ({})", error.message, error.code)
                }
                _ => String::from_utf8_lossy(&body[..body.len().min(200)])
                    .trim()
                    .to_owned(),
            },
        },
    }
}

/// A request that got no answer: the certificate, the time, or the address.
fn transport_problem(error: &reqwest::Error, url: &str, timeout: Duration) -> Problem {
    if error.is_timeout() {
        return Problem::Timeout(timeout.as_secs());
    }
    let mut reasons = Vec::new();
    let mut source = error.source();
    while let Some(cause) = source {
        reasons.push(cause.to_string());
        source = cause.source();
    }
    let reason = reasons.last().cloned().unwrap_or_else(|| error.to_string());
    // rustls's errors reach here as text in the chain: a certificate refused, an alert from
    // the peer, or a peer that does not speak TLS at all (a plain HTTP port).
    const TLS_WORDS: [&str; 5] = [
        "certificate",
        "corrupt message",
        "alert",
        "handshake",
        "tls",
    ];
    let tls = url.starts_with("https://")
        && reasons.iter().any(|reason| {
            let reason = reason.to_ascii_lowercase();
            TLS_WORDS.iter().any(|word| reason.contains(word))
        });
    if tls {
        Problem::Tls(reason)
    } else {
        Problem::Unreachable {
            url: url.to_owned(),
            reason,
        }
    }
}

async fn read_bounded(
    mut response: reqwest::Response,
    max: usize,
    timeout: Duration,
) -> Result<Vec<u8>, Problem> {
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|error| {
        if error.is_timeout() {
            Problem::Timeout(timeout.as_secs())
        } else {
            Problem::Unexpected(format!("the answer broke off: {error}"))
        }
    })? {
        if body.len() + chunk.len() > max {
            return Err(Problem::Unexpected(format!(
                "the answer is larger than {} MiB",
                max >> 20
            )));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// Whether dotted version `found` is below `wanted` (`1.0.0-beta` reads as 1.0.0).
pub(super) fn version_below(found: &str, wanted: &str) -> bool {
    fn parts(version: &str) -> Vec<u64> {
        version
            .split(['.', '-', '+'])
            .map_while(|part| part.parse().ok())
            .collect()
    }
    let (found, wanted) = (parts(found), parts(wanted));
    for i in 0..found.len().max(wanted.len()) {
        let (a, b) = (
            found.get(i).copied().unwrap_or(0),
            wanted.get(i).copied().unwrap_or(0),
        );
        if a != b {
            return a < b;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_compare_by_their_numbers() {
        assert!(version_below("0.9.12", "1.0.0"));
        assert!(!version_below("1.0.0", "1.0.0"));
        assert!(!version_below("1.0", "1.0.0"));
        assert!(!version_below("1.10.0", "1.9.0"));
        assert!(version_below("garbage", "1.0.0"));
    }

    #[test]
    fn redirects_stay_on_the_sites_host_and_never_leave_https() {
        let url = |text: &str| Url::parse(text).unwrap();
        let site = url("https://shop.example/wp-json/wordmark/v1/site");
        assert!(may_follow(
            &site,
            &url("https://shop.example/blog/wp-json/")
        ));
        assert!(may_follow(
            &url("http://shop.example/wp-json/"),
            &url("https://shop.example/wp-json/")
        ));
        for refused in [
            "https://evil.example/wp-json/",
            "http://shop.example/wp-json/",
            "https://shop.example:8443/wp-json/",
            "https://www.shop.example/wp-json/",
        ] {
            assert!(!may_follow(&site, &url(refused)), "{refused}");
        }
    }

    #[test]
    fn refusals_are_read_from_wordpress_error_codes() {
        let body =
            |code: &str| format!(r#"{{"code":"{code}","message":"m","data":{{"status":0}}}}"#);
        assert_eq!(
            refusal(
                StatusCode::FORBIDDEN,
                body("wordmark_https_required").as_bytes()
            ),
            Problem::HttpsRequired
        );
        assert_eq!(
            refusal(StatusCode::FORBIDDEN, body("wordmark_forbidden").as_bytes()),
            Problem::Forbidden
        );
        assert_eq!(
            refusal(StatusCode::NOT_FOUND, body("rest_no_route").as_bytes()),
            Problem::PluginMissing
        );
        assert_eq!(
            refusal(
                StatusCode::UNAUTHORIZED,
                body("incorrect_password").as_bytes()
            )
            .kind(),
            "unauthorized"
        );
        assert_eq!(
            refusal(StatusCode::INTERNAL_SERVER_ERROR, b"<html>fatal</html>"),
            Problem::Refused {
                status: 500,
                message: "<html>fatal</html>".into()
            }
        );
    }
}
