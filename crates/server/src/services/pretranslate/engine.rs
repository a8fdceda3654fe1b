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

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use futures::{StreamExt, stream};
use sea_orm::{ConnectionTrait, DbErr};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc};
use wordmark_core::segment::{Markup, Segment, Shortcodes};
use wordmark_core::terms::{self, TermIndex};
use wordmark_mt::{Item, ItemResult, MtError, RunId, RunSpec, TermHints, Translator};

use super::store;
use crate::db::entities::translation_segment::SegmentMarkup;
use crate::services::translation::store::{jobs::JobRow, segments::Fill};
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
            note(&mut slot, error.clone());
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

/// Fills a window's exact memory matches (per client and language pair) and prepares the rest
/// for the provider. Segments without text to translate keep their source as target.
async fn plan(
    db: &impl ConnectionTrait,
    memory_use: MemoryUse,
    jobs: Vec<JobTodo>,
    terms: Option<Arc<TermIndex>>,
) -> Result<Vec<Planned>, DbErr> {
    // One memory lookup per language pair, over the window's jobs: the memory is asked for
    // what the window holds only (in chunks of source hashes), never read whole.
    let mut by_pair: HashMap<(String, String), Vec<usize>> = HashMap::new();
    for (index, job) in jobs.iter().enumerate() {
        if let (Some(source), Some(target)) = (&job.source_lang, &job.target_lang) {
            by_pair
                .entry((source.clone(), target.clone()))
                .or_default()
                .push(index);
        }
    }
    let mut remembered: Vec<HashMap<i64, (String, Change)>> = vec![HashMap::new(); jobs.len()];
    for ((source_lang, target_lang), indexes) in &by_pair {
        let scope = memory::Scope {
            client_id: memory_use.client_id,
            source_lang: source_lang.clone(),
            target_lang: target_lang.clone(),
        };
        let segments: Vec<(usize, &SegmentTodo)> = indexes
            .iter()
            .flat_map(|&i| jobs[i].segments.iter().map(move |s| (i, s)))
            .collect();
        let queries: Vec<memory::Query> = segments
            .iter()
            .map(|(_, s)| memory::Query {
                source: &s.source,
                markup: s.markup,
                resname: s.resname.as_deref(),
            })
            .collect();
        let exact = memory::lookup(db, &scope, &queries).await?;
        if let Some(threshold) = memory_use.fuzzy_threshold {
            // The rest, looked up together, filled when their best match reaches the
            // threshold (a 100 % match with other markup counts as fuzzy too).
            let rest: Vec<usize> = (0..queries.len())
                .filter(|i| !exact.contains_key(i))
                .collect();
            let fuzzy_queries: Vec<memory::Query> = rest.iter().map(|&i| queries[i]).collect();
            let matches = memory::fuzzy::best_matches(db, &scope, &fuzzy_queries, 1).await?;
            for (&index, best) in rest.iter().zip(matches) {
                if let Some(best) = best.into_iter().next().filter(|m| m.score >= threshold) {
                    let (job, segment) = segments[index];
                    remembered[job].insert(segment.id, (best.entry.target, Change::FuzzyMemory));
                }
            }
        }
        for (index, target) in exact {
            let (job, segment) = segments[index];
            remembered[job].insert(segment.id, (target, Change::Memory));
        }
    }

    // Parsing every segment is CPU work: off the async threads.
    tokio::task::spawn_blocking(move || split(jobs, remembered, terms))
        .await
        .map_err(|e| DbErr::Custom(format!("planning the jobs failed: {e}")))
}

/// Each job's remembered targets as fills, the rest parsed for the provider.
fn split(
    jobs: Vec<JobTodo>,
    remembered: Vec<HashMap<i64, (String, Change)>>,
    terms: Option<Arc<TermIndex>>,
) -> Vec<Planned> {
    jobs.into_iter()
        .zip(remembered)
        .map(|(job, mut remembered)| {
            let mut planned = Planned {
                job_id: job.job_id,
                file_name: job.file_name,
                pair: job.source_lang.zip(job.target_lang),
                fills: Vec::new(),
                from_memory: 0,
                outgoing: Vec::new(),
                reserved: None,
                terms: terms.clone(),
                glossary_id: None,
            };
            for todo in job.segments {
                if let Some((target, change)) = remembered.remove(&todo.id) {
                    planned.from_memory += 1;
                    planned.fills.push(fill(todo.id, target, change));
                    continue;
                }
                let parsed = Segment::parse_with(&todo.source, todo.markup.into(), &job.shortcodes);
                if parsed.plain_text(todo.markup.into()).trim().is_empty() {
                    // Nothing to translate (tags, spaces): the source is the translation.
                    planned
                        .fills
                        .push(fill(todo.id, todo.source.clone(), Change::SourceAsIs));
                    continue;
                }
                let parsed = match &terms {
                    Some(index) => terms::mask_dnt(&parsed, index).segment,
                    None => parsed,
                };
                planned.outgoing.push(Outgoing { todo, parsed });
            }
            planned
        })
        .collect()
}

fn fill(segment_id: i64, target: String, change: Change) -> Fill {
    Fill {
        segment_id,
        target,
        change,
        qa_flags: qa_flags::NONE.to_owned(),
    }
}

/// A machine translated target with the termbase's warnings, if there is a termbase.
fn checked(todo: &SegmentTodo, target: String, change: Change, terms: Option<&TermIndex>) -> Fill {
    let mut filled = fill(todo.id, target, change);
    if let Some(index) = terms {
        let markup: Markup = todo.markup.into();
        let warnings = terms::check(
            index,
            &terms::term_text(&Segment::parse(&todo.source, markup), markup),
            &terms::term_text(&Segment::parse(&filled.target, markup), markup),
        );
        if !warnings.is_empty() {
            filled.qa_flags = qa_flags::encode(&warnings);
        }
    }
    filled
}

/// What is sent for a pair: with its glossary, and, for providers that read instructions,
/// the termbase's pairs found in each request's texts (with the index, never the whole
/// termbase).
fn spec(
    run: RunId,
    (source, target): &(String, String),
    strict: bool,
    glossary_id: Option<String>,
    terms: Option<&Arc<TermIndex>>,
) -> RunSpec {
    RunSpec {
        run,
        source_lang: source.clone(),
        target_lang: target.clone(),
        strict,
        glossary_id,
        terms: terms.map(|index| {
            let index = Arc::clone(index);
            TermHints::new(move |texts| terms::relevant_pairs(&index, texts))
        }),
    }
}

/// The provider's glossary for the client's pair, made or brought up to date (once per run and
/// pair); when the provider refuses it, a notice in the run's report and no glossary.
async fn glossary(
    db: &impl ConnectionTrait,
    translator: &Translator,
    run: RunId,
    client_id: Option<i32>,
    (source, target): &Pair,
    terms: Option<&TermIndex>,
) -> Result<Option<String>, DbErr> {
    let Some(client_id) = client_id else {
        return Ok(None);
    };
    let provider = translator.provider();
    if provider.glossaries().is_none() {
        return Ok(None);
    }
    // Without entries an empty dictionary: a glossary made earlier for the pair is deleted.
    let entries = terms.map(TermIndex::entries).unwrap_or_default();
    let dictionary = terminology::glossary::dictionary(source, target, entries);
    match terminology::glossary::sync(db, provider.as_ref(), client_id, &dictionary).await {
        Ok(id) => Ok(id),
        Err(terminology::glossary::GlossaryError::Db(error)) => Err(error),
        Err(terminology::glossary::GlossaryError::Provider(error)) => {
            tracing::warn!(run = run.0, %error, "the provider refused the termbase's glossary");
            let notice = format!(
                "The {} glossary for {source} \u{2192} {target} could not be brought up to date with the client's termbase ({error}); the run went on without it: do-not-translate terms were still protected and every term checked.",
                provider.label()
            );
            let run_id = i32::try_from(run.0).unwrap_or_default();
            store::add_notice(db, run_id, &notice).await?;
            Ok(None)
        }
    }
}

/// Translates `jobs`: reads them a window at a time (their segments without a target, then
/// the memory), passes on what needs no provider at once and sends the rest, one language pair
/// after the other, passing on each request's answers as soon as it returns, one part per job
/// it served. A window is read only when the parts passed on before it leave room in the
/// budget, that is once they are written: the receiver drops each part's
/// [`Answered::take_reserved`] after writing it.
///
/// Stops when the receiver is gone and once `halt` holds an error (set from outside, or by a
/// request that stops the run): then nothing more is read or sent, and the requests in flight
/// are passed on when they return.
pub async fn translate(
    db: &impl ConnectionTrait,
    memory_use: MemoryUse,
    translator: &Translator,
    run: RunId,
    jobs: Vec<Pending>,
    out: mpsc::UnboundedSender<Answered>,
    halt: Arc<OnceLock<MtError>>,
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
                glossary(
                    db,
                    translator,
                    run,
                    memory_use.client_id,
                    pair,
                    terms.as_deref(),
                )
                .await?
            }
            None => None,
        };
        let run_spec = pair
            .as_ref()
            .map(|pair| spec(run, pair, false, glossary_id.clone(), terms.as_ref()));
        let reading = read(
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
                let sending = send(translator, run_spec, planned, &out, &halt);
                let (read, ()) = tokio::join!(reading, sending);
                read?;
            }
            // No languages: nothing is sent, every job is passed on whole.
            None => reading.await?,
        }
    }
    Ok(())
}

/// Reads the jobs (all of one language pair) a window at a time, each window once it has its
/// share of the budget, passes on whole the jobs the provider has nothing to do for and hands
/// the others to `windows`.
#[allow(clippy::too_many_arguments)]
async fn read(
    db: &impl ConnectionTrait,
    memory_use: MemoryUse,
    jobs: Vec<Pending>,
    (terms, glossary_id): (Option<Arc<TermIndex>>, Option<String>),
    budget: &Arc<Semaphore>,
    windows: mpsc::Sender<Vec<Planned>>,
    out: &mpsc::UnboundedSender<Answered>,
    halt: &OnceLock<MtError>,
) -> Result<(), DbErr> {
    let mut jobs = jobs.into_iter().peekable();
    while jobs.peek().is_some() {
        let mut window = Vec::new();
        let mut sizes = Vec::new();
        let mut total = 0_usize;
        while let Some(pending) = jobs.next_if(|_| total < WINDOW_SEGMENTS) {
            total = total.saturating_add(pending.segments);
            sizes.push(pending.segments);
            window.push(pending.job);
        }
        // The window's share in one piece (so that it never waits holding part of it), then
        // split between its jobs.
        let share = u32::try_from(total.min(BUDGET_SEGMENTS)).unwrap_or(u32::MAX);
        // The budget is never closed.
        let Ok(mut permit) = Arc::clone(budget).acquire_many_owned(share).await else {
            return Ok(());
        };
        let reserved: Vec<_> = sizes
            .iter()
            .map(|&size| permit.split(size.min(permit.num_permits())))
            .collect();
        if halt.get().is_some() || out.is_closed() {
            return Ok(());
        }
        let todos = store::todos(db, window).await?;
        let mut to_send = Vec::new();
        for (mut job, permit) in plan(db, memory_use, todos, terms.clone())
            .await?
            .into_iter()
            .zip(reserved)
        {
            job.reserved = permit;
            job.glossary_id.clone_from(&glossary_id);
            if job.pair.is_some() && !job.outgoing.is_empty() {
                to_send.push(job);
            } else if out.send(Answered::whole(job)).is_err() {
                return Ok(());
            }
        }
        if !to_send.is_empty() && windows.send(to_send).await.is_err() {
            return Ok(());
        }
    }
    Ok(())
}

/// Sends the windows' segments of one language pair and passes on the answers as they return.
async fn send(
    translator: &Translator,
    spec: RunSpec,
    mut windows: mpsc::Receiver<Vec<Planned>>,
    out: &mpsc::UnboundedSender<Answered>,
    halt: &Arc<OnceLock<MtError>>,
) {
    // Windows are registered when the translator takes them, answers read when it returns
    // them: both in this task, never at the same time.
    let waiting = Arc::new(Mutex::new(Waiting::default()));
    let taking = Arc::clone(&waiting);
    let items = stream::poll_fn(move |cx| windows.poll_recv(cx))
        .map(move |window| lock(&taking).register(window));
    let mut answers = std::pin::pin!(translator.translate_windows(spec, items, Arc::clone(halt)));
    while let Some(batch) = answers.next().await {
        for part in lock(&waiting).answer(batch) {
            if out.send(part).is_err() {
                return;
            }
        }
    }
}

fn lock(waiting: &Mutex<Waiting>) -> std::sync::MutexGuard<'_, Waiting> {
    // Nothing panics while holding it; a poisoned lock's data is still whole.
    waiting
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The segments sent and not yet answered, and their jobs.
#[derive(Default)]
struct Waiting {
    segments: HashMap<u64, (i32, Outgoing)>,
    /// Each job with the number of its segments not yet answered.
    jobs: HashMap<i32, (Planned, usize)>,
}

impl Waiting {
    /// Takes a window's jobs; their segments become the items to send.
    fn register(&mut self, window: Vec<Planned>) -> Vec<Item> {
        let mut items = Vec::new();
        for mut job in window {
            let outgoing = std::mem::take(&mut job.outgoing);
            for segment in outgoing.iter() {
                items.push(Item {
                    id: segment.todo.id as u64,
                    text: segment.parsed.to_mt_xml(segment.todo.markup.into()),
                });
            }
            let count = outgoing.len();
            self.segments.extend(
                outgoing
                    .into_iter()
                    .map(|segment| (segment.todo.id as u64, (job.job_id, segment))),
            );
            self.jobs.insert(job.job_id, (job, count));
        }
        items
    }

    /// One request's answers, as a part per job it served; a job's last part carries its
    /// share of the budget.
    fn answer(&mut self, batch: Vec<ItemResult>) -> Vec<Answered> {
        let mut parts: Vec<Answered> = Vec::new();
        for (id, result) in batch {
            let Some((job_id, segment)) = self.segments.remove(&id) else {
                continue;
            };
            let Some((job, waiting)) = self.jobs.get_mut(&job_id) else {
                continue;
            };
            *waiting -= 1;
            let at = match parts.iter().position(|part| part.job_id == job_id) {
                Some(at) => at,
                None => {
                    parts.push(Answered::first(job));
                    parts.len() - 1
                }
            };
            parts[at].answers.push((segment, result));
        }
        for part in &mut parts {
            if self.jobs.get(&part.job_id).is_some_and(|(_, n)| *n == 0)
                && let Some((job, _)) = self.jobs.remove(&part.job_id)
            {
                part.last = true;
                part.reserved = job.reserved;
            }
        }
        parts
    }
}

/// Checks a part's answers (asking again once, strictly, for damaged ones) and turns it into
/// what is written. Take the part's [`Answered::take_reserved`] first, to drop it once the
/// part is written.
pub async fn finish(
    translator: &Translator,
    run: RunId,
    answered: Answered,
    pseudo: bool,
) -> JobPart {
    let Answered {
        job_id,
        file_name,
        pair,
        fills,
        from_memory,
        answers,
        without_languages,
        last,
        reserved: _,
        terms,
        glossary_id,
    } = answered;
    let mut part = JobPart {
        job_id,
        file_name,
        fills,
        from_memory,
        from_mt: 0,
        flagged: 0,
        term_warnings: 0,
        error: None,
        last,
    };
    if without_languages {
        part.error = Some(MtError::BadRequest {
            message: "the file does not name its source and target languages".into(),
        });
        return part;
    }
    let origin = Change::MachineTranslated { pseudo };
    let mut damaged = Vec::new();
    for (segment, result) in answers {
        match result.map(|xml| read_answer(&xml, &segment)) {
            Ok(Ok(target)) => {
                part.from_mt += 1;
                part.add_checked(checked(&segment.todo, target, origin, terms.as_deref()));
            }
            Ok(Err(_)) => damaged.push(segment),
            Err(error) => note(&mut part.error, error),
        }
    }
    let Some(pair) = pair.filter(|_| !damaged.is_empty()) else {
        return part;
    };
    let items = damaged
        .iter()
        .map(|segment| Item {
            id: segment.todo.id as u64,
            text: segment.parsed.to_mt_xml(segment.todo.markup.into()),
        })
        .collect();
    let retried: HashMap<u64, Result<String, MtError>> = translator
        .translate_all(
            spec(run, &pair, true, glossary_id, terms.as_ref()),
            items,
            |_| {},
        )
        .await
        .into_iter()
        .collect();
    for segment in damaged {
        match retried.get(&(segment.todo.id as u64)) {
            Some(Ok(xml)) => match read_answer(xml, &segment) {
                Ok(target) => {
                    part.from_mt += 1;
                    part.add_checked(checked(&segment.todo, target, origin, terms.as_deref()));
                }
                Err(problem) => {
                    part.flagged += 1;
                    part.fills.push(kept_source(&segment.todo, &problem));
                }
            },
            Some(Err(error)) => note(&mut part.error, error.clone()),
            None => {}
        }
    }
    part
}

/// The first error, unless a later one stops the run (that one matters more).
fn note(slot: &mut Option<MtError>, error: MtError) {
    if slot.is_none() || (error.stops_run() && !slot.as_ref().is_some_and(MtError::stops_run)) {
        *slot = Some(error);
    }
}

/// The answer with the source's original markup restored, or why its markup is damaged.
fn read_answer(xml: &str, segment: &Outgoing) -> Result<String, String> {
    let markup: Markup = segment.todo.markup.into();
    Segment::from_mt_xml(xml, &segment.parsed, markup)
        .map(|target| target.to_content())
        .map_err(|e| e.to_string())
}

fn kept_source(todo: &SegmentTodo, problem: &str) -> Fill {
    let flag = QaFlag {
        kind: "mt_markup".into(),
        message: format!(
            "Machine translation damaged the markup twice ({problem}); the source text was kept for review."
        ),
    };
    Fill {
        segment_id: todo.id,
        target: todo.source.clone(),
        change: Change::MachineDamaged,
        qa_flags: serde_json::to_string(&[flag]).unwrap_or_else(|_| qa_flags::NONE.to_owned()),
    }
}

#[cfg(test)]
mod tests {
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
        )
        .await
        .unwrap();
        let changes = |threshold| async move {
            let jobs = translation::store::jobs::of_project(db, project_id)
                .await
                .unwrap();
            let todos = store::todos(db, jobs).await.unwrap();
            let memory_use = MemoryUse {
                client_id: None,
                fuzzy_threshold: threshold,
            };
            let planned = plan(db, memory_use, todos, None).await.unwrap();
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

    /// Segments in the parts received so far.
    fn segments(parts: &[Answered]) -> usize {
        parts.iter().map(|p| p.fills.len() + p.answers.len()).sum()
    }

    /// With nothing written, the engine reads and sends no more than the budget; as the parts
    /// are written (their shares dropped), it reads on until every segment is answered.
    #[tokio::test]
    async fn a_run_holds_no_more_than_the_budget_until_parts_are_written() {
        let scratch = Scratch::new().await;
        let db = &scratch.db;
        let names: Vec<String> = (0..8).map(|i| format!("page-{i}.xliff")).collect();
        let bytes = xliff(1_000);
        let files: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), &bytes[..])).collect();
        let (project_id, _) = testing::project_of(db, &files).await;
        let jobs: Vec<Pending> = translation::store::jobs::of_project(db, project_id)
            .await
            .unwrap()
            .into_iter()
            .map(|job| Pending {
                job,
                segments: 1_000,
            })
            .collect();
        let config = ProviderConfig::new(ProviderKind::Pseudo);
        let translator = Translator::new(wordmark_mt::build(&config).unwrap(), &config);
        let (sender, mut receiver) = mpsc::unbounded_channel();
        let translating = translate(
            db,
            MemoryUse::default(),
            &translator,
            RunId(1),
            jobs,
            sender,
            Arc::default(),
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
