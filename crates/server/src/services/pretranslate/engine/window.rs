//! The window flow: jobs read a window at a time as the budget allows, their requests sent,
//! and each part handed on once its answers are in.

use super::*;

/// Reads the jobs (all of one language pair) a window at a time, each window once it has its
/// share of the budget, passes on whole the jobs the provider has nothing to do for and hands
/// the others to `windows`.
#[allow(clippy::too_many_arguments)]
pub(super) async fn read(
    db: &impl ConnectionTrait,
    memory_use: MemoryUse,
    jobs: Vec<Pending>,
    (terms, glossary_id): (Option<Arc<TermIndex>>, Option<String>),
    budget: &Arc<Semaphore>,
    windows: mpsc::Sender<Vec<Planned>>,
    out: &mpsc::Sender<Vec<Answered>>,
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
        for (mut job, permit) in plan::plan(db, memory_use, todos, terms.clone())
            .await?
            .into_iter()
            .zip(reserved)
        {
            job.reserved = permit;
            job.glossary_id.clone_from(&glossary_id);
            if job.pair.is_some() && !job.outgoing.is_empty() {
                to_send.push(job);
            } else if out.send(vec![Answered::whole(job)]).await.is_err() {
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
pub(super) async fn send(
    translator: &Translator,
    spec: RunSpec,
    mut windows: mpsc::Receiver<Vec<Planned>>,
    out: &mpsc::Sender<Vec<Answered>>,
    halt: &Arc<OnceLock<MtError>>,
) {
    // Windows are registered when the translator takes them, answers read when it returns
    // them: both in this task, never at the same time.
    let waiting = Arc::new(Mutex::new(Waiting::default()));
    let taking = Arc::clone(&waiting);
    let items = stream::poll_fn(move |cx| windows.poll_recv(cx))
        .map(move |window| lock(&taking).register(window));
    let mut answers = std::pin::pin!(translator.translate_windows(spec, items, Arc::clone(halt)));
    // The channel to the writer holds ANSWERS_WAITING messages: while the writer is behind,
    // this waits with one request's answers and, not polling the translator, lets it start no
    // new request. So what a crash loses is the requests in flight plus at most
    // 2 × ANSWERS_WAITING + 2 answered ones (those in the write under way, those waiting in
    // the channel, the one held here). Never waits on a reservation: `read` shares the
    // channel and must always get its turn.
    while let Some(batch) = answers.next().await {
        let parts = lock(&waiting).answer(batch);
        if out.send(parts).await.is_err() {
            return;
        }
    }
}

pub(super) fn lock(waiting: &Mutex<Waiting>) -> std::sync::MutexGuard<'_, Waiting> {
    // Nothing panics while holding it; a poisoned lock's data is still whole.
    waiting
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The segments sent and not yet answered, and their jobs.
#[derive(Default)]
pub(super) struct Waiting {
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
