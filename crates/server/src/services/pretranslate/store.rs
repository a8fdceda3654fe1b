//! Storage of runs and their jobs' lines; the segments they fill are written through
//! `services::translation`, in the same transaction as the job's counts and line.

use std::{collections::HashMap, sync::Arc};

use sea_orm::{
    ActiveValue::Set,
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, SqlErr,
    sea_query::{Expr, ExprTrait},
};
use time::OffsetDateTime;

use super::engine::{JobPart, JobTodo, SegmentTodo};
pub use crate::services::runs::Claim;
use crate::{
    db::{
        self,
        entities::{
            pretranslate_run::{self as run, RunState},
            pretranslate_run_job::{self as run_job, LineKind, RunJobState},
        },
    },
    services::{
        runs,
        translation::{
            self,
            jobs::JobRow,
            status::{self, Step},
        },
    },
};

/// SQL `IN` lists stay below every backend's parameter limit.
const IN_CHUNK: usize = 500;

/// A run as this service answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub id: i32,
    pub project_id: i32,
    pub state: RunState,
    /// `wordmark_mt::ProviderKind` name of the provider the run started with.
    pub provider: String,
    pub pseudo: bool,
    pub error: Option<String>,
    /// What the run wants its user to know without having failed (a glossary the provider
    /// refused): a JSON array of texts, NULL for none.
    pub notices: Option<String>,
    /// The server instance working the run; its claim holds until `lease_until`.
    pub lease_owner: Option<String>,
    pub lease_until: Option<time::OffsetDateTime>,
    pub created_at: time::OffsetDateTime,
    pub updated_at: time::OffsetDateTime,
}

impl From<run::Model> for Run {
    fn from(row: run::Model) -> Self {
        Self {
            id: row.id,
            project_id: row.project_id,
            state: row.state,
            provider: row.provider,
            pseudo: row.pseudo,
            error: row.error,
            notices: row.notices,
            lease_owner: row.lease_owner,
            lease_until: row.lease_until,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// A run's job, with its counts and status line, as this service answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunJob {
    pub id: i32,
    pub run_id: i32,
    pub job_id: i32,
    pub position: i32,
    pub file_name: String,
    pub state: RunJobState,
    pub kind: Option<LineKind>,
    pub message: Option<String>,
    /// Segments to translate when the run started.
    pub segments: i32,
    /// Characters of source text (without markup) of those segments.
    pub characters: i64,
    pub from_memory: i32,
    pub from_mt: i32,
    pub flagged: i32,
    /// Machine translations the termbase's checks warned about.
    pub term_warnings: i32,
    pub finished_at: Option<time::OffsetDateTime>,
}

impl From<run_job::Model> for RunJob {
    fn from(row: run_job::Model) -> Self {
        Self {
            id: row.id,
            run_id: row.run_id,
            job_id: row.job_id,
            position: row.position,
            file_name: row.file_name,
            state: row.state,
            kind: row.kind,
            message: row.message,
            segments: row.segments,
            characters: row.characters,
            from_memory: row.from_memory,
            from_mt: row.from_mt,
            flagged: row.flagged,
            term_warnings: row.term_warnings,
            finished_at: row.finished_at,
        }
    }
}

/// The untranslated segments of `jobs`, in file order, as work for the engine.
pub async fn todos(db: &impl ConnectionTrait, jobs: Vec<JobRow>) -> Result<Vec<JobTodo>, DbErr> {
    let ids: Vec<i32> = jobs.iter().map(|j| j.id).collect();
    let shortcodes = translation::jobs::shortcodes(db, &ids).await?;
    let mut by_job: HashMap<i32, Vec<SegmentTodo>> = HashMap::new();
    for segment in translation::segments::untranslated_of_jobs(db, &ids).await? {
        by_job.entry(segment.job_id).or_default().push(SegmentTodo {
            id: segment.id,
            source: segment.source,
            markup: segment.markup,
            resname: segment.resname,
        });
    }
    Ok(jobs
        .into_iter()
        .map(|job| JobTodo {
            segments: by_job.remove(&job.id).unwrap_or_default(),
            shortcodes: Arc::clone(shortcodes.of(job.id)),
            job_id: job.id,
            file_name: job.file_name,
            source_lang: job.source_lang,
            target_lang: job.target_lang,
        })
        .collect())
}

pub async fn find_run(db: &impl ConnectionTrait, project_id: i32) -> Result<Option<Run>, DbErr> {
    run::Entity::find()
        .filter(run::Column::ProjectId.eq(project_id))
        .one(db)
        .await
        .map(|found| found.map(Run::from))
}

pub async fn run_by_id(db: &impl ConnectionTrait, run_id: i32) -> Result<Option<Run>, DbErr> {
    run::Entity::find_by_id(run_id)
        .one(db)
        .await
        .map(|found| found.map(Run::from))
}

/// The run's jobs: finished ones first in the order they finished, then the pending ones.
pub async fn run_jobs(db: &impl ConnectionTrait, run_id: i32) -> Result<Vec<RunJob>, DbErr> {
    let mut jobs = run_job::Entity::find()
        .filter(run_job::Column::RunId.eq(run_id))
        .order_by_asc(run_job::Column::Position)
        .all(db)
        .await?;
    jobs.sort_by_key(|j| (j.finished_at.is_none(), j.finished_at, j.position));
    Ok(jobs.into_iter().map(RunJob::from).collect())
}

/// A job to put in a run.
pub struct NewRunJob {
    pub job_id: i32,
    pub file_name: String,
    pub segments: i32,
    pub characters: i64,
}

/// A new run over `jobs`, replacing the project's
/// finished run, claimed by `claim`. Two requests racing for the same project: the unique
/// project id lets one win; the other fails as [`lost_race`] tells.
pub async fn create_run(
    db: &DatabaseConnection,
    project_id: i32,
    provider: &str,
    pseudo: bool,
    claim: Claim<'_>,
    jobs: &[NewRunJob],
    now: OffsetDateTime,
) -> Result<Run, DbErr> {
    let txn = crate::db::begin_write(db).await?;
    run::Entity::delete_many()
        .filter(run::Column::ProjectId.eq(project_id))
        .filter(run::Column::State.ne(RunState::Running))
        .exec(&txn)
        .await?;
    let done = jobs.is_empty();
    let created = run::Entity::insert(run::ActiveModel {
        project_id: Set(project_id),
        state: Set(if done {
            RunState::Done
        } else {
            RunState::Running
        }),
        provider: Set(provider.to_owned()),
        pseudo: Set(pseudo),
        error: Set(None),
        lease_owner: Set((!done).then(|| claim.owner.to_owned())),
        lease_until: Set((!done).then_some(now + claim.lease)),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    })
    .exec_with_returning(&txn)
    .await?;
    let rows = jobs
        .iter()
        .enumerate()
        .map(|(position, job)| run_job::ActiveModel {
            run_id: Set(created.id),
            job_id: Set(job.job_id),
            position: Set(i32::try_from(position).unwrap_or(i32::MAX)),
            file_name: Set(job.file_name.clone()),
            state: Set(RunJobState::Pending),
            kind: Set(None),
            message: Set(None),
            segments: Set(job.segments),
            characters: Set(job.characters),
            from_memory: Set(0),
            from_mt: Set(0),
            flagged: Set(0),
            term_warnings: Set(0),
            finished_at: Set(None),
            ..Default::default()
        });
    let rows: Vec<_> = rows.collect();
    for chunk in rows.chunks(IN_CHUNK / 16) {
        run_job::Entity::insert_many(chunk.to_vec())
            .exec(&txn)
            .await?;
    }
    if done {
        status::advance(&txn, project_id, Step::Pretranslated, None, now).await?;
    }
    txn.commit().await?;
    Ok(created.into())
}

/// Claims the run for `claim.owner` when it is running and unclaimed, claimed by that owner
/// already, or its claim expired. One atomic update, so only one instance wins.
pub async fn claim(
    db: &impl ConnectionTrait,
    run_id: i32,
    claim: Claim<'_>,
    now: OffsetDateTime,
) -> Result<bool, DbErr> {
    let owner = claim.owner;
    let result = run::Entity::update_many()
        .col_expr(run::Column::LeaseOwner, Expr::value(owner))
        .col_expr(run::Column::LeaseUntil, Expr::value(now + claim.lease))
        .col_expr(run::Column::UpdatedAt, Expr::value(now))
        .filter(run::Column::Id.eq(run_id))
        .filter(run::Column::State.eq(RunState::Running))
        .filter(runs::claimable(
            run::Column::LeaseOwner,
            run::Column::LeaseUntil,
            owner,
            now,
        ))
        .exec(db)
        .await?;
    Ok(result.rows_affected == 1)
}

/// Extends the claim; false when its owner lost the run (the claim expired and another
/// instance took it, or it was handed back) or the run is no longer running.
pub async fn heartbeat(
    db: &impl ConnectionTrait,
    run_id: i32,
    claim: Claim<'_>,
    now: OffsetDateTime,
) -> Result<bool, DbErr> {
    let result = run::Entity::update_many()
        .col_expr(run::Column::LeaseUntil, Expr::value(now + claim.lease))
        .col_expr(run::Column::UpdatedAt, Expr::value(now))
        .filter(run::Column::Id.eq(run_id))
        .filter(run::Column::State.eq(RunState::Running))
        .filter(run::Column::LeaseOwner.eq(claim.owner))
        .exec(db)
        .await?;
    Ok(result.rows_affected == 1)
}

/// Gives up `owner`'s claims at shutdown, so the next server to start (or another one running)
/// resumes those runs at once instead of after the claim expires. Without an owner, a write
/// this process still attempts fails instead of renewing the claim.
pub async fn release_claims(db: &impl ConnectionTrait, owner: &str) -> Result<(), DbErr> {
    run::Entity::update_many()
        .col_expr(run::Column::LeaseOwner, Expr::value(Option::<String>::None))
        .col_expr(
            run::Column::LeaseUntil,
            Expr::value(Option::<OffsetDateTime>::None),
        )
        .filter(run::Column::State.eq(RunState::Running))
        .filter(run::Column::LeaseOwner.eq(owner))
        .exec(db)
        .await?;
    Ok(())
}

/// Running runs nobody holds (their instance died or was restarted).
pub async fn orphaned_runs(
    db: &impl ConnectionTrait,
    now: OffsetDateTime,
) -> Result<Vec<i32>, DbErr> {
    run::Entity::find()
        .select_only()
        .column(run::Column::Id)
        .filter(run::Column::State.eq(RunState::Running))
        .filter(runs::orphaned(
            run::Column::LeaseOwner,
            run::Column::LeaseUntil,
            now,
        ))
        .into_tuple()
        .all(db)
        .await
}

/// Where the targets go: with a run, the job's counts (and line) are written in the same
/// transaction, and only while the claim holds and the job is still pending (so nothing is
/// written twice, even by two instances).
pub struct RunJobKey<'a> {
    pub run_id: i32,
    pub claim: Claim<'a>,
}

/// Why a job's targets were not written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("this server no longer holds the run")]
    LostRun,
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// A part of a job to write, with the job's line when it is the job's last.
#[derive(Debug)]
pub struct PartWrite {
    pub part: JobPart,
    pub line: Option<(LineKind, Option<String>)>,
}

/// Writes parts of jobs in one short transaction: their targets (only into segments that still
/// have none) and, within a run, the claim's heartbeat, each job's counts (added to what earlier
/// parts, also of an earlier server, wrote) and the lines of the jobs finished with them.
pub async fn write_parts(
    db: &DatabaseConnection,
    run: Option<RunJobKey<'_>>,
    parts: Vec<PartWrite>,
    now: OffsetDateTime,
) -> Result<(), WriteError> {
    // Without a run the first statement reads the segments' open targets.
    let txn = db::begin_write(db).await?;
    if let Some(key) = run {
        if !heartbeat(&txn, key.run_id, key.claim, now).await? {
            return Err(WriteError::LostRun);
        }
        for PartWrite { part, line } in &parts {
            let add = |column: run_job::Column, count: i32| {
                (column, Expr::col(column).add(Expr::value(count)))
            };
            let mut update = run_job::Entity::update_many();
            for (column, value) in [
                add(run_job::Column::FromMemory, part.from_memory),
                add(run_job::Column::FromMt, part.from_mt),
                add(run_job::Column::Flagged, part.flagged),
                add(run_job::Column::TermWarnings, part.term_warnings),
            ] {
                update = update.col_expr(column, value);
            }
            if let Some((kind, message)) = line {
                update = update
                    .col_expr(run_job::Column::State, Expr::value(RunJobState::Done))
                    .col_expr(run_job::Column::Kind, Expr::value(*kind))
                    .col_expr(run_job::Column::Message, Expr::value(message.clone()))
                    .col_expr(run_job::Column::FinishedAt, Expr::value(now));
            }
            let updated = update
                .filter(run_job::Column::RunId.eq(key.run_id))
                .filter(run_job::Column::JobId.eq(part.job_id))
                .filter(run_job::Column::State.eq(RunJobState::Pending))
                .exec(&txn)
                .await?;
            if updated.rows_affected != 1 {
                return Err(WriteError::LostRun);
            }
        }
    }
    let fills: Vec<_> = parts
        .into_iter()
        .flat_map(|write| write.part.fills)
        .collect();
    translation::apply_mt_fills(&txn, &fills, now).await?;
    txn.commit().await?;
    Ok(())
}

/// Adds a notice to the run's report (read, then written: only the run's worker adds them).
pub async fn add_notice(db: &impl ConnectionTrait, run_id: i32, notice: &str) -> Result<(), DbErr> {
    let Some(found) = run::Entity::find_by_id(run_id).one(db).await? else {
        return Ok(());
    };
    let mut all = notices(&found.into());
    all.push(notice.to_owned());
    let text = serde_json::to_string(&all).map_err(|e| DbErr::Custom(e.to_string()))?;
    run::Entity::update_many()
        .col_expr(run::Column::Notices, Expr::value(Some(text)))
        .filter(run::Column::Id.eq(run_id))
        .exec(db)
        .await?;
    Ok(())
}

/// Whether [`create_run`] failed because another request created the project's run a moment
/// ago (then that run is the one to show).
pub fn lost_race(error: &DbErr) -> bool {
    matches!(error.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

/// The running runs: how many an instance works (a live lease) and how many in all.
pub async fn running_counts(
    db: &impl ConnectionTrait,
    now: OffsetDateTime,
) -> Result<(u64, u64), DbErr> {
    let running = || run::Entity::find().filter(run::Column::State.eq(RunState::Running));
    let working = running()
        .filter(run::Column::LeaseUntil.gt(now))
        .count(db)
        .await?;
    Ok((working, running().count(db).await?))
}

/// The run's notices, oldest first.
pub fn notices(run: &Run) -> Vec<String> {
    run.notices
        .as_deref()
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or_default()
}

/// Ends a run: `Done` when every job is finished (the project becomes Pretranslated),
/// `Failed` with the provider's message. The claim is released either way.
pub async fn end_run(
    db: &DatabaseConnection,
    run: &Run,
    owner: &str,
    error: Option<String>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let txn = crate::db::begin_write(db).await?;
    let pending = run_job::Entity::find()
        .filter(run_job::Column::RunId.eq(run.id))
        .filter(run_job::Column::State.eq(RunJobState::Pending))
        .count(&txn)
        .await?;
    let state = match (&error, pending) {
        (Some(_), _) => RunState::Failed,
        (None, 0) => RunState::Done,
        // Not finished and no error: leave it running for whoever resumes it.
        (None, _) => RunState::Running,
    };
    run::Entity::update_many()
        .col_expr(run::Column::State, Expr::value(state))
        .col_expr(run::Column::Error, Expr::value(error))
        .col_expr(run::Column::LeaseOwner, Expr::value(Option::<String>::None))
        .col_expr(
            run::Column::LeaseUntil,
            Expr::value(Option::<OffsetDateTime>::None),
        )
        .col_expr(run::Column::UpdatedAt, Expr::value(now))
        .filter(run::Column::Id.eq(run.id))
        .filter(run::Column::LeaseOwner.eq(owner))
        .exec(&txn)
        .await?;
    if state == RunState::Done {
        status::advance(&txn, run.project_id, Step::Pretranslated, None, now).await?;
    }
    txn.commit().await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::clock::TEST_NOW;
    use crate::{
        db::{
            entities::{translation_project::ProjectStatus, translation_segment::SegmentOrigin},
            scratch::Scratch,
        },
        services::translation::{segment_state::Change, segments::Fill, testing},
    };

    const ONE: Claim<'static> = Claim {
        owner: "one",
        lease: time::Duration::seconds(30),
    };

    /// Machine translations of `segments` of the job, as one provider request returns them.
    fn part(todo: &JobTodo, segments: std::ops::Range<usize>, last: bool) -> PartWrite {
        let segments = &todo.segments[segments];
        let part = JobPart {
            job_id: todo.job_id,
            file_name: todo.file_name.clone(),
            fills: segments
                .iter()
                .map(|s| Fill {
                    segment_id: s.id,
                    target: format!("MT {}", s.source),
                    change: Change::MachineTranslated { pseudo: false },
                    qa_flags: "[]".into(),
                })
                .collect(),
            from_memory: 0,
            from_mt: i32::try_from(segments.len()).unwrap(),
            flagged: 0,
            term_warnings: 0,
            error: None,
            last,
        };
        let line = last.then(|| (LineKind::Success, Some("done".to_owned())));
        PartWrite { part, line }
    }

    fn key(run_id: i32) -> Option<RunJobKey<'static>> {
        Some(RunJobKey { run_id, claim: ONE })
    }

    #[tokio::test]
    async fn a_run_claims_writes_each_part_once_and_ends_pretranslated() {
        let scratch = Scratch::new().await;
        let db = &scratch.db;
        let (project_id, job_ids) = testing::project(db).await;
        let jobs = translation::jobs::of_project(db, project_id).await.unwrap();
        let todos = todos(db, jobs).await.unwrap();
        let copies = &todos[0];
        assert_eq!(copies.job_id, job_ids[0]);
        assert_eq!(
            copies.segments.len(),
            2,
            "the suggestion has a target already"
        );
        assert_eq!(copies.target_lang.as_deref(), Some("de"));

        let new_jobs: Vec<NewRunJob> = todos
            .iter()
            .map(|t| NewRunJob {
                job_id: t.job_id,
                file_name: t.file_name.clone(),
                segments: i32::try_from(t.segments.len()).unwrap(),
                characters: 10,
            })
            .collect();
        let run = create_run(db, project_id, "deepl", false, ONE, &new_jobs, TEST_NOW)
            .await
            .unwrap();
        assert!(claim(db, run.id, ONE, TEST_NOW).await.unwrap());
        let two = Claim {
            owner: "two",
            ..ONE
        };
        assert!(
            !claim(db, run.id, two, TEST_NOW).await.unwrap(),
            "the claim holds"
        );
        assert!(heartbeat(db, run.id, ONE, TEST_NOW).await.unwrap());
        assert!(!heartbeat(db, run.id, two, TEST_NOW).await.unwrap());

        // The first request's answer is stored at once: the job is not finished yet, but its
        // written segment and count survive whatever happens to the rest.
        write_parts(db, key(run.id), vec![part(copies, 0..1, false)], TEST_NOW)
            .await
            .unwrap();
        let line = run_jobs(db, run.id).await.unwrap();
        let first = line.iter().find(|j| j.job_id == copies.job_id).unwrap();
        assert_eq!(
            (first.state, first.from_mt, first.kind),
            (RunJobState::Pending, 1, None)
        );
        let segments = translation::segments::of_job(db, copies.job_id)
            .await
            .unwrap();
        assert_eq!(segments[0].origin, SegmentOrigin::Mt);
        assert_eq!(
            segments[0].target,
            Some(format!("MT {}", segments[0].source))
        );
        assert_eq!(segments[1].target, None);

        // The rest in one write with the other jobs: the counts add up, the lines are written.
        let rest: Vec<PartWrite> = std::iter::once(part(copies, 1..2, true))
            .chain(
                todos[1..]
                    .iter()
                    .map(|t| part(t, 0..t.segments.len(), true)),
            )
            .collect();
        write_parts(db, key(run.id), rest, TEST_NOW).await.unwrap();
        let again = write_parts(db, key(run.id), vec![part(copies, 0..2, true)], TEST_NOW).await;
        assert!(matches!(again, Err(WriteError::LostRun)), "{again:?}");
        let finished = run_jobs(db, run.id).await.unwrap();
        let first = finished.iter().find(|j| j.job_id == copies.job_id).unwrap();
        assert_eq!(
            (first.state, first.from_mt, first.kind),
            (RunJobState::Done, 2, Some(LineKind::Success))
        );
        assert!(finished.iter().all(|j| j.state == RunJobState::Done));

        end_run(db, &run, "one", None, TEST_NOW).await.unwrap();
        let ended = run_by_id(db, run.id).await.unwrap().unwrap();
        assert_eq!(ended.state, RunState::Done);
        assert_eq!(ended.lease_owner, None);
        let status = translation::projects::head(db, project_id)
            .await
            .unwrap()
            .unwrap()
            .status;
        assert_eq!(status, ProjectStatus::Pretranslated);
        let left = translation::segments::untranslated_of_jobs(db, &job_ids)
            .await
            .unwrap();
        assert!(left.is_empty(), "{left:?}");
        scratch.remove().await;
    }

    #[tokio::test]
    async fn runs_nobody_holds_are_found_and_released_claims_free_them() {
        let scratch = Scratch::new().await;
        let db = &scratch.db;
        let (project_id, job_ids) = testing::project(db).await;
        let job = NewRunJob {
            job_id: job_ids[0],
            file_name: "copies.xliff".into(),
            segments: 2,
            characters: 10,
        };
        let run = create_run(db, project_id, "deepl", false, ONE, &[job], TEST_NOW)
            .await
            .unwrap();
        assert!(
            orphaned_runs(db, TEST_NOW).await.unwrap().is_empty(),
            "claimed at creation"
        );
        release_claims(db, "one").await.unwrap();
        assert_eq!(orphaned_runs(db, TEST_NOW).await.unwrap(), [run.id]);
        assert!(
            !heartbeat(db, run.id, ONE, TEST_NOW).await.unwrap(),
            "a run handed back is not renewed by its old owner"
        );
        let two = Claim {
            owner: "two",
            ..ONE
        };
        assert!(
            claim(db, run.id, two, TEST_NOW).await.unwrap(),
            "a released run is taken over"
        );
        let found = find_run(db, project_id).await.unwrap().unwrap();
        assert_eq!(found.lease_owner.as_deref(), Some("two"));
        end_run(db, &run, "two", Some("quota".into()), TEST_NOW)
            .await
            .unwrap();
        assert_eq!(
            run_by_id(db, run.id).await.unwrap().unwrap().state,
            RunState::Failed
        );
        let status = translation::projects::head(db, project_id)
            .await
            .unwrap()
            .unwrap()
            .status;
        assert_eq!(
            status,
            ProjectStatus::Created,
            "a failed run does not move the project"
        );
        scratch.remove().await;
    }
}
