//! Storage of runs and their jobs' lines; the segments they fill are written through
//! `translation::service`, in the same transaction as the job's line.

use std::collections::HashMap;

use sea_orm::{
    ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr,
    EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
    sea_query::Expr,
};
use time::{Duration, OffsetDateTime};

use super::engine::{JobResult, JobTodo, SegmentTodo};
use crate::{
    db::{
        self,
        entities::{
            pretranslate_run::{self as run, RunState},
            pretranslate_run_job::{self as run_job, LineKind, RunJobState},
        },
    },
    features::translation::service::{
        self, JobRow,
        status::{self, Step},
    },
};

/// How long a claim on a run holds without a heartbeat: after that another instance (or this
/// one, restarted) takes the run over.
pub const LEASE: Duration = Duration::seconds(30);

/// SQL `IN` lists stay below every backend's parameter limit.
const IN_CHUNK: usize = 500;

/// The project's head (its client names the memory's pool) and its jobs, in upload order.
pub use crate::features::translation::service::{head as project, project_jobs};

/// The untranslated segments of `jobs`, in file order, as work for the engine.
pub async fn todos(db: &impl ConnectionTrait, jobs: Vec<JobRow>) -> Result<Vec<JobTodo>, DbErr> {
    let ids: Vec<i32> = jobs.iter().map(|j| j.id).collect();
    let mut by_job: HashMap<i32, Vec<SegmentTodo>> = HashMap::new();
    for segment in service::untranslated_of_jobs(db, &ids).await? {
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
            job_id: job.id,
            file_name: job.file_name,
            source_lang: job.source_lang,
            target_lang: job.target_lang,
        })
        .collect())
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
        status::advance(&txn, project_id, Step::Pretranslated, None).await?;
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
    service::apply_mt_fills(&txn, &result.fills).await?;
    txn.commit().await?;
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
        status::advance(&txn, run.project_id, Step::Pretranslated, None).await?;
    }
    txn.commit().await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        db::{
            entities::{translation_project::ProjectStatus, translation_segment::SegmentOrigin},
            scratch::Scratch,
        },
        features::translation::{segment_state::Change, service::Fill, testing},
    };

    fn result(todo: &JobTodo) -> JobResult {
        JobResult {
            job_id: todo.job_id,
            file_name: todo.file_name.clone(),
            segments: i32::try_from(todo.segments.len()).unwrap(),
            fills: todo
                .segments
                .iter()
                .map(|s| Fill {
                    segment_id: s.id,
                    target: format!("MT {}", s.source),
                    change: Change::MachineTranslated { pseudo: false },
                    qa_flags: "[]".into(),
                })
                .collect(),
            from_memory: 0,
            from_mt: i32::try_from(todo.segments.len()).unwrap(),
            flagged: 0,
            error: None,
        }
    }

    #[tokio::test]
    async fn a_run_claims_writes_each_job_once_and_ends_pretranslated() {
        let scratch = Scratch::new().await;
        let db = &scratch.db;
        let (project_id, job_ids) = testing::project(db).await;
        let jobs = project_jobs(db, project_id).await.unwrap();
        let todos = todos(db, jobs).await.unwrap();
        let copies = &todos[0];
        assert_eq!(copies.job_id, job_ids[0]);
        assert_eq!(
            copies.segments.len(),
            2,
            "the suggestion has a target already"
        );
        assert_eq!(copies.target_lang.as_deref(), Some("de"));
        let sources = service::untranslated_sources(db, project_id).await.unwrap();
        let pending: usize = todos.iter().map(|t| t.segments.len()).sum();
        assert_eq!(sources.len(), pending);

        let new_jobs: Vec<NewRunJob> = todos
            .iter()
            .map(|t| NewRunJob {
                job_id: t.job_id,
                file_name: t.file_name.clone(),
                segments: i32::try_from(t.segments.len()).unwrap(),
                characters: 10,
            })
            .collect();
        let run = create_run(db, project_id, "deepl", false, "one", &new_jobs)
            .await
            .unwrap();
        assert!(claim(db, run.id, "one").await.unwrap());
        assert!(!claim(db, run.id, "two").await.unwrap(), "the claim holds");
        assert!(heartbeat(db, run.id, "one").await.unwrap());
        assert!(!heartbeat(db, run.id, "two").await.unwrap());

        let success = (LineKind::Success, Some("done".to_owned()));
        for todo in &todos {
            let key = RunJobKey {
                run_id: run.id,
                owner: "one",
            };
            write_job(db, Some(key), &result(todo), success.clone())
                .await
                .unwrap();
        }
        let again = RunJobKey {
            run_id: run.id,
            owner: "one",
        };
        let twice = write_job(db, Some(again), &result(copies), success.clone()).await;
        assert!(matches!(twice, Err(WriteError::LostRun)), "{twice:?}");
        let segments = service::job_segments(db, copies.job_id).await.unwrap();
        assert_eq!(segments[0].origin, SegmentOrigin::Mt);
        assert_eq!(
            segments[0].target,
            Some(format!("MT {}", segments[0].source))
        );

        end_run(db, &run, "one", None).await.unwrap();
        let ended = run_by_id(db, run.id).await.unwrap().unwrap();
        assert_eq!(ended.state, RunState::Done);
        assert_eq!(ended.lease_owner, None);
        assert!(
            run_jobs(db, run.id)
                .await
                .unwrap()
                .iter()
                .all(|j| j.state == RunJobState::Done)
        );
        let status = project(db, project_id).await.unwrap().unwrap().status;
        assert_eq!(status, ProjectStatus::Pretranslated);
        let left = service::untranslated_sources(db, project_id).await.unwrap();
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
        let run = create_run(db, project_id, "deepl", false, "one", &[job])
            .await
            .unwrap();
        assert!(
            orphaned_runs(db).await.unwrap().is_empty(),
            "claimed at creation"
        );
        release_claims(db, "one").await.unwrap();
        assert_eq!(orphaned_runs(db).await.unwrap(), [run.id]);
        assert!(
            claim(db, run.id, "two").await.unwrap(),
            "a released run is taken over"
        );
        let found = find_run(db, project_id).await.unwrap().unwrap();
        assert_eq!(found.lease_owner.as_deref(), Some("two"));
        end_run(db, &run, "two", Some("quota".into()))
            .await
            .unwrap();
        assert_eq!(
            run_by_id(db, run.id).await.unwrap().unwrap().state,
            RunState::Failed
        );
        let status = project(db, project_id).await.unwrap().unwrap().status;
        assert_eq!(
            status,
            ProjectStatus::Created,
            "a failed run does not move the project"
        );
        scratch.remove().await;
    }
}
