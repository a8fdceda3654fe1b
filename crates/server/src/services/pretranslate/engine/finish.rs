//! Finishing a part: every answer's markup checked against the source, a damaged one asked
//! again once with the strictest protection, failing that the source kept and the segment
//! flagged.

use super::*;

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
                part.add_checked(plan::checked(
                    &segment.todo,
                    target,
                    origin,
                    terms.as_deref(),
                ));
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
            plan::spec(run, &pair, true, glossary_id, terms.as_ref()),
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
                    part.add_checked(plan::checked(
                        &segment.todo,
                        target,
                        origin,
                        terms.as_deref(),
                    ));
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
pub(super) fn note(slot: &mut Option<MtError>, error: MtError) {
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
