//! `site_publish_runs` and `site_publish_jobs`, read and written for publishing alone. Every
//! write of a worker is conditional on its claim: a worker that lost its run (its lease
//! expired and another instance took over) writes nothing more.

use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, SqlErr, sea_query::Expr,
};
use time::OffsetDateTime;

use crate::{
    db::{
        self,
        entities::{
            site_publish_job::{self as job, PublishJobState},
            site_publish_run::{self as run, PublishStatus, RunState},
        },
    },
    services::runs::{self, Claim},
};

/// A publishing run as this service answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub id: i32,
    pub project_id: i32,
    pub state: RunState,
    /// What the translated posts become on the site.
    pub status: PublishStatus,
    /// Why the run failed (the site went down, an internal error).
    pub error: Option<String>,
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
            status: row.status,
            error: row.error,
            lease_owner: row.lease_owner,
            lease_until: row.lease_until,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// A publishing run's job as this service answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunJob {
    pub run_id: i32,
    pub job_id: i32,
    pub position: i32,
    pub state: PublishJobState,
    /// The translated post's id on the site.
    pub post_id: Option<i64>,
    pub edit_link: Option<String>,
    pub error: Option<String>,
    pub finished_at: Option<time::OffsetDateTime>,
}

impl From<job::Model> for RunJob {
    fn from(row: job::Model) -> Self {
        Self {
            run_id: row.run_id,
            job_id: row.job_id,
            position: row.position,
            state: row.state,
            post_id: row.post_id,
            edit_link: row.edit_link,
            error: row.error,
            finished_at: row.finished_at,
        }
    }
}

/// Rows per INSERT: 8 columns each.
const INSERT_CHUNK: usize = 500;

/// How a start went.
pub enum Started {
    Run(Run),
    /// The project's run is still running.
    Busy,
}

/// Starts publishing `jobs` (in order) of `project_id` as `status`, claimed by `claim`: a
/// failed run with the same status is resumed (its published jobs kept, the rest pending
/// again); otherwise a finished run is replaced by a new one. A running run, or a start that
/// lost the race for the project's one run, is [`Started::Busy`].
pub async fn start(
    db: &DatabaseConnection,
    project_id: i32,
    status: PublishStatus,
    jobs: &[i32],
    claim: Claim<'_>,
    now: OffsetDateTime,
) -> Result<Started, DbErr> {
    let txn = db::begin_write(db).await?;
    let previous = run::Entity::find()
        .filter(run::Column::ProjectId.eq(project_id))
        .one(&txn)
        .await?;
    let run_id = match previous {
        Some(previous) if previous.state == RunState::Running => return Ok(Started::Busy),
        Some(previous) if previous.state == RunState::Failed && previous.status == status => {
            run::Entity::update_many()
                .col_expr(run::Column::State, Expr::value(RunState::Running))
                .col_expr(run::Column::Error, Expr::value(Option::<String>::None))
                .col_expr(run::Column::LeaseOwner, Expr::value(claim.owner))
                .col_expr(run::Column::LeaseUntil, Expr::value(now + claim.lease))
                .col_expr(run::Column::UpdatedAt, Expr::value(now))
                .filter(run::Column::Id.eq(previous.id))
                .exec(&txn)
                .await?;
            job::Entity::update_many()
                .col_expr(job::Column::State, Expr::value(PublishJobState::Pending))
                .col_expr(job::Column::Error, Expr::value(Option::<String>::None))
                .col_expr(
                    job::Column::FinishedAt,
                    Expr::value(Option::<OffsetDateTime>::None),
                )
                .filter(job::Column::RunId.eq(previous.id))
                .filter(job::Column::State.eq(PublishJobState::Failed))
                .exec(&txn)
                .await?;
            previous.id
        }
        previous => {
            if let Some(previous) = previous {
                run::Entity::delete_by_id(previous.id).exec(&txn).await?;
            }
            let inserted = run::Entity::insert(run::ActiveModel {
                project_id: Set(project_id),
                state: Set(RunState::Running),
                status: Set(status),
                error: Set(None),
                lease_owner: Set(Some(claim.owner.to_owned())),
                lease_until: Set(Some(now + claim.lease)),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            })
            .exec(&txn)
            .await;
            let run_id = match inserted {
                Ok(inserted) => inserted.last_insert_id,
                // Another start for the project committed first.
                Err(error)
                    if matches!(error.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) =>
                {
                    return Ok(Started::Busy);
                }
                Err(error) => return Err(error),
            };
            let rows: Vec<job::ActiveModel> = jobs
                .iter()
                .enumerate()
                .map(|(position, &job_id)| job::ActiveModel {
                    run_id: Set(run_id),
                    job_id: Set(job_id),
                    position: Set(i32::try_from(position).unwrap_or(i32::MAX)),
                    state: Set(PublishJobState::Pending),
                    post_id: Set(None),
                    edit_link: Set(None),
                    error: Set(None),
                    finished_at: Set(None),
                })
                .collect();
            for chunk in rows.chunks(INSERT_CHUNK) {
                job::Entity::insert_many(chunk.to_vec()).exec(&txn).await?;
            }
            run_id
        }
    };
    let run = run::Entity::find_by_id(run_id)
        .one(&txn)
        .await?
        .ok_or_else(|| DbErr::RecordNotFound(format!("publish run {run_id}")))?;
    txn.commit().await?;
    Ok(Started::Run(run.into()))
}

pub async fn latest(db: &impl ConnectionTrait, project_id: i32) -> Result<Option<Run>, DbErr> {
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

/// The run's jobs in the order they are sent.
pub async fn jobs(db: &impl ConnectionTrait, run_id: i32) -> Result<Vec<RunJob>, DbErr> {
    job::Entity::find()
        .filter(job::Column::RunId.eq(run_id))
        .order_by_asc(job::Column::Position)
        .all(db)
        .await
        .map(|rows| rows.into_iter().map(RunJob::from).collect())
}

/// Claims the run for `claim.owner` when it is running and nobody else holds it.
pub async fn claim(
    db: &impl ConnectionTrait,
    run_id: i32,
    claim: Claim<'_>,
    now: OffsetDateTime,
) -> Result<bool, DbErr> {
    let result = run::Entity::update_many()
        .col_expr(run::Column::LeaseOwner, Expr::value(claim.owner))
        .col_expr(run::Column::LeaseUntil, Expr::value(now + claim.lease))
        .col_expr(run::Column::UpdatedAt, Expr::value(now))
        .filter(run::Column::Id.eq(run_id))
        .filter(run::Column::State.eq(RunState::Running))
        .filter(runs::claimable(
            run::Column::LeaseOwner,
            run::Column::LeaseUntil,
            claim.owner,
            now,
        ))
        .exec(db)
        .await?;
    Ok(result.rows_affected == 1)
}

/// Extends the claim; false when its owner lost the run or the run ended.
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

/// Running runs nobody holds at `now`.
pub async fn orphaned(db: &impl ConnectionTrait, now: OffsetDateTime) -> Result<Vec<i32>, DbErr> {
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

/// Hands `owner`'s runs back at shutdown, so another instance resumes them at once.
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

/// What the site answered for a job.
pub enum Outcome {
    Published {
        post_id: i64,
        edit_link: Option<String>,
    },
    Failed(String),
}

/// Writes a pending job's outcome while `claim` still holds the run, in one statement; false
/// when the claim was lost (nothing written).
pub async fn finish_job(
    db: &impl ConnectionTrait,
    run_id: i32,
    job_id: i32,
    claim: Claim<'_>,
    outcome: Outcome,
    now: OffsetDateTime,
) -> Result<bool, DbErr> {
    let (state, post_id, edit_link, error) = match outcome {
        Outcome::Published { post_id, edit_link } => {
            (PublishJobState::Published, Some(post_id), edit_link, None)
        }
        Outcome::Failed(error) => (PublishJobState::Failed, None, None, Some(error)),
    };
    let held = run::Entity::find()
        .select_only()
        .column(run::Column::Id)
        .filter(run::Column::Id.eq(run_id))
        .filter(run::Column::State.eq(RunState::Running))
        .filter(run::Column::LeaseOwner.eq(claim.owner))
        .into_query();
    let result = job::Entity::update_many()
        .col_expr(job::Column::State, Expr::value(state))
        .col_expr(job::Column::PostId, Expr::value(post_id))
        .col_expr(job::Column::EditLink, Expr::value(edit_link))
        .col_expr(job::Column::Error, Expr::value(error))
        .col_expr(job::Column::FinishedAt, Expr::value(now))
        .filter(job::Column::RunId.in_subquery(held))
        .filter(job::Column::JobId.eq(job_id))
        .filter(job::Column::State.eq(PublishJobState::Pending))
        .exec(db)
        .await?;
    Ok(result.rows_affected == 1)
}

/// Ends `owner`'s run: `Failed` with `error`, otherwise `Done`; the claim is released.
pub async fn end_run(
    db: &impl ConnectionTrait,
    run_id: i32,
    owner: &str,
    error: Option<String>,
    now: OffsetDateTime,
) -> Result<(), DbErr> {
    let state = if error.is_some() {
        RunState::Failed
    } else {
        RunState::Done
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
        .filter(run::Column::Id.eq(run_id))
        .filter(run::Column::LeaseOwner.eq(owner))
        .exec(db)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{db::scratch::Scratch, services::translation::testing};

    const ONE: Claim<'static> = Claim {
        owner: "one",
        lease: time::Duration::seconds(30),
    };
    const TWO: Claim<'static> = Claim {
        owner: "two",
        lease: time::Duration::seconds(30),
    };

    fn published(post_id: i64) -> Outcome {
        Outcome::Published {
            post_id,
            edit_link: None,
        }
    }

    async fn states(db: &DatabaseConnection, run_id: i32) -> Vec<PublishJobState> {
        jobs(db, run_id)
            .await
            .unwrap()
            .into_iter()
            .map(|job| job.state)
            .collect()
    }

    #[tokio::test]
    async fn a_run_is_written_by_its_holder_only_taken_over_once_expired_and_resumed() {
        let scratch = Scratch::new().await;
        let db = &scratch.db;
        let (project_id, job_ids) = testing::project(db).await;
        assert!(job_ids.len() >= 2);
        let now = OffsetDateTime::from_unix_timestamp(1_800_000_000).unwrap();
        let draft = PublishStatus::Draft;
        let Started::Run(run) = start(db, project_id, draft, &job_ids, ONE, now)
            .await
            .unwrap()
        else {
            panic!("a first run starts");
        };
        let busy = start(db, project_id, draft, &job_ids, TWO, now).await;
        assert!(matches!(busy, Ok(Started::Busy)), "one run per project");
        assert!(!claim(db, run.id, TWO, now).await.unwrap(), "held by one");
        assert!(orphaned(db, now).await.unwrap().is_empty());

        let (first, second) = (job_ids[0], job_ids[1]);
        assert!(
            finish_job(db, run.id, first, ONE, published(5), now)
                .await
                .unwrap()
        );
        assert!(
            !finish_job(db, run.id, first, ONE, published(6), now)
                .await
                .unwrap(),
            "a job's outcome is written once"
        );

        // One's instance died: its claim runs out, two takes the run over, one writes nothing.
        let later = now + time::Duration::minutes(5);
        assert_eq!(orphaned(db, later).await.unwrap(), vec![run.id]);
        assert!(claim(db, run.id, TWO, later).await.unwrap());
        let late = Outcome::Failed("late".into());
        assert!(
            !finish_job(db, run.id, second, ONE, late, later)
                .await
                .unwrap()
        );
        assert!(!heartbeat(db, run.id, ONE, later).await.unwrap());
        assert!(heartbeat(db, run.id, TWO, later).await.unwrap());

        // The site went down: the run fails; started again as drafts, it is resumed with the
        // published job kept; as published posts, it is a new run of every job.
        let failed = Outcome::Failed("refused".into());
        assert!(
            finish_job(db, run.id, second, TWO, failed, later)
                .await
                .unwrap()
        );
        end_run(db, run.id, "two", Some("down".into()), later)
            .await
            .unwrap();
        let Started::Run(resumed) = start(db, project_id, draft, &job_ids, ONE, later)
            .await
            .unwrap()
        else {
            panic!("a failed run is resumed");
        };
        assert_eq!(resumed.id, run.id);
        assert_eq!((resumed.state, resumed.error), (RunState::Running, None));
        let resumed_states = states(db, run.id).await;
        assert_eq!(resumed_states[0], PublishJobState::Published);
        assert!(
            resumed_states[1..]
                .iter()
                .all(|s| *s == PublishJobState::Pending)
        );
        let busy = start(db, project_id, PublishStatus::Publish, &job_ids, TWO, later).await;
        assert!(matches!(busy, Ok(Started::Busy)));
        end_run(db, run.id, "one", None, later).await.unwrap();
        let Started::Run(new) = start(db, project_id, PublishStatus::Publish, &job_ids, TWO, later)
            .await
            .unwrap()
        else {
            panic!("a finished run is replaced");
        };
        assert_ne!(new.id, run.id);
        assert!(
            states(db, new.id)
                .await
                .iter()
                .all(|s| *s == PublishJobState::Pending)
        );
        scratch.remove().await;
    }
}
