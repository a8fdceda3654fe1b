//! Planning a window: exact memory matches filled (per client and language pair), the rest
//! split into the provider's requests, the termbase's glossary made ready for the pair.

use super::*;
use time::OffsetDateTime;

/// Fills a window's exact memory matches (per client and language pair) and prepares the rest
/// for the provider. Segments without text to translate keep their source as target.
pub(super) async fn plan(
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
pub(super) fn split(
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

pub(super) fn fill(segment_id: i64, target: String, change: Change) -> Fill {
    Fill {
        segment_id,
        target,
        change,
        qa_flags: qa_flags::NONE.to_owned(),
    }
}

/// A machine translated target with the termbase's warnings, if there is a termbase.
pub(super) fn checked(
    todo: &SegmentTodo,
    target: String,
    change: Change,
    terms: Option<&TermIndex>,
) -> Fill {
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
pub(super) fn spec(
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
pub(super) async fn glossary(
    db: &impl ConnectionTrait,
    translator: &Translator,
    run: RunId,
    client_id: Option<i32>,
    (source, target): &Pair,
    terms: Option<&TermIndex>,
    now: OffsetDateTime,
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
    match terminology::glossary::sync(db, provider.as_ref(), client_id, &dictionary, now).await {
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
