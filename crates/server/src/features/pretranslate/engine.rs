//! Translating jobs: exact translation-memory matches first, the rest through the provider
//! (segments of several jobs share requests), then every answer's markup checked against the
//! source. A damaged answer is asked again once with the provider's strictest protection;
//! failing that the source text is kept as target and the segment flagged. A corrupted target
//! is never produced.

use std::collections::HashMap;

use futures::StreamExt;
use sea_orm::{ConnectionTrait, DbErr};
use tokio::sync::mpsc;
use wordmark_core::segment::{Markup, Segment};
use wordmark_mt::{Item, ItemResult, MtError, RunId, RunSpec, Translator};

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
    pub segments: Vec<SegmentTodo>,
}

/// A job after translation: what to write, the counts for its line, and its first failure
/// (segments it hit stay without a target and are tried again by the next run).
#[derive(Debug)]
pub struct JobResult {
    pub job_id: i32,
    pub file_name: String,
    pub segments: i32,
    pub fills: Vec<Fill>,
    pub from_memory: i32,
    pub from_mt: i32,
    pub flagged: i32,
    pub error: Option<MtError>,
}

impl JobResult {
    /// Spent quota, a refused key, an unreachable provider: the run stops here.
    pub fn stops_run(&self) -> bool {
        self.error.as_ref().is_some_and(MtError::stops_run)
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
    segments: i32,
    pair: Option<(String, String)>,
    fills: Vec<Fill>,
    from_memory: i32,
    outgoing: Vec<Outgoing>,
}

/// A planned job with the provider's raw answers.
pub struct Answered {
    planned: Planned,
    results: Vec<ItemResult>,
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
                segments: i32::try_from(job.segments.len()).unwrap_or(i32::MAX),
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
                let parsed = Segment::parse(&todo.source, todo.markup.into());
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
/// passes each job on as soon as all its answers are in. Returns early when the receiver is
/// gone (the run stopped).
pub async fn translate(
    translator: &Translator,
    run: RunId,
    planned: Vec<Planned>,
    out: mpsc::UnboundedSender<Answered>,
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
                let answered = Answered {
                    planned: job,
                    results: Vec::new(),
                };
                if out.send(answered).is_err() {
                    return;
                }
            }
        }
    }
    for pair in pairs {
        let jobs = groups.remove(&pair).unwrap_or_default();
        let mut owner: HashMap<u64, usize> = HashMap::new();
        let mut items = Vec::new();
        for (index, job) in jobs.iter().enumerate() {
            for segment in &job.outgoing {
                let id = segment.todo.id as u64;
                owner.insert(id, index);
                items.push(Item {
                    id,
                    text: segment.parsed.to_mt_xml(segment.todo.markup.into()),
                });
            }
        }
        let mut waiting: Vec<usize> = jobs.iter().map(|job| job.outgoing.len()).collect();
        let mut results: Vec<Vec<ItemResult>> = jobs.iter().map(|_| Vec::new()).collect();
        let mut jobs: Vec<Option<Planned>> = jobs.into_iter().map(Some).collect();
        let mut stream =
            std::pin::pin!(translator.translate_stream(spec(run, &pair, false), items));
        while let Some(batch) = stream.next().await {
            for (id, result) in batch {
                let Some(&index) = owner.get(&id) else {
                    continue;
                };
                results[index].push((id, result));
                waiting[index] -= 1;
                if waiting[index] == 0
                    && let Some(planned) = jobs[index].take()
                {
                    let answered = Answered {
                        planned,
                        results: std::mem::take(&mut results[index]),
                    };
                    if out.send(answered).is_err() {
                        return;
                    }
                }
            }
        }
    }
}

/// Checks the answers' markup (asking again once, strictly, for damaged ones) and turns the
/// job into what is written.
pub async fn finish(
    translator: &Translator,
    run: RunId,
    answered: Answered,
    pseudo: bool,
) -> JobResult {
    let Answered { planned, results } = answered;
    let mut job = JobResult {
        job_id: planned.job_id,
        file_name: planned.file_name,
        segments: planned.segments,
        fills: planned.fills,
        from_memory: planned.from_memory,
        from_mt: 0,
        flagged: 0,
        error: None,
    };
    if planned.pair.is_none() && !planned.outgoing.is_empty() {
        job.error = Some(MtError::BadRequest {
            message: "the file does not name its source and target languages".into(),
        });
        return job;
    }
    let mut outgoing: HashMap<u64, Outgoing> = planned
        .outgoing
        .into_iter()
        .map(|o| (o.todo.id as u64, o))
        .collect();
    let origin = Change::MachineTranslated { pseudo };
    let mut damaged = Vec::new();
    for (id, result) in results {
        let Some(segment) = outgoing.remove(&id) else {
            continue;
        };
        match result.map(|xml| read_answer(&xml, &segment)) {
            Ok(Ok(target)) => {
                job.from_mt += 1;
                job.fills.push(fill(segment.todo.id, target, origin));
            }
            Ok(Err(_)) => damaged.push(segment),
            Err(error) => note(&mut job.error, error),
        }
    }
    if damaged.is_empty() {
        return job;
    }
    let Some(pair) = planned.pair else {
        return job;
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
                    job.from_mt += 1;
                    job.fills.push(fill(segment.todo.id, target, origin));
                }
                Err(problem) => {
                    job.flagged += 1;
                    job.fills.push(kept_source(&segment.todo, &problem));
                }
            },
            Some(Err(error)) => note(&mut job.error, error.clone()),
            None => {}
        }
    }
    job
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
