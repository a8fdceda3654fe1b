//! Translating jobs: exact translation-memory matches first, the rest through the provider
//! (segments of several jobs share requests), then every answer's markup checked against the
//! source. A damaged answer is asked again once with the provider's strictest protection;
//! failing that the source text is kept as target and the segment flagged. A corrupted target
//! is never produced.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use futures::StreamExt;
use sea_orm::{ConnectionTrait, DbErr};
use tokio::sync::mpsc;
use wordmark_core::segment::{Markup, Segment, Shortcodes};
use wordmark_mt::{Item, MtError, RunId, RunSpec, Translator};

use crate::db::entities::translation_segment::SegmentMarkup;
use crate::features::translation::service::Fill;
use crate::features::translation::{
    qa_flags::{self, QaFlag},
    segment_state::Change,
};
use crate::services::memory;

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
    /// The first failure among these segments (they stay without a target and are tried
    /// again by the next run).
    pub error: Option<MtError>,
    /// Every segment of the job is answered (or failed) once this part is written: the job's
    /// line can be written with it.
    pub last: bool,
}

impl JobPart {
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
        }
    }

    /// A job the provider has nothing to do for, whole.
    fn whole(mut job: Planned) -> Self {
        let mut answered = Self::first(&mut job);
        answered.without_languages = job.pair.is_none() && !job.outgoing.is_empty();
        answered.last = true;
        answered
    }
}

/// Fills exact memory matches (per client and language pair) and prepares the rest for the
/// provider. Segments without text to translate keep their source as target.
pub async fn plan(
    db: &impl ConnectionTrait,
    client_id: Option<i32>,
    jobs: Vec<JobTodo>,
) -> Result<Vec<Planned>, DbErr> {
    // One memory lookup per language pair, over all its jobs.
    let mut by_pair: HashMap<(String, String), Vec<usize>> = HashMap::new();
    for (index, job) in jobs.iter().enumerate() {
        if let (Some(source), Some(target)) = (&job.source_lang, &job.target_lang) {
            by_pair
                .entry((source.clone(), target.clone()))
                .or_default()
                .push(index);
        }
    }
    let mut remembered: Vec<HashMap<i64, String>> = vec![HashMap::new(); jobs.len()];
    for ((source_lang, target_lang), indexes) in &by_pair {
        let scope = memory::Scope {
            client_id,
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
        for (index, target) in memory::lookup(db, &scope, &queries).await? {
            let (job, segment) = segments[index];
            remembered[job].insert(segment.id, target);
        }
    }

    // Parsing every segment is CPU work: off the async threads.
    tokio::task::spawn_blocking(move || split(jobs, remembered))
        .await
        .map_err(|e| DbErr::Custom(format!("planning the jobs failed: {e}")))
}

/// Each job's remembered targets as fills, the rest parsed for the provider.
fn split(jobs: Vec<JobTodo>, remembered: Vec<HashMap<i64, String>>) -> Vec<Planned> {
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
            };
            for todo in job.segments {
                if let Some(target) = remembered.remove(&todo.id) {
                    planned.from_memory += 1;
                    planned.fills.push(fill(todo.id, target, Change::Memory));
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

fn spec(run: RunId, (source, target): &(String, String), strict: bool) -> RunSpec {
    RunSpec {
        run,
        source_lang: source.clone(),
        target_lang: target.clone(),
        strict,
    }
}

/// Sends the planned jobs' segments to the provider, one language pair after the other, and
/// passes on each request's answers as soon as it returns, one part per job it served. Stops
/// after a request that stops the run (the next pair would fail the same way), when the
/// receiver is gone, and once `halt` holds an error: then nothing more is sent, and the
/// requests in flight are passed on when they return.
pub async fn translate(
    translator: &Translator,
    run: RunId,
    planned: Vec<Planned>,
    out: mpsc::UnboundedSender<Answered>,
    halt: Arc<OnceLock<MtError>>,
) {
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut groups: HashMap<(String, String), Vec<Planned>> = HashMap::new();
    for job in planned {
        match job.pair.clone() {
            Some(pair) if !job.outgoing.is_empty() => {
                if !groups.contains_key(&pair) {
                    pairs.push(pair.clone());
                }
                groups.entry(pair).or_default().push(job);
            }
            // Nothing for the provider (all from memory, or no languages to translate with).
            _ => {
                if out.send(Answered::whole(job)).is_err() {
                    return;
                }
            }
        }
    }
    for pair in pairs {
        if halt.get().is_some() {
            return;
        }
        let mut jobs = groups.remove(&pair).unwrap_or_default();
        let mut owner: HashMap<u64, (usize, Outgoing)> = HashMap::new();
        let mut items = Vec::new();
        for (index, job) in jobs.iter_mut().enumerate() {
            for segment in std::mem::take(&mut job.outgoing) {
                let id = segment.todo.id as u64;
                items.push(Item {
                    id,
                    text: segment.parsed.to_mt_xml(segment.todo.markup.into()),
                });
                owner.insert(id, (index, segment));
            }
        }
        let mut waiting: Vec<usize> = vec![0; jobs.len()];
        for (index, _) in owner.values() {
            waiting[*index] += 1;
        }
        let mut stopped = false;
        let mut stream = std::pin::pin!(translator.translate_stream_until(
            spec(run, &pair, false),
            items,
            Arc::clone(&halt)
        ));
        while let Some(batch) = stream.next().await {
            let mut parts: Vec<(usize, Answered)> = Vec::new();
            for (id, result) in batch {
                let Some((index, segment)) = owner.remove(&id) else {
                    continue;
                };
                stopped |= result.as_ref().is_err_and(MtError::stops_run);
                waiting[index] -= 1;
                let at = match parts.iter().position(|(i, _)| *i == index) {
                    Some(at) => at,
                    None => {
                        parts.push((index, Answered::first(&mut jobs[index])));
                        parts.len() - 1
                    }
                };
                parts[at].1.answers.push((segment, result));
            }
            for (index, mut part) in parts {
                part.last = waiting[index] == 0;
                if out.send(part).is_err() {
                    return;
                }
            }
        }
        if stopped {
            return;
        }
    }
}

/// Checks a part's answers (asking again once, strictly, for damaged ones) and turns it into
/// what is written.
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
    } = answered;
    let mut part = JobPart {
        job_id,
        file_name,
        fills,
        from_memory,
        from_mt: 0,
        flagged: 0,
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
                part.fills.push(fill(segment.todo.id, target, origin));
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
        .translate_all(spec(run, &pair, true), items, |_| {})
        .await
        .into_iter()
        .collect();
    for segment in damaged {
        match retried.get(&(segment.todo.id as u64)) {
            Some(Ok(xml)) => match read_answer(xml, &segment) {
                Ok(target) => {
                    part.from_mt += 1;
                    part.fills.push(fill(segment.todo.id, target, origin));
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
