//! Fake DeepL: `POST /v2/translate`, `GET /v2/usage`, and the v3 multilingual glossaries
//! (`POST /v3/glossaries`, `GET`/`DELETE /v3/glossaries/{id}`, `PUT
//! /v3/glossaries/{id}/dictionaries`) with DeepL's limits. A translate request with a
//! `glossary_id` gets the glossary's target term for each source term found in its text.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use aho_corasick::{AhoCorasick, MatchKind};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::Response;
use axum::routing::{get, post, put};
use serde_json::{Value, json};

use super::{FakeServer, FakeState, Verdict, empty_response, json_response};
use crate::fragment::map_text;

const MAX_TEXTS: usize = 50;
const MAX_BODY: usize = 128 * 1024;
/// DeepL's glossary limits: 10 MiB of entries, 1024 bytes per term and name, 1000 glossaries.
const MAX_GLOSSARY_BYTES: usize = 10 * 1024 * 1024;
const MAX_TERM_BYTES: usize = 1024;
const MAX_GLOSSARIES: usize = 1000;

/// How many glossary requests the fake answered successfully, by kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GlossaryCounts {
    /// `POST /v3/glossaries`.
    pub created: usize,
    /// `PUT /v3/glossaries/{id}/dictionaries`.
    pub replaced: usize,
    /// `GET /v3/glossaries/{id}`.
    pub read: usize,
    /// `DELETE /v3/glossaries/{id}`.
    pub deleted: usize,
}

/// A language pair (lower-case base codes) and a dictionary's entries (source → target).
type Pair = (String, String);
type Entries = Vec<(String, String)>;
type Dictionaries = BTreeMap<Pair, Entries>;

/// The fake's glossaries.
#[derive(Default)]
pub(crate) struct Glossaries {
    by_id: BTreeMap<String, (String, Dictionaries)>,
    next: u64,
    pub(crate) counts: GlossaryCounts,
    /// Language pairs (lower-case base codes) the fake refuses glossaries for, as DeepL does
    /// for pairs it has no glossaries for.
    pub(crate) unsupported: Vec<(String, String)>,
    /// Each used dictionary's index, built at its first translate request and dropped when
    /// the glossary changes: a 5,000-entry glossary applied entry by entry to every text made
    /// the fake, not the server, the slowest part of the termbase benchmark.
    matchers: BTreeMap<(String, Pair), Arc<Matcher>>,
}

/// A dictionary's source terms in one automaton (longest match first), with their targets.
struct Matcher {
    sources: AhoCorasick,
    targets: Vec<String>,
}

impl Matcher {
    fn new(entries: &Entries) -> Self {
        let sources = AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostLongest)
            .build(entries.iter().map(|(source, _)| source))
            .expect("glossary terms are at most 1024 bytes each");
        let targets = entries.iter().map(|(_, target)| target.clone()).collect();
        Self { sources, targets }
    }
}

impl Glossaries {
    pub(crate) fn ids(&self) -> Vec<String> {
        self.by_id.keys().cloned().collect()
    }

    pub(crate) fn forget(&mut self) {
        self.by_id.clear();
        self.matchers.clear();
    }

    /// Drops the indexes of glossary `id` after it changed.
    fn changed(&mut self, id: &str) {
        self.matchers.retain(|(glossary, _), _| glossary != id);
    }

    fn refuse_pairs<'a>(
        &self,
        mut pairs: impl Iterator<Item = &'a (String, String)>,
    ) -> Option<Response> {
        pairs.any(|pair| self.unsupported.contains(pair)).then(|| {
            message(
                400,
                "Unsupported glossary language pair: no glossaries for this pair",
            )
        })
    }

    fn info(&self, id: &str) -> Option<Value> {
        let (name, dictionaries) = self.by_id.get(id)?;
        Some(json!({
            "glossary_id": id,
            "name": name,
            "dictionaries": dictionaries.iter().map(|((source, target), entries)| json!({
                "source_lang": source.to_uppercase(),
                "target_lang": target.to_uppercase(),
                "entry_count": entries.len(),
            })).collect::<Vec<_>>(),
            "creation_time": "2026-01-01T00:00:00.000Z",
        }))
    }
}

fn glossary_not_found() -> Response {
    message(404, "Glossary not found")
}

/// A dictionary of a request body, checked as DeepL does: TSV (the default) or CSV entries,
/// each term present, without surrounding spaces or control characters, at most 1024 bytes,
/// no source term twice.
// The refusal is the handler's whole answer, returned at once: boxing it buys nothing.
#[allow(clippy::result_large_err)]
fn read_dictionary(value: &Value) -> Result<(Pair, Entries), Response> {
    let field = |name: &str| value.get(name).and_then(Value::as_str);
    let (Some(source), Some(target)) = (field("source_lang"), field("target_lang")) else {
        return Err(message(400, "Missing source_lang or target_lang"));
    };
    let entries = field("entries").unwrap_or_default();
    let separator = match field("entries_format").unwrap_or("tsv") {
        "tsv" => '\t',
        "csv" => ',',
        other => {
            return Err(message(
                400,
                &format!("Unsupported entries_format '{other}'"),
            ));
        }
    };
    if entries.len() > MAX_GLOSSARY_BYTES {
        return Err(message(413, "Glossary too large"));
    }
    let invalid = |detail: String| {
        json_response(
            400,
            json!({ "message": "Invalid glossary entries provided", "detail": detail }),
        )
    };
    let mut read: Entries = Vec::new();
    for (index, line) in entries.lines().enumerate() {
        let Some((from, to)) = line.split_once(separator) else {
            return Err(invalid(format!(
                "Entry with the index {index} has no separator"
            )));
        };
        for term in [from, to] {
            if term.is_empty()
                || term.trim() != term
                || term.len() > MAX_TERM_BYTES
                || term.chars().any(char::is_control)
            {
                return Err(invalid(format!(
                    "Entry with the index {index} is not valid"
                )));
            }
        }
        if let Some(first) = read.iter().position(|(s, _)| s == from) {
            return Err(invalid(format!(
                "Key with the index {index} duplicates key with the index {first}"
            )));
        }
        read.push((from.to_owned(), to.to_owned()));
    }
    if read.is_empty() {
        return Err(invalid("No entries".into()));
    }
    Ok(((source.to_lowercase(), target.to_lowercase()), read))
}

struct Fake {
    state: Arc<FakeState>,
    auth: String,
}

/// Starts a fake DeepL that accepts `Authorization: DeepL-Auth-Key <api_key>`.
pub async fn deepl(api_key: &str) -> std::io::Result<FakeServer> {
    let state = FakeState::new();
    let fake = Arc::new(Fake {
        state: Arc::clone(&state),
        auth: format!("DeepL-Auth-Key {api_key}"),
    });
    let router = Router::new()
        .route("/v2/translate", post(translate))
        .route("/v2/usage", get(usage))
        .route("/v3/glossaries", post(create_glossary))
        .route(
            "/v3/glossaries/{id}",
            get(read_glossary).delete(delete_glossary),
        )
        .route("/v3/glossaries/{id}/dictionaries", put(replace_dictionary))
        .layer(axum::middleware::map_response(add_trace_id))
        .with_state(fake);
    FakeServer::start(router, state).await
}

/// Every DeepL answer carries an `X-Trace-ID`.
async fn add_trace_id(mut response: Response) -> Response {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let id = format!("fake-trace-{}", NEXT.fetch_add(1, Ordering::Relaxed));
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert("x-trace-id", value);
    }
    response
}

impl Fake {
    /// Like DeepL's mock: no User-Agent is a 400, a wrong key or scheme a 403 with no body.
    fn refuse(&self, headers: &HeaderMap) -> Option<Response> {
        if !headers.contains_key(header::USER_AGENT) {
            return Some(message(400, "User-Agent header missing"));
        }
        let auth = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok());
        (auth != Some(self.auth.as_str())).then(|| empty_response(403))
    }
}

fn message(status: u16, text: &str) -> Response {
    json_response(status, json!({ "message": text }))
}

async fn translate(State(fake): State<Arc<Fake>>, headers: HeaderMap, body: Bytes) -> Response {
    if let Some(refusal) = fake.refuse(&headers) {
        return refusal;
    }
    let _in_flight = fake.state.enter();
    let Ok(request) = serde_json::from_slice::<Value>(&body) else {
        return message(400, "Invalid request body: expected JSON");
    };
    // JSON bodies need an array: a bare string fails DeepL's request validation.
    let texts: Option<Vec<String>> =
        request
            .get("text")
            .and_then(Value::as_array)
            .and_then(|items| {
                items
                    .iter()
                    .map(|v| v.as_str().map(str::to_owned))
                    .collect()
            });
    let Some(texts) = texts else {
        return message(
            400,
            "Value for 'text' not supported: expected an array of strings.",
        );
    };
    let Some(target) = request.get("target_lang").and_then(Value::as_str) else {
        return message(400, "Value for 'target_lang' not supported.");
    };
    fake.state.record(body.len(), &request, &texts);
    if body.len() > MAX_BODY || texts.len() > MAX_TEXTS {
        return message(413, "Request Entity Too Large");
    }
    let glossary = match glossary_entries(&fake.state, &request, target) {
        Ok(entries) => entries,
        Err(refusal) => return refusal,
    };
    match fake.state.verdict(&texts).await {
        Verdict::Fail(status) => empty_response(status),
        Verdict::QuotaExceeded => {
            message(456, "Quota exceeded. The character limit has been reached.")
        }
        Verdict::Translate => {
            let detected = request
                .get("source_lang")
                .and_then(Value::as_str)
                .unwrap_or("EN")
                .to_uppercase();
            let texts: Vec<String> = texts
                .iter()
                .map(|text| apply_glossary(text, glossary.as_deref()))
                .collect();
            let translations: Vec<Value> = fake
                .state
                .translate(&texts, &target.to_uppercase())
                .into_iter()
                .map(|text| json!({ "detected_source_language": detected, "text": text }))
                .collect();
            json_response(200, json!({ "translations": translations }))
        }
    }
}

async fn usage(State(fake): State<Arc<Fake>>, headers: HeaderMap) -> Response {
    if let Some(refusal) = fake.refuse(&headers) {
        return refusal;
    }
    let (used, limit) = fake.state.usage();
    json_response(
        200,
        json!({ "character_count": used, "character_limit": limit }),
    )
}

// The refusal is the handler's whole answer, returned at once: boxing it buys nothing.
#[allow(clippy::result_large_err)]
/// The index of the request's glossary for its pair (none without a glossary). DeepL needs
/// `source_lang` with a glossary, and the glossary must hold the pair.
fn glossary_entries(
    state: &FakeState,
    request: &Value,
    target: &str,
) -> Result<Option<Arc<Matcher>>, Response> {
    let Some(id) = request.get("glossary_id").and_then(Value::as_str) else {
        return Ok(None);
    };
    let Some(source) = request.get("source_lang").and_then(Value::as_str) else {
        return Err(message(
            400,
            "Use of a glossary requires the source_lang parameter",
        ));
    };
    // Glossaries use base languages: EN-GB is served by an `en` dictionary.
    let base = |code: &str| code.split('-').next().unwrap_or(code).to_lowercase();
    let mut glossaries = state.glossaries();
    let Some((_, dictionaries)) = glossaries.by_id.get(id) else {
        return Err(glossary_not_found());
    };
    let pair = (base(source), base(target));
    let Some(entries) = dictionaries.get(&pair) else {
        return Err(message(
            400,
            "The glossary does not hold the language pair of the request",
        ));
    };
    let key = (id.to_owned(), pair);
    if let Some(matcher) = glossaries.matchers.get(&key) {
        return Ok(Some(Arc::clone(matcher)));
    }
    let matcher = Arc::new(Matcher::new(entries));
    glossaries.matchers.insert(key, Arc::clone(&matcher));
    Ok(Some(matcher))
}

/// Each text node with the glossary's source terms replaced by their targets, longest first.
fn apply_glossary(fragment: &str, glossary: Option<&Matcher>) -> String {
    match glossary {
        Some(glossary) => map_text(fragment, |text| {
            glossary.sources.replace_all(text, &glossary.targets)
        }),
        None => fragment.to_owned(),
    }
}

async fn create_glossary(
    State(fake): State<Arc<Fake>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Some(refusal) = fake.refuse(&headers) {
        return refusal;
    }
    let Ok(request) = serde_json::from_slice::<Value>(&body) else {
        return message(400, "Invalid request body: expected JSON");
    };
    let name = request
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if name.is_empty() || name.len() > MAX_TERM_BYTES {
        return message(400, "Invalid glossary name");
    }
    let Some(items) = request.get("dictionaries").and_then(Value::as_array) else {
        return message(400, "Missing dictionaries");
    };
    let mut dictionaries = Dictionaries::new();
    for item in items {
        match read_dictionary(item) {
            Ok((pair, entries)) => {
                dictionaries.insert(pair, entries);
            }
            Err(refusal) => return refusal,
        }
    }
    let mut glossaries = fake.state.glossaries();
    if let Some(refusal) = glossaries.refuse_pairs(dictionaries.keys()) {
        return refusal;
    }
    if glossaries.by_id.len() >= MAX_GLOSSARIES {
        return message(456, "Quota exceeded: the account holds 1000 glossaries");
    }
    glossaries.next += 1;
    let id = format!("fa4e0000-0000-4000-8000-{:012x}", glossaries.next);
    glossaries
        .by_id
        .insert(id.clone(), (name.to_owned(), dictionaries));
    glossaries.counts.created += 1;
    json_response(201, glossaries.info(&id).unwrap_or_default())
}

async fn read_glossary(
    State(fake): State<Arc<Fake>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    if let Some(refusal) = fake.refuse(&headers) {
        return refusal;
    }
    let mut glossaries = fake.state.glossaries();
    match glossaries.info(&id) {
        Some(info) => {
            glossaries.counts.read += 1;
            json_response(200, info)
        }
        None => glossary_not_found(),
    }
}

async fn delete_glossary(
    State(fake): State<Arc<Fake>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    if let Some(refusal) = fake.refuse(&headers) {
        return refusal;
    }
    let mut glossaries = fake.state.glossaries();
    if glossaries.by_id.remove(&id).is_none() {
        return glossary_not_found();
    }
    glossaries.changed(&id);
    glossaries.counts.deleted += 1;
    empty_response(204)
}

async fn replace_dictionary(
    State(fake): State<Arc<Fake>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Some(refusal) = fake.refuse(&headers) {
        return refusal;
    }
    let Ok(request) = serde_json::from_slice::<Value>(&body) else {
        return message(400, "Invalid request body: expected JSON");
    };
    let (pair, entries) = match read_dictionary(&request) {
        Ok(read) => read,
        Err(refusal) => return refusal,
    };
    let mut glossaries = fake.state.glossaries();
    if let Some(refusal) = glossaries.refuse_pairs(std::iter::once(&pair)) {
        return refusal;
    }
    let Some((_, dictionaries)) = glossaries.by_id.get_mut(&id) else {
        return glossary_not_found();
    };
    let count = entries.len();
    dictionaries.insert(pair.clone(), entries);
    glossaries.changed(&id);
    glossaries.counts.replaced += 1;
    json_response(
        200,
        json!({
            "source_lang": pair.0.to_uppercase(),
            "target_lang": pair.1.to_uppercase(),
            "entry_count": count,
        }),
    )
}
