//! The engine: packs a run's segments into requests, sends them concurrently through the
//! process-wide [`FairLimiter`], splits batches the provider finds too large, and stops a run
//! whose quota or key is gone.

use std::sync::{Arc, OnceLock};

use futures::future::BoxFuture;
use futures::stream::{self, Stream, StreamExt};

use crate::batching::{Item, pack};
use crate::config::ProviderConfig;
use crate::error::MtError;
use crate::limiter::{FairLimiter, RunId};
use crate::provider::{Batch, Provider, TermHints};

/// The outcome for one item.
pub type ItemResult = (u64, Result<String, MtError>);

/// What is translated in one run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunSpec {
    pub run: RunId,
    /// WPML language codes.
    pub source_lang: String,
    pub target_lang: String,
    /// Ask for the provider's strictest markup protection (second try after damaged tags).
    pub strict: bool,
    /// The provider's glossary for the pair, sent with every request of the run.
    pub glossary_id: Option<String>,
    /// The termbase's pairs for each request, for providers that use them.
    pub terms: Option<TermHints>,
}

/// Progress after each finished request.
#[derive(Debug)]
pub struct Progress<'a> {
    pub done: usize,
    pub total: usize,
    /// The results that just arrived.
    pub results: &'a [ItemResult],
}

/// Cheap to clone; one per process so that all runs share the concurrency limit.
#[derive(Clone)]
pub struct Translator {
    provider: Arc<dyn Provider>,
    limiter: Arc<FairLimiter>,
}

impl Translator {
    /// A translator with its own limiter of `config.concurrency` requests in flight.
    pub fn new(provider: Arc<dyn Provider>, config: &ProviderConfig) -> Self {
        Self::with_limiter(provider, FairLimiter::new(config.concurrency))
    }

    /// A translator sharing `limiter` (e.g. when the provider is reconfigured at run time while
    /// earlier runs still hold permits).
    pub fn with_limiter(provider: Arc<dyn Provider>, limiter: Arc<FairLimiter>) -> Self {
        Self { provider, limiter }
    }

    pub fn provider(&self) -> &Arc<dyn Provider> {
        &self.provider
    }

    pub fn limiter(&self) -> &Arc<FairLimiter> {
        &self.limiter
    }

    /// Translates `items`, yielding each request's results as it finishes (in completion
    /// order). Every item appears exactly once in the stream.
    pub fn translate_stream(
        &self,
        spec: RunSpec,
        items: Vec<Item>,
    ) -> impl Stream<Item = Vec<ItemResult>> + Send + 'static {
        self.translate_stream_until(spec, items, Arc::default())
    }

    /// Like [`Translator::translate_stream`], and stoppable from outside: once `halt` holds an
    /// error, the batches not yet sent fail with it without being sent, while the requests in
    /// flight finish (a server shutting down keeps what it paid for). An error that stops the
    /// run sets it too.
    pub fn translate_stream_until(
        &self,
        spec: RunSpec,
        items: Vec<Item>,
        halt: Arc<OnceLock<MtError>>,
    ) -> impl Stream<Item = Vec<ItemResult>> + Send + 'static {
        self.translate_windows(spec, stream::iter([items]), halt)
    }

    /// Like [`Translator::translate_stream_until`] for items that come in windows: a window is
    /// taken, and packed into requests on its own, only when fewer requests than the limiter's
    /// capacity are left to send. A caller that reads its windows lazily (from a database,
    /// say) therefore holds only what is about to be sent, however many items there are in
    /// all; the requests keep flowing from one window to the next.
    pub fn translate_windows(
        &self,
        spec: RunSpec,
        windows: impl Stream<Item = Vec<Item>> + Send + 'static,
        halt: Arc<OnceLock<MtError>>,
    ) -> impl Stream<Item = Vec<ItemResult>> + Send + 'static {
        let limits = self.provider.limits();
        let empty_bytes = self
            .provider
            .empty_request_bytes(&batch_for(&spec, Vec::new()));
        let provider = Arc::clone(&self.provider);
        let work = windows.flat_map(move |items| {
            let packed = pack(items, limits, empty_bytes, |text| provider.text_bytes(text));
            let rejected: Vec<ItemResult> = packed
                .too_long
                .into_iter()
                .map(|(id, e)| (id, Err(e)))
                .collect();
            let rejected = (!rejected.is_empty()).then_some(Work::Rejected(rejected));
            stream::iter(
                rejected
                    .into_iter()
                    .chain(packed.batches.into_iter().map(Work::Send)),
            )
        });
        let spec = Arc::new(spec);
        let this = self.clone();
        work.map(move |work| {
            let this = this.clone();
            let spec = Arc::clone(&spec);
            let stopped = Arc::clone(&halt);
            async move {
                match work {
                    Work::Send(items) => this.run_batch(&spec, items, &stopped).await,
                    Work::Rejected(results) => results,
                }
            }
        })
        // The limiter decides what is really in flight; this only bounds the futures a run
        // keeps queued there (and so how far ahead of the requests the windows are taken).
        .buffer_unordered(self.limiter.capacity())
    }

    /// Translates `items` and returns every result (in completion order), calling
    /// `on_progress` after each request.
    pub async fn translate_all(
        &self,
        spec: RunSpec,
        items: Vec<Item>,
        mut on_progress: impl FnMut(Progress<'_>),
    ) -> Vec<ItemResult> {
        let total = items.len();
        let mut all = Vec::with_capacity(total);
        let mut results = std::pin::pin!(self.translate_stream(spec, items));
        while let Some(batch) = results.next().await {
            let start = all.len();
            all.extend(batch);
            on_progress(Progress {
                done: all.len(),
                total,
                results: &all[start..],
            });
        }
        all
    }

    async fn run_batch(
        &self,
        spec: &RunSpec,
        items: Vec<Item>,
        stopped: &OnceLock<MtError>,
    ) -> Vec<ItemResult> {
        if let Some(error) = stopped.get() {
            return fail_all(items, error);
        }
        let _permit = self.limiter.acquire(spec.run).await;
        // The run may have been stopped while this batch waited for its turn.
        if let Some(error) = stopped.get() {
            return fail_all(items, error);
        }
        self.send_splitting(spec, items, stopped).await
    }

    /// Sends one batch; a batch the provider finds too large is halved and resent.
    fn send_splitting<'a>(
        &'a self,
        spec: &'a RunSpec,
        items: Vec<Item>,
        stopped: &'a OnceLock<MtError>,
    ) -> BoxFuture<'a, Vec<ItemResult>> {
        Box::pin(async move {
            let ids: Vec<u64> = items.iter().map(|item| item.id).collect();
            let mut batch = batch_for(spec, items.into_iter().map(|item| item.text).collect());
            if self.provider.uses_terms()
                && let Some(hints) = &spec.terms
            {
                batch.terms = hints.relevant(&batch.texts);
            }
            let answer = self.provider.translate(&batch).await;
            record(self.provider.kind().as_str(), &batch, &answer);
            match answer {
                Ok(texts) => ids.into_iter().zip(texts.into_iter().map(Ok)).collect(),
                Err(MtError::PayloadTooLarge) if ids.len() > 1 => {
                    let mut items: Vec<Item> = ids
                        .into_iter()
                        .zip(batch.texts)
                        .map(|(id, text)| Item { id, text })
                        .collect();
                    let second = items.split_off(items.len() / 2);
                    let mut results = self.send_splitting(spec, items, stopped).await;
                    results.extend(self.send_splitting(spec, second, stopped).await);
                    results
                }
                Err(error) => {
                    if error.stops_run() {
                        tracing::warn!(run = spec.run.0, %error, "stopping the run");
                        let _ = stopped.set(error.clone());
                    }
                    ids.into_iter().map(|id| (id, Err(error.clone()))).collect()
                }
            }
        })
    }
}

/// Counts a request by provider and outcome (`ok` or the error's kind) and, when it was
/// answered, the characters sent: what providers bill by (`wordmark_mt_characters_total`).
/// Requests are batches after retries: a 429 that succeeded on its second attempt counts once,
/// as `ok`.
fn record(provider: &'static str, batch: &Batch, answer: &Result<Vec<String>, MtError>) {
    let outcome = match answer {
        Ok(_) => "ok",
        Err(error) => error.kind(),
    };
    metrics::counter!("wordmark_mt_requests_total", "provider" => provider, "outcome" => outcome)
        .increment(1);
    if answer.is_ok() {
        let characters: usize = batch.texts.iter().map(|t| t.chars().count()).sum();
        metrics::counter!("wordmark_mt_characters_total", "provider" => provider)
            .increment(characters as u64);
    }
}

/// What a window of items becomes: requests to send, and items too long for any request.
enum Work {
    Send(Vec<Item>),
    Rejected(Vec<ItemResult>),
}

fn batch_for(spec: &RunSpec, texts: Vec<String>) -> Batch {
    Batch {
        source_lang: spec.source_lang.clone(),
        target_lang: spec.target_lang.clone(),
        texts,
        strict: spec.strict,
        glossary_id: spec.glossary_id.clone(),
        terms: Vec::new(),
    }
}

fn fail_all(items: Vec<Item>, error: &MtError) -> Vec<ItemResult> {
    items
        .into_iter()
        .map(|item| (item.id, Err(error.clone())))
        .collect()
}
