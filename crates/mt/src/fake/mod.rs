//! Fake provider servers for tests and benchmarks: real HTTP on `127.0.0.1:0`, speaking each
//! provider's protocol with its documented limits and error codes, plus knobs to inject the
//! failures real services produce (429/5xx bursts, spent quota, hanging requests, damaged
//! markup), and counts of every text received and billed, so tests can prove nothing was
//! translated twice. "Translation" is deterministic: every text node gets the target code as prefix
//! (`Hello <x id="1"/>` → `DE:Hello <x id="1"/>`), so tests can assert on it.

mod deepl;
mod google;
mod libretranslate;
mod openai;

pub use deepl::{GlossaryCounts, deepl};
pub use google::google;
pub use libretranslate::libretranslate;
pub use openai::openai;

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::Router;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Json, Response};

use crate::config::ProviderKind;
use crate::error::MtError;
use crate::fragment::map_text;
use crate::provider::{Batch, BatchLimits, Provider, Usage};

/// A provider address that makes [`crate::build`] return a provider that panics on every
/// request (with any provider kind): for tests that a panic while translating is caught and
/// reported, never leaving the work half done and silent.
pub const PANICKING_URL: &str = "fake://panic";

/// Panics when asked to translate, as a bug in a provider's code would.
pub(crate) struct Panicking;

impl Provider for Panicking {
    fn kind(&self) -> ProviderKind {
        ProviderKind::Pseudo
    }

    fn label(&self) -> String {
        "Fake provider that panics".to_owned()
    }

    fn limits(&self) -> BatchLimits {
        crate::providers::pseudo::LIMITS
    }

    fn empty_request_bytes(&self, _batch: &Batch) -> usize {
        0
    }

    fn translate<'a>(
        &'a self,
        batch: &'a Batch,
    ) -> futures::future::BoxFuture<'a, Result<Vec<String>, MtError>> {
        Box::pin(async move { panic!("the fake provider panics on {} texts", batch.texts.len()) })
    }

    fn usage(&self) -> futures::future::BoxFuture<'_, Result<Option<Usage>, MtError>> {
        Box::pin(async { Ok(None) })
    }

    fn check(&self) -> futures::future::BoxFuture<'_, Result<(), MtError>> {
        Box::pin(async { Ok(()) })
    }
}

/// How a fake damages its answers (what real providers sometimes do to markup).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Damage {
    /// Drops the first `<x …/>` of each text that has one.
    DropStandalone,
    /// Drops the first `</g>` of each text that has one.
    UnbalancePaired,
    /// Answers one translation fewer than texts were sent.
    MissingItem,
}

/// One request the fake received on its translate endpoint.
#[derive(Debug, Clone)]
pub struct RecordedRequest {
    /// Size of the raw body.
    pub body_bytes: usize,
    pub body: serde_json::Value,
    pub texts: usize,
}

#[derive(Default)]
struct Knobs {
    latency: Duration,
    hang: bool,
    /// Requests still to hang (each one once), before the other knobs.
    hang_next: usize,
    damage: Option<Damage>,
    /// Statuses answered instead of translating, first to last.
    failures: VecDeque<u16>,
    character_limit: Option<u64>,
    characters_used: u64,
    recording: bool,
    /// OpenAI fake only: answer 400 to requests with `response_format`, like older servers.
    reject_json_mode: bool,
}

/// What a handler must do after the common checks.
pub(crate) enum Verdict {
    Translate,
    Fail(u16),
    QuotaExceeded,
}

/// State shared by a fake's handlers and the test that owns it.
pub(crate) struct FakeState {
    knobs: Mutex<Knobs>,
    requests: Mutex<Vec<RecordedRequest>>,
    request_count: AtomicUsize,
    text_count: AtomicUsize,
    in_flight: AtomicUsize,
    peak_in_flight: AtomicUsize,
    /// Translate requests that reached the verdict, in arrival order.
    admitted: AtomicUsize,
    /// Requests admitted from this index on wait until it is `None` again.
    hold_from: tokio::sync::watch::Sender<Option<usize>>,
    /// Per text: how often it was received, and how often translated (billed).
    texts: Mutex<HashMap<String, TextCount>>,
    /// DeepL fake only: its v3 glossaries.
    glossaries: Mutex<deepl::Glossaries>,
}

/// How often one text reached the fake.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TextCount {
    /// In any translate request, answered or not (a timed-out request counts).
    pub received: usize,
    /// In a request answered with translations: what a provider bills.
    pub billed: usize,
}

impl FakeState {
    fn new() -> Arc<Self> {
        Arc::new(Self {
            knobs: Mutex::new(Knobs {
                recording: true,
                ..Knobs::default()
            }),
            requests: Mutex::new(Vec::new()),
            request_count: AtomicUsize::new(0),
            text_count: AtomicUsize::new(0),
            in_flight: AtomicUsize::new(0),
            peak_in_flight: AtomicUsize::new(0),
            admitted: AtomicUsize::new(0),
            hold_from: tokio::sync::watch::Sender::new(None),
            texts: Mutex::new(HashMap::new()),
            glossaries: Mutex::new(deepl::Glossaries::default()),
        })
    }

    pub(crate) fn glossaries(&self) -> MutexGuard<'_, deepl::Glossaries> {
        self.glossaries.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn knobs(&self) -> MutexGuard<'_, Knobs> {
        self.knobs.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Counts the request as in flight until the guard is dropped (also when the client gives
    /// up and the handler is cancelled).
    pub(crate) fn enter(self: &Arc<Self>) -> InFlight {
        let now = self.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
        self.peak_in_flight.fetch_max(now, Ordering::SeqCst);
        InFlight(Arc::clone(self))
    }

    fn text_counts(&self) -> MutexGuard<'_, HashMap<String, TextCount>> {
        self.texts.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(crate) fn record(&self, body_bytes: usize, body: &serde_json::Value, texts: &[String]) {
        {
            let mut counts = self.text_counts();
            for text in texts {
                counts.entry(text.clone()).or_default().received += 1;
            }
        }
        let texts = texts.len();
        self.request_count.fetch_add(1, Ordering::SeqCst);
        self.text_count.fetch_add(texts, Ordering::SeqCst);
        if self.knobs().recording {
            let request = RecordedRequest {
                body_bytes,
                body: body.clone(),
                texts,
            };
            self.requests
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .push(request);
        }
    }

    /// Holding, latency, hanging and injected failures, then the quota for the texts'
    /// characters; translated texts are counted as billed.
    pub(crate) async fn verdict(&self, texts: &[String]) -> Verdict {
        let index = self.admitted.fetch_add(1, Ordering::SeqCst);
        let mut hold = self.hold_from.subscribe();
        // Only fails when the state is dropped, i.e. never while a handler runs.
        let _ = hold
            .wait_for(|from| from.is_none_or(|from| index < from))
            .await;
        let (latency, hang) = {
            let mut knobs = self.knobs();
            let hang_once = knobs.hang_next > 0;
            knobs.hang_next = knobs.hang_next.saturating_sub(1);
            (knobs.latency, knobs.hang || hang_once)
        };
        if hang {
            std::future::pending::<()>().await;
        }
        let characters = characters(texts);
        if !latency.is_zero() {
            tokio::time::sleep(latency).await;
        }
        let mut knobs = self.knobs();
        if let Some(status) = knobs.failures.pop_front() {
            return Verdict::Fail(status);
        }
        if knobs
            .character_limit
            .is_some_and(|limit| knobs.characters_used + characters > limit)
        {
            return Verdict::QuotaExceeded;
        }
        knobs.characters_used += characters;
        drop(knobs);
        let mut counts = self.text_counts();
        for text in texts {
            counts.entry(text.clone()).or_default().billed += 1;
        }
        Verdict::Translate
    }

    pub(crate) fn rejects_json_mode(&self) -> bool {
        self.knobs().reject_json_mode
    }

    pub(crate) fn usage(&self) -> (u64, u64) {
        let knobs = self.knobs();
        (
            knobs.characters_used,
            knobs.character_limit.unwrap_or(500_000),
        )
    }

    /// The fake translation of every text, damaged as configured.
    pub(crate) fn translate(&self, texts: &[String], target: &str) -> Vec<String> {
        let damage = self.knobs().damage;
        let mut out: Vec<String> = texts
            .iter()
            .map(|text| {
                let translated = fake_translate(text, target);
                match damage {
                    Some(Damage::DropStandalone) => drop_first_standalone(&translated),
                    Some(Damage::UnbalancePaired) => translated.replacen("</g>", "", 1),
                    Some(Damage::MissingItem) | None => translated,
                }
            })
            .collect();
        if damage == Some(Damage::MissingItem) {
            out.pop();
        }
        out
    }
}

pub(crate) struct InFlight(Arc<FakeState>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The fakes' deterministic "translation": `target:` before every non-blank text node.
pub fn fake_translate(fragment: &str, target: &str) -> String {
    map_text(fragment, |text| {
        if text.trim().is_empty() {
            text.to_owned()
        } else {
            format!("{target}:{text}")
        }
    })
}

fn drop_first_standalone(fragment: &str) -> String {
    let Some(start) = fragment.find("<x ") else {
        return fragment.to_owned();
    };
    match fragment[start..].find("/>") {
        Some(end) => format!("{}{}", &fragment[..start], &fragment[start + end + 2..]),
        None => fragment.to_owned(),
    }
}

/// A JSON answer with `status`.
pub(crate) fn json_response(status: u16, body: serde_json::Value) -> Response {
    (status_code(status), Json(body)).into_response()
}

/// An answer with `status` and no body (what DeepL sends for 403, 429 and most 5xx).
pub(crate) fn empty_response(status: u16) -> Response {
    status_code(status).into_response()
}

fn status_code(status: u16) -> StatusCode {
    StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
}

/// The strings of a JSON value that is a string or an array of strings (`q` accepts both).
pub(crate) fn string_or_array(value: Option<&serde_json::Value>) -> Option<Vec<String>> {
    match value? {
        serde_json::Value::String(s) => Some(vec![s.clone()]),
        serde_json::Value::Array(items) => items
            .iter()
            .map(|v| v.as_str().map(str::to_owned))
            .collect(),
        _ => None,
    }
}

/// Number of Unicode code points, the unit providers bill.
pub(crate) fn characters(texts: &[String]) -> u64 {
    texts.iter().map(|t| t.chars().count() as u64).sum()
}

/// A running fake; the server stops when this is dropped.
pub struct FakeServer {
    url: String,
    state: Arc<FakeState>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for FakeServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl FakeServer {
    pub(crate) async fn start(router: Router, state: Arc<FakeState>) -> std::io::Result<Self> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let url = format!("http://{}", listener.local_addr()?);
        let task = tokio::spawn(async move {
            if let Err(error) = axum::serve(listener, router).await {
                tracing::error!(%error, "fake provider server stopped");
            }
        });
        Ok(Self { url, state, task })
    }

    /// The base address to configure the client with (`http://127.0.0.1:PORT`).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Answers the next `times` translate requests with `status` (429, 503, …).
    pub fn fail_next(&self, status: u16, times: usize) {
        self.state
            .knobs()
            .failures
            .extend(std::iter::repeat_n(status, times));
    }

    /// Delay before every translate answer.
    pub fn set_latency(&self, latency: Duration) {
        self.state.knobs().latency = latency;
    }

    /// Translate requests never get an answer.
    pub fn set_hang(&self, hang: bool) {
        self.state.knobs().hang = hang;
    }

    /// The next `times` translate requests never get an answer (the client's timeout ends
    /// them); later ones are answered.
    pub fn hang_next(&self, times: usize) {
        self.state.knobs().hang_next += times;
    }

    /// Translate requests after the first `count` since the fake started wait (unanswered,
    /// and not yet billed) until [`FakeServer::release`]: a test stops a run at a known point.
    pub fn hold_after(&self, count: usize) {
        self.state.hold_from.send_replace(Some(count));
    }

    /// Answers the held requests and every later one.
    pub fn release(&self) {
        self.state.hold_from.send_replace(None);
    }

    /// How often each text was received and billed.
    pub fn text_counts(&self) -> HashMap<String, TextCount> {
        self.state.text_counts().clone()
    }

    pub fn set_damage(&self, damage: Option<Damage>) {
        self.state.knobs().damage = damage;
    }

    /// Characters billable before the quota error (DeepL 456, Google 403, OpenAI 429).
    pub fn set_character_limit(&self, limit: Option<u64>) {
        self.state.knobs().character_limit = limit;
    }

    /// OpenAI fake only: refuse `response_format` with a 400, like servers without JSON mode.
    pub fn set_reject_json_mode(&self, reject: bool) {
        self.state.knobs().reject_json_mode = reject;
    }

    /// Keeps request bodies for [`FakeServer::requests`] (on by default; benchmarks turn it
    /// off to measure the client, not the fake).
    pub fn set_recording(&self, recording: bool) {
        self.state.knobs().recording = recording;
    }

    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.state
            .requests
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Translate requests received (including failed ones).
    pub fn request_count(&self) -> usize {
        self.state.request_count.load(Ordering::SeqCst)
    }

    /// Texts received over all translate requests.
    pub fn text_count(&self) -> usize {
        self.state.text_count.load(Ordering::SeqCst)
    }

    /// The most translate requests that were in progress at the same time.
    pub fn peak_in_flight(&self) -> usize {
        self.state.peak_in_flight.load(Ordering::SeqCst)
    }

    /// DeepL fake only: the glossary requests it answered, by kind.
    pub fn glossary_counts(&self) -> GlossaryCounts {
        self.state.glossaries().counts
    }

    /// DeepL fake only: the ids of the glossaries it holds.
    pub fn glossary_ids(&self) -> Vec<String> {
        self.state.glossaries().ids()
    }

    /// DeepL fake only: refuses glossaries for the pair (lower-case base codes, `en`, `de`).
    pub fn refuse_glossary_pair(&self, source_lang: &str, target_lang: &str) {
        self.state
            .glossaries()
            .unsupported
            .push((source_lang.to_owned(), target_lang.to_owned()));
    }

    /// DeepL fake only: deletes every glossary, as someone would on DeepL's side.
    pub fn forget_glossaries(&self) {
        self.state.glossaries().forget();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fake_translation_prefixes_text_nodes() {
        assert_eq!(
            fake_translate(r#"Hi <g id="1">you</g> <x id="2"/>"#, "DE"),
            r#"DE:Hi <g id="1">DE:you</g> <x id="2"/>"#
        );
    }

    #[test]
    fn damage_drops_one_tag() {
        assert_eq!(
            drop_first_standalone(r#"a<x id="1"/>b<x id="2"/>"#),
            r#"ab<x id="2"/>"#
        );
        assert_eq!(drop_first_standalone("plain"), "plain");
    }
}
