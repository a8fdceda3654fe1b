//! Translating jobs: exact translation-memory matches first, the rest through the provider
//! (segments of several jobs share requests), then every answer's markup checked against the
//! source. A damaged answer is asked again once with the provider's strictest protection;
//! failing that the source text is kept as target and the segment flagged. A corrupted target
//! is never produced.
//!
//! Jobs are read, looked up in the memory and planned a window at a time, just ahead of the
//! provider requests, and each holds its share of a budget of segments until its last answers
//! are written: what a run holds is bounded by the budget, whatever the project's size.
//!
//! With a termbase for the client and pair, its `do_not_translate` terms go to the provider
//! masked like tags (restored from the masked source, byte for byte), and every machine
//! translated target gets the termbase's checks in its QA flags. With a provider that keeps
//! glossaries (DeepL), the termbase's preferred terms become its glossary for the pair, made or
//! brought up to date once per run and pair and named on every request; a glossary the
//! provider refuses leaves a notice in the run's report, and the run goes on without it.

pub mod finish;
mod plan;
mod window;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use time::OffsetDateTime;

use futures::{StreamExt, stream};
use sea_orm::{ConnectionTrait, DbErr};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc};
use wordmark_core::segment::{Markup, Segment, Shortcodes};
use wordmark_core::terms::{self, TermIndex};
use wordmark_mt::{Item, ItemResult, MtError, RunId, RunSpec, TermHints, Translator};

use super::store;
use crate::db::entities::translation_segment::SegmentMarkup;
use crate::services::translation::{jobs::JobRow, segments::Fill};
use crate::services::translation::{
    qa_flags::{self, QaFlag},
    segment_state::Change,
};
use crate::services::{memory, terminology};

/// Segments read and not yet written, at most (a job larger than that is read alone, when
/// everything before it is written). About 2 KiB each while they are worked (source, parsed
/// form, text sent, answer, target): some 12 MiB.
const BUDGET_SEGMENTS: usize = 6_000;

/// Segments a window of jobs is read with, about (whole jobs: at least one). A third of the
/// budget: one window is read and planned while one is sent and one written. Each window is
/// packed into requests on its own, so at most one request per window is not full.
const WINDOW_SEGMENTS: usize = BUDGET_SEGMENTS / 3;

/// Messages (a request's answers, or a job that needed no request) waiting for the writer, at
/// most. The run goes no faster than its answers are written, so a crash loses little (see
/// `window::send`). More than one, because the writer takes every message waiting into one
/// transaction ([`next_write`]): one commit per message made a run of 300 files with a provider
/// that answers at once 1.4 times slower, and a job the memory fills whole is a message of its
/// own. 4 took that run from 2.6 to 2.0 s, 16 to 1.8 s (docs/benchmarks.md).
pub const ANSWERS_WAITING: usize = 16;

/// Source and target language.
type Pair = (String, String);

/// How a run uses the translation memory: the client's pool, and the project's fuzzy-fill
/// threshold (`None`: exact matches only).
#[derive(Debug, Clone, Copy, Default)]
pub struct MemoryUse {
    pub client_id: Option<i32>,
    pub fuzzy_threshold: Option<u8>,
}

/// A job to translate, with about how many segments it has without a target (the count when
/// the run started, an upper bound later): the windows are sized by it.
pub struct Pending {
    pub job: JobRow,
    pub segments: usize,
}

/// A segment without a target.
#[derive(Debug, Clone)]
pub struct SegmentTodo {
    pub id: i64,
    pub source: String,
    pub markup: SegmentMarkup,
    pub resname: Option<String>,
}

/// A job's segments without a target.
#[derive(Debug, Clone)]
pub struct JobTodo {
    pub job_id: i32,
    pub file_name: String,
    pub source_lang: Option<String>,
    pub target_lang: Option<String>,
    /// Which bracketed names are tags in its HTML: an unlisted `[Hinweis]` goes to the
    /// provider as text, a listed shortcode as a placeholder.
    pub shortcodes: Arc<Shortcodes>,
    pub segments: Vec<SegmentTodo>,
}

/// What one write adds to a job: the answers of one provider request for its segments (with
/// the job's memory fills the first time), or the whole job when the provider has nothing to
/// do for it. Writing each request's answers as it returns means a crash loses at most the
/// requests in flight, never the finished part of a large job.
#[derive(Debug)]
pub struct JobPart {
    pub job_id: i32,
    pub file_name: String,
    pub fills: Vec<Fill>,
    pub from_memory: i32,
    pub from_mt: i32,
    pub flagged: i32,
    /// Machine translations the termbase's checks warned about.
    pub term_warnings: i32,
    /// The first failure among these segments (they stay without a target and are tried
    /// again by the next run).
    pub error: Option<MtError>,
    /// Every segment of the job is answered (or failed) once this part is written: the job's
    /// line can be written with it.
    pub last: bool,
}

impl JobPart {
    /// A machine translation, counted in the term warnings when the termbase's checks flagged
    /// it (they are its only flags).
    fn add_checked(&mut self, fill: Fill) {
        if fill.qa_flags != qa_flags::NONE {
            self.term_warnings += 1;
        }
        self.fills.push(fill);
    }

    /// Spent quota, a refused key, an unreachable provider: the run stops here.
    pub fn stops_run(&self) -> bool {
        self.error.as_ref().is_some_and(MtError::stops_run)
    }
}

/// The first failure of each job over its parts (a run-stopping one wins), for its line.
#[derive(Default)]
pub struct Failures(HashMap<i32, MtError>);

impl Failures {
    pub fn add(&mut self, part: &JobPart) {
        if let Some(error) = &part.error {
            let mut slot = self.0.remove(&part.job_id);
            finish::note(&mut slot, error.clone());
            self.0.extend(slot.map(|error| (part.job_id, error)));
        }
    }

    /// The job's failure, forgotten here (its line is written).
    pub fn take(&mut self, job_id: i32) -> Option<MtError> {
        self.0.remove(&job_id)
    }
}

/// One segment on its way to the provider.
struct Outgoing {
    todo: SegmentTodo,
    parsed: Segment,
}

/// A job after the memory lookup.
pub struct Planned {
    job_id: i32,
    file_name: String,
    pair: Option<(String, String)>,
    fills: Vec<Fill>,
    from_memory: i32,
    outgoing: Vec<Outgoing>,
    /// The job's share of the budget, passed on with its last part.
    reserved: Option<OwnedSemaphorePermit>,
    /// The client's termbase for the pair, if it has entries.
    terms: Option<Arc<TermIndex>>,
    /// The provider's glossary for the pair, for the strict second try too.
    glossary_id: Option<String>,
}

/// Part of a planned job with the provider's raw answers, ready to be checked and written.
pub struct Answered {
    job_id: i32,
    file_name: String,
    pair: Option<(String, String)>,
    fills: Vec<Fill>,
    from_memory: i32,
    answers: Vec<(Outgoing, Result<String, MtError>)>,
    /// Segments to translate in a file that names no languages: nothing can be sent.
    without_languages: bool,
    last: bool,
    /// With the job's last part: its share of the budget.
    reserved: Option<OwnedSemaphorePermit>,
    terms: Option<Arc<TermIndex>>,
    glossary_id: Option<String>,
}

impl Answered {
    /// The job's first part: its memory fills; the answers are added as they come.
    fn first(job: &mut Planned) -> Self {
        Self {
            job_id: job.job_id,
            file_name: job.file_name.clone(),
            pair: job.pair.clone(),
            fills: std::mem::take(&mut job.fills),
            from_memory: std::mem::take(&mut job.from_memory),
            answers: Vec::new(),
            without_languages: false,
            last: false,
            reserved: None,
            terms: job.terms.clone(),
            glossary_id: job.glossary_id.clone(),
        }
    }

    /// A job the provider has nothing to do for, whole.
    fn whole(mut job: Planned) -> Self {
        let mut answered = Self::first(&mut job);
        answered.without_languages = job.pair.is_none() && !job.outgoing.is_empty();
        answered.last = true;
        answered.reserved = job.reserved;
        answered
    }

    /// The job's share of the run's budget, which this part carries when it is the job's last:
    /// dropped once the part is written, it lets the next window be read.
    pub fn take_reserved(&mut self) -> Option<OwnedSemaphorePermit> {
        self.reserved.take()
    }
}

/// Translates `jobs`: reads them a window at a time (their segments without a target, then
/// the memory), passes on what needs no provider at once and sends the rest, one language pair
/// after the other, passing on each request's answers as soon as it returns, one part per job
/// it served, as one message (`out` is a channel of [`ANSWERS_WAITING`]). A window is read
/// only when the parts passed on before it leave room in the budget, that is once they are
/// written: the receiver drops each part's [`Answered::take_reserved`] after writing it.
///
/// Stops when the receiver is gone and once `halt` holds an error (set from outside, or by a
/// request that stops the run): then nothing more is read or sent, and the requests in flight
/// are passed on when they return. `now`: when glossaries synced with the provider are stamped.
#[allow(
    clippy::too_many_arguments,
    reason = "the run's inputs, each of its own kind"
)]
pub async fn translate(
    db: &impl ConnectionTrait,
    memory_use: MemoryUse,
    translator: &Translator,
    run: RunId,
    jobs: Vec<Pending>,
    out: mpsc::Sender<Vec<Answered>>,
    halt: Arc<OnceLock<MtError>>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let budget = Arc::new(Semaphore::new(BUDGET_SEGMENTS));
    // The jobs by language pair (none when a file names no languages), in upload order.
    let mut pairs: Vec<(Option<Pair>, Vec<Pending>)> = Vec::new();
    for pending in jobs {
        let pair = pending
            .job
            .source_lang
            .clone()
            .zip(pending.job.target_lang.clone());
        match pairs.iter_mut().find(|(p, _)| *p == pair) {
            Some((_, jobs)) => jobs.push(pending),
            None => pairs.push((pair, vec![pending])),
        }
    }
    for (pair, jobs) in pairs {
        if halt.get().is_some() || out.is_closed() {
            break;
        }
        // The window being sent, and one read ahead of it.
        let (windows, planned) = mpsc::channel(1);
        let terms = match &pair {
            Some((source, target)) => terminology::index(db, memory_use.client_id, source, target)
                .await?
                .map(Arc::new),
            None => None,
        };
        let glossary_id = match &pair {
            Some(pair) => {
                plan::glossary(
                    db,
                    translator,
                    run,
                    memory_use.client_id,
                    pair,
                    terms.as_deref(),
                    now,
                )
                .await?
            }
            None => None,
        };
        let run_spec = pair
            .as_ref()
            .map(|pair| plan::spec(run, pair, false, glossary_id.clone(), terms.as_ref()));
        let reading = window::read(
            db,
            memory_use,
            jobs,
            (terms, glossary_id),
            &budget,
            windows,
            &out,
            &halt,
        );
        match run_spec {
            Some(run_spec) => {
                let sending = window::send(translator, run_spec, planned, &out, &halt);
                let (read, ()) = tokio::join!(reading, sending);
                read?;
            }
            // No languages: nothing is sent, every job is passed on whole.
            None => reading.await?,
        }
    }
    Ok(())
}

/// The next write's parts: the first message to arrive and those already waiting behind it
/// (at most [`ANSWERS_WAITING`] more, so a write stays short while the sender refills the
/// channel). `None` once the sender is done.
pub async fn next_write(receiver: &mut mpsc::Receiver<Vec<Answered>>) -> Option<Vec<Answered>> {
    let mut parts = receiver.recv().await?;
    for _ in 0..ANSWERS_WAITING {
        match receiver.try_recv() {
            Ok(more) => parts.extend(more),
            Err(_) => break,
        }
    }
    Some(parts)
}

#[cfg(test)]
mod tests {
    use crate::services::clock::TEST_NOW;
    use std::time::Duration;

    use wordmark_mt::{ProviderConfig, ProviderKind};

    use super::*;
    use crate::db::scratch::Scratch;
    use crate::services::translation::{self, testing};

    /// A WPML file of `units` plain units, English to German.
    fn xliff(units: usize) -> Vec<u8> {
        let body: String = (0..units)
            .map(|i| format!(r#"<trans-unit id="{i}"><source>Sentence {i}.</source></trans-unit>"#))
            .collect();
        format!(
            r#"<?xml version="1.0" encoding="utf-8"?><xliff version="1.2"><file original="f" source-language="en" target-language="de" datatype="plaintext"><body>{body}</body></file></xliff>"#
        )
        .into_bytes()
    }

    /// Fuzzy matches are filled only when the project asks, from its threshold on, marked
    /// as fuzzy; exact matches always; the rest goes to the provider.
    #[tokio::test]
    async fn fuzzy_matches_fill_from_the_projects_threshold() {
        let scratch = Scratch::new().await;
        let db = &scratch.db;
        let bytes = xliff(3);
        let (project_id, _) = testing::project_of(db, &[("page.xliff", &bytes[..])]).await;
        let scope = memory::Scope {
            client_id: None,
            source_lang: "en".into(),
            target_lang: "de".into(),
        };
        let remembered = |source: &str| memory::Confirmed {
            source: source.into(),
            markup: SegmentMarkup::Html,
            resname: None,
            target: format!("DE {source}"),
            origin: crate::db::entities::translation_segment::SegmentOrigin::Customer,
        };
        // "Sentence 0." exactly; "Sentence 1!" for "Sentence 1.": 1 edit in 11, 90 %;
        // "Sentence 2." is 88 % from "Sentence 0." (the number differs).
        memory::remember(
            db,
            &scope,
            &[remembered("Sentence 0."), remembered("Sentence 1!")],
            TEST_NOW,
        )
        .await
        .unwrap();
        let changes = |threshold| async move {
            let jobs = translation::jobs::of_project(db, project_id).await.unwrap();
            let todos = store::todos(db, jobs).await.unwrap();
            let memory_use = MemoryUse {
                client_id: None,
                fuzzy_threshold: threshold,
            };
            let planned = plan::plan(db, memory_use, todos, None).await.unwrap();
            let mut fills: Vec<(String, Change)> = planned[0]
                .fills
                .iter()
                .map(|f| (f.target.clone(), f.change))
                .collect();
            fills.sort_by(|a, b| a.0.cmp(&b.0));
            (fills, planned[0].outgoing.len())
        };
        assert_eq!(
            changes(None).await,
            (vec![("DE Sentence 0.".to_owned(), Change::Memory)], 2)
        );
        assert_eq!(
            changes(Some(90)).await,
            (
                vec![
                    ("DE Sentence 0.".to_owned(), Change::Memory),
                    ("DE Sentence 1!".to_owned(), Change::FuzzyMemory),
                ],
                1
            )
        );
        assert_eq!(changes(Some(91)).await.1, 2);
        scratch.remove().await;
    }

    /// A part of job `job_id` with nothing in it.
    fn empty_part(job_id: i32) -> Answered {
        Answered {
            job_id,
            file_name: String::new(),
            pair: None,
            fills: Vec::new(),
            from_memory: 0,
            answers: Vec::new(),
            without_languages: false,
            last: false,
            reserved: None,
            terms: None,
            glossary_id: None,
        }
    }

    /// A write takes the message that woke it and those waiting behind it, in their order,
    /// and never more than the channel holds plus one, however fast the sender refills it.
    #[tokio::test]
    async fn a_write_takes_the_messages_waiting_in_order() {
        let ids = |parts: Vec<Answered>| parts.iter().map(|p| p.job_id).collect::<Vec<_>>();
        let (sender, mut receiver) = mpsc::channel(ANSWERS_WAITING);
        for id in 0..3 {
            sender.send(vec![empty_part(id)]).await.unwrap();
        }
        assert_eq!(ids(next_write(&mut receiver).await.unwrap()), [0, 1, 2]);

        let total = i32::try_from(ANSWERS_WAITING * 5).unwrap();
        let sending = tokio::spawn(async move {
            for id in 0..total {
                sender.send(vec![empty_part(id)]).await.unwrap();
            }
        });
        let mut received = Vec::new();
        let mut writes = 0;
        while let Some(parts) = next_write(&mut receiver).await {
            assert!(parts.len() <= ANSWERS_WAITING + 1, "{} parts", parts.len());
            received.extend(ids(parts));
            writes += 1;
        }
        sending.await.unwrap();
        assert_eq!(received, (0..total).collect::<Vec<_>>());
        assert!(writes >= 5, "{writes} writes");
    }

    /// Segments in the messages received so far.
    fn segments(messages: &[Vec<Answered>]) -> usize {
        messages
            .iter()
            .flatten()
            .map(|p| p.fills.len() + p.answers.len())
            .sum()
    }

    /// Eight jobs of 1,000 segments, each to be translated.
    async fn pending_jobs(db: &sea_orm::DatabaseConnection) -> Vec<Pending> {
        let names: Vec<String> = (0..8).map(|i| format!("page-{i}.xliff")).collect();
        let bytes = xliff(1_000);
        let files: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), &bytes[..])).collect();
        let (project_id, _) = testing::project_of(db, &files).await;
        translation::jobs::of_project(db, project_id)
            .await
            .unwrap()
            .into_iter()
            .map(|job| Pending {
                job,
                segments: 1_000,
            })
            .collect()
    }

    /// While the writer takes nothing, the provider gets no more than the requests in flight,
    /// the answered ones waiting in the channel and the one held by `window::send`: what a
    /// crash at that moment loses and the resumed run sends again.
    #[tokio::test]
    async fn a_writer_that_falls_behind_holds_the_requests_back() {
        const KEY: &str = "fake-key:fx";
        const CONCURRENCY: usize = 2;
        let scratch = Scratch::new().await;
        let db = &scratch.db;
        let jobs = pending_jobs(db).await;
        let fake = wordmark_mt::fake::deepl(KEY).await.unwrap();
        let mut config = ProviderConfig::new(ProviderKind::Deepl);
        config.api_key = Some(KEY.into());
        config.base_url = Some(fake.url().to_owned());
        config.concurrency = CONCURRENCY;
        let translator = Translator::new(wordmark_mt::build(&config).unwrap(), &config);
        let (sender, mut receiver) = mpsc::channel(ANSWERS_WAITING);
        let translating = translate(
            db,
            MemoryUse::default(),
            &translator,
            RunId(1),
            jobs,
            sender,
            Arc::default(),
            TEST_NOW,
        );
        let checking = async {
            // Nothing is taken until the provider has had no new request for a while. This is
            // the one wait on the clock left in the tests, on purpose: it proves that nothing
            // more is sent, and no event says "the engine sends no more" (paused time would
            // move on while the engine waits for SQLite's thread, ending the wait early). A
            // slow machine can only make it wait longer, never fail a correct engine.
            let mut received = 0;
            loop {
                tokio::time::sleep(Duration::from_millis(300)).await;
                let now = fake.request_count();
                if now == received {
                    break;
                }
                received = now;
            }
            assert!(
                received <= CONCURRENCY + ANSWERS_WAITING + 1,
                "{received} requests sent with nothing written"
            );
            let mut total = 0;
            while let Some(message) = receiver.recv().await {
                total += segments(&[message]);
            }
            assert_eq!(total, 8_000, "every segment answered once");
        };
        let (read, ()) = tokio::join!(translating, checking);
        read.unwrap();
        scratch.remove().await;
    }

    /// With nothing written, the engine reads and sends no more than the budget; as the parts
    /// are written (their shares dropped), it reads on until every segment is answered.
    #[tokio::test]
    async fn a_run_holds_no_more_than_the_budget_until_parts_are_written() {
        let scratch = Scratch::new().await;
        let db = &scratch.db;
        let jobs = pending_jobs(db).await;
        let config = ProviderConfig::new(ProviderKind::Pseudo);
        let translator = Translator::new(wordmark_mt::build(&config).unwrap(), &config);
        let (sender, mut receiver) = mpsc::channel(ANSWERS_WAITING);
        let translating = translate(
            db,
            MemoryUse::default(),
            &translator,
            RunId(1),
            jobs,
            sender,
            Arc::default(),
            TEST_NOW,
        );
        let checking = async {
            // Hold every part (as a writer that never finishes would) until nothing more comes.
            let mut held = Vec::new();
            while let Ok(Some(part)) =
                tokio::time::timeout(Duration::from_millis(500), receiver.recv()).await
            {
                held.push(part);
            }
            let read = segments(&held);
            assert!(
                read > 0 && read <= BUDGET_SEGMENTS,
                "{read} segments passed on with nothing written"
            );
            // Written: the shares go back, and the rest is read.
            let mut total = read;
            drop(held);
            while let Some(part) = receiver.recv().await {
                total += segments(&[part]);
            }
            assert_eq!(total, 8_000, "every segment answered once");
        };
        let (read, ()) = tokio::join!(translating, checking);
        read.unwrap();
        scratch.remove().await;
    }
}
