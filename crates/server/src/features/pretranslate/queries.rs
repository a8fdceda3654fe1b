//! Storage of runs, their jobs' lines, and the segments they fill.

use std::collections::HashMap;

use sea_orm::{
    ActiveValue::Set,
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
    sea_query::{CaseStatement, Expr},
};
use time::{Duration, OffsetDateTime};

use super::engine::{Fill, JobResult, JobTodo, SegmentTodo};
use crate::db::{
    self,
    entities::{
        pretranslate_run::{self as run, RunState},
        pretranslate_run_job::{self as run_job, LineKind, RunJobState},
        translation_job as job,
        translation_project::{self as project, ProjectStatus},
        translation_segment::{self as segment, SegmentMarkup},
    },
};

/// How long a claim on a run holds without a heartbeat: after that another instance (or this
/// one, restarted) takes the run over.
pub const LEASE: Duration = Duration::seconds(30);

/// SQL `IN` lists stay below every backend's parameter limit.
const IN_CHUNK: usize = 500;

/// A segment still needs a target: translatable and without one.
fn untranslated() -> Condition {
    Condition::all()
        .add(segment::Column::Translatable.eq(true))
        .add(
            Condition::any()
                .add(segment::Column::Target.is_null())
                .add(segment::Column::Target.eq("")),
        )
}

pub async fn project(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Option<project::Model>, DbErr> {
    project::Entity::find_by_id(project_id).one(db).await
}

/// A job's id, project, file name and languages (not its file bytes).
pub struct JobInfo {
    pub id: i32,
    pub project_id: i32,
    pub file_name: String,
    pub source_lang: Option<String>,
    pub target_lang: Option<String>,
}

type JobRow = (i32, i32, String, Option<String>, Option<String>);

fn job_info((id, project_id, file_name, source_lang, target_lang): JobRow) -> JobInfo {
    JobInfo {
        id,
        project_id,
        file_name,
        source_lang,
        target_lang,
    }
}

fn job_columns() -> sea_orm::Select<job::Entity> {
    job::Entity::find().select_only().columns([
        job::Column::Id,
        job::Column::ProjectId,
        job::Column::FileName,
        job::Column::SourceLang,
        job::Column::TargetLang,
    ])
}

pub async fn job(db: &impl ConnectionTrait, job_id: i32) -> Result<Option<JobInfo>, DbErr> {
    let row: Option<JobRow> = job_columns()
        .filter(job::Column::Id.eq(job_id))
        .into_tuple()
        .one(db)
        .await?;
    Ok(row.map(job_info))
}

/// The project's jobs, in upload order.
pub async fn project_jobs(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Vec<JobInfo>, DbErr> {
    let rows: Vec<JobRow> = job_columns()
        .filter(job::Column::ProjectId.eq(project_id))
        .order_by_asc(job::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().map(job_info).collect())
}

/// The untranslated segments of `jobs`, in file order, as work for the engine.
pub async fn todos(db: &impl ConnectionTrait, jobs: Vec<JobInfo>) -> Result<Vec<JobTodo>, DbErr> {
    let ids: Vec<i32> = jobs.iter().map(|j| j.id).collect();
    let mut by_job: HashMap<i32, Vec<SegmentTodo>> = HashMap::new();
    for chunk in ids.chunks(IN_CHUNK) {
        let rows: Vec<(i64, i32, String, SegmentMarkup, Option<String>)> = segment::Entity::find()
            .select_only()
            .columns([
                segment::Column::Id,
                segment::Column::JobId,
                segment::Column::Source,
                segment::Column::Markup,
                segment::Column::Resname,
            ])
            .filter(segment::Column::JobId.is_in(chunk.iter().copied()))
            .filter(untranslated())
            .order_by_asc(segment::Column::JobId)
            .order_by_asc(segment::Column::Position)
            .into_tuple()
            .all(db)
            .await?;
        for (id, job_id, source, markup, resname) in rows {
            by_job.entry(job_id).or_default().push(SegmentTodo {
                id,
                source,
                markup,
                resname,
            });
        }
    }
    Ok(jobs
        .into_iter()
        .map(|job| JobTodo {
            segments: by_job.remove(&job.id).unwrap_or_default(),
            job_id: job.id,
            file_name: job.file_name,
            source_lang: job.source_lang,
            target_lang: job.target_lang,
        })
        .collect())
}

/// Job, source text and markup of the project's untranslated segments.
pub async fn untranslated_sources(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Vec<(i32, String, SegmentMarkup)>, DbErr> {
    segment::Entity::find()
        .select_only()
        .columns([
            segment::Column::JobId,
            segment::Column::Source,
            segment::Column::Markup,
        ])
        .inner_join(job::Entity)
        .filter(job::Column::ProjectId.eq(project_id))
        .filter(untranslated())
        .into_tuple()
        .all(db)
        .await
}

pub async fn find_run(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Option<run::Model>, DbErr> {
    run::Entity::find()
        .filter(run::Column::ProjectId.eq(project_id))
        .one(db)
        .await
}

pub async fn run_by_id(
    db: &impl ConnectionTrait,
    run_id: i32,
) -> Result<Option<run::Model>, DbErr> {
    run::Entity::find_by_id(run_id).one(db).await
}

/// The run's jobs: finished ones first in the order they finished, then the pending ones.
pub async fn run_jobs(
    db: &impl ConnectionTrait,
    run_id: i32,
) -> Result<Vec<run_job::Model>, DbErr> {
    let mut jobs = run_job::Entity::find()
        .filter(run_job::Column::RunId.eq(run_id))
        .order_by_asc(run_job::Column::Position)
        .all(db)
        .await?;
    jobs.sort_by_key(|j| (j.finished_at.is_none(), j.finished_at, j.position));
    Ok(jobs)
}

/// A job to put in a run.
pub struct NewRunJob {
    pub job_id: i32,
    pub file_name: String,
    pub segments: i32,
    pub characters: i64,
}

/// A new run over `jobs`, replacing the project's
/// finished run, claimed by `owner`. Two requests racing for the same project: the unique
/// project id lets one win, the other sees a conflict.
pub async fn create_run(
    db: &DatabaseConnection,
    project_id: i32,
    provider: &str,
    pseudo: bool,
    owner: &str,
    jobs: &[NewRunJob],
) -> Result<run::Model, DbErr> {
    let txn = db.begin().await?;
    run::Entity::delete_many()
        .filter(run::Column::ProjectId.eq(project_id))
        .filter(run::Column::State.ne(RunState::Running))
        .exec(&txn)
        .await?;
    let now = db::now();
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
        lease_owner: Set((!done).then(|| owner.to_owned())),
        lease_until: Set((!done).then_some(now + LEASE)),
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
        mark_pretranslated(&txn, project_id).await?;
    }
    txn.commit().await?;
    Ok(created)
}

/// Claims the run for `owner` when it is running and unclaimed, claimed by `owner` already,
/// or its claim expired. One atomic update, so only one instance wins.
pub async fn claim(db: &impl ConnectionTrait, run_id: i32, owner: &str) -> Result<bool, DbErr> {
    let now = db::now();
    let result = run::Entity::update_many()
        .col_expr(run::Column::LeaseOwner, Expr::value(owner))
        .col_expr(run::Column::LeaseUntil, Expr::value(now + LEASE))
        .col_expr(run::Column::UpdatedAt, Expr::value(now))
        .filter(run::Column::Id.eq(run_id))
        .filter(run::Column::State.eq(RunState::Running))
        .filter(
            Condition::any()
                .add(run::Column::LeaseOwner.is_null())
                .add(run::Column::LeaseOwner.eq(owner))
                .add(run::Column::LeaseUntil.lt(now)),
        )
        .exec(db)
        .await?;
    Ok(result.rows_affected == 1)
}

/// Extends `owner`'s claim; false when it lost the run (the claim expired and another
/// instance took it) or the run is no longer running.
pub async fn heartbeat(db: &impl ConnectionTrait, run_id: i32, owner: &str) -> Result<bool, DbErr> {
    let now = db::now();
    let result = run::Entity::update_many()
        .col_expr(run::Column::LeaseUntil, Expr::value(now + LEASE))
        .filter(run::Column::Id.eq(run_id))
        .filter(run::Column::State.eq(RunState::Running))
        .filter(run::Column::LeaseOwner.eq(owner))
        .exec(db)
        .await?;
    Ok(result.rows_affected == 1)
}

/// Gives up `owner`'s claims at shutdown, so the next server to start resumes those runs at
/// once instead of after the claim expires.
pub async fn release_claims(db: &impl ConnectionTrait, owner: &str) -> Result<(), DbErr> {
    run::Entity::update_many()
        .col_expr(run::Column::LeaseUntil, Expr::value(db::now() - LEASE))
        .filter(run::Column::State.eq(RunState::Running))
        .filter(run::Column::LeaseOwner.eq(owner))
        .exec(db)
        .await?;
    Ok(())
}

/// Running runs nobody holds (their instance died or was restarted).
pub async fn orphaned_runs(db: &impl ConnectionTrait) -> Result<Vec<i32>, DbErr> {
    run::Entity::find()
        .select_only()
        .column(run::Column::Id)
        .filter(run::Column::State.eq(RunState::Running))
        .filter(
            Condition::any()
                .add(run::Column::LeaseOwner.is_null())
                .add(run::Column::LeaseUntil.lt(db::now())),
        )
        .into_tuple()
        .all(db)
        .await
}

/// Where the targets go: with a run, the job's line is written in the same transaction, and
/// only while `owner` holds the run and the job is still pending (so a job is never written
/// twice, even by two instances).
pub struct RunJobKey<'a> {
    pub run_id: i32,
    pub owner: &'a str,
}

/// Why a job's targets were not written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("this server no longer holds the run")]
    LostRun,
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// Writes a job's targets (only into segments that still have none) and, within a run, its
/// line, all in one transaction.
pub async fn write_job(
    db: &DatabaseConnection,
    run: Option<RunJobKey<'_>>,
    result: &JobResult,
    line: (LineKind, Option<String>),
) -> Result<(), WriteError> {
    let txn = db.begin().await?;
    if let Some(key) = run {
        if !heartbeat(&txn, key.run_id, key.owner).await? {
            return Err(WriteError::LostRun);
        }
        let updated = run_job::Entity::update_many()
            .col_expr(run_job::Column::State, Expr::value(RunJobState::Done))
            .col_expr(run_job::Column::Kind, Expr::value(line.0))
            .col_expr(run_job::Column::Message, Expr::value(line.1))
            .col_expr(run_job::Column::FromMemory, Expr::value(result.from_memory))
            .col_expr(run_job::Column::FromMt, Expr::value(result.from_mt))
            .col_expr(run_job::Column::Flagged, Expr::value(result.flagged))
            .col_expr(run_job::Column::FinishedAt, Expr::value(db::now()))
            .filter(run_job::Column::RunId.eq(key.run_id))
            .filter(run_job::Column::JobId.eq(result.job_id))
            .filter(run_job::Column::State.eq(RunJobState::Pending))
            .exec(&txn)
            .await?;
        if updated.rows_affected != 1 {
            return Err(WriteError::LostRun);
        }
    }
    write_fills(&txn, &result.fills).await?;
    txn.commit().await?;
    Ok(())
}

/// Segments per UPDATE: a few hundred bound values, far below every backend's limit.
const FILL_CHUNK: usize = 100;

/// Writes fills with one UPDATE per group of segments that share origin, status and flags
/// (one per job in the usual case): each segment's own target goes through a `CASE` on its
/// id. Per-segment statements made the writer the bottleneck of large runs.
async fn write_fills(db: &impl ConnectionTrait, fills: &[Fill]) -> Result<(), DbErr> {
    let mut groups: Vec<Vec<&Fill>> = Vec::new();
    for fill in fills {
        let shares = |other: &&Fill| {
            other.origin == fill.origin
                && other.status == fill.status
                && other.qa_flags == fill.qa_flags
                && other.from_mt == fill.from_mt
        };
        match groups
            .iter_mut()
            .find(|group| group.first().is_some_and(shares))
        {
            Some(group) => group.push(fill),
            None => groups.push(vec![fill]),
        }
    }
    for group in &groups {
        for chunk in group.chunks(FILL_CHUNK) {
            let first = chunk[0];
            let targets = chunk
                .iter()
                .fold(CaseStatement::new(), |case, fill| {
                    case.case(
                        segment::Column::Id.eq(fill.segment_id),
                        Expr::value(fill.target.clone()),
                    )
                })
                .finally(Expr::col(segment::Column::Target));
            let mt_target: Expr = if first.from_mt {
                targets.clone().into()
            } else {
                Expr::value(Option::<String>::None)
            };
            segment::Entity::update_many()
                .col_expr(segment::Column::Target, targets.into())
                .col_expr(segment::Column::MtTarget, mt_target)
                .col_expr(segment::Column::Origin, Expr::value(first.origin))
                .col_expr(segment::Column::Status, Expr::value(first.status))
                .col_expr(
                    segment::Column::QaFlags,
                    Expr::value(first.qa_flags.clone()),
                )
                .filter(segment::Column::Id.is_in(chunk.iter().map(|fill| fill.segment_id)))
                .filter(untranslated())
                .exec(db)
                .await?;
        }
    }
    Ok(())
}

/// Ends a run: `Done` when every job is finished (the project becomes Pretranslated),
/// `Failed` with the provider's message. The claim is released either way.
pub async fn end_run(
    db: &DatabaseConnection,
    run: &run::Model,
    owner: &str,
    error: Option<String>,
) -> Result<(), DbErr> {
    let txn = db.begin().await?;
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
        .col_expr(run::Column::UpdatedAt, Expr::value(db::now()))
        .filter(run::Column::Id.eq(run.id))
        .filter(run::Column::LeaseOwner.eq(owner))
        .exec(&txn)
        .await?;
    if state == RunState::Done {
        mark_pretranslated(&txn, run.project_id).await?;
    }
    txn.commit().await
}

/// Created → Pretranslated (a project further along keeps its status).
async fn mark_pretranslated(db: &impl ConnectionTrait, project_id: i32) -> Result<(), DbErr> {
    project::Entity::update_many()
        .col_expr(
            project::Column::Status,
            Expr::value(ProjectStatus::Pretranslated),
        )
        .filter(project::Column::Id.eq(project_id))
        .filter(project::Column::Status.eq(ProjectStatus::Created))
        .exec(db)
        .await?;
    Ok(())
}
