//! A project's status and the history of its changes (`translation_status_changes`): the only
//! way a status changes, so that no change goes unrecorded.

use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect, Set,
    sea_query::Expr,
};
use time::OffsetDateTime;

use crate::{
    db::entities::{
        translation_project::{self, Column as Project, ProjectStatus},
        translation_status_change::{self as change, StatusChangeKind},
    },
    services::client_archive_format::ChangeRecord,
};

/// A status change to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatusChange {
    /// The status the project must have now; `None` takes any.
    pub from: Option<ProjectStatus>,
    pub to: ProjectStatus,
    pub kind: StatusChangeKind,
    /// Who made it (`None`: the pre-translation worker).
    pub user_id: Option<i32>,
}

/// Moves the project to `change.to` when its status is `change.from` (any when `None`) and
/// differs from `to`, and records the move; returns whether it moved. One conditional
/// `UPDATE`: two requests racing cannot both move it, nor record one move twice.
pub async fn change_status(
    db: &impl ConnectionTrait,
    project_id: i32,
    change: StatusChange,
    now: OffsetDateTime,
) -> Result<bool, DbErr> {
    let current = match change.from {
        Some(from) => from,
        None => {
            let status: Option<ProjectStatus> = translation_project::Entity::find_by_id(project_id)
                .select_only()
                .column(Project::Status)
                .into_tuple()
                .one(db)
                .await?;
            match status {
                Some(status) => status,
                None => return Ok(false),
            }
        }
    };
    if current == change.to {
        return Ok(false);
    }
    let moved = translation_project::Entity::update_many()
        .col_expr(Project::Status, Expr::value(change.to))
        .filter(Project::Id.eq(project_id))
        .filter(Project::Status.eq(current))
        .exec(db)
        .await?;
    if moved.rows_affected == 0 {
        return Ok(false);
    }
    change::Entity::insert(change::ActiveModel {
        project_id: Set(project_id),
        from_status: Set(current),
        to_status: Set(change.to),
        kind: Set(change.kind),
        user_id: Set(change.user_id),
        changed_at: Set(now),
        ..Default::default()
    })
    .exec(db)
    .await?;
    Ok(true)
}

/// Gives a project restored from an archive its status and the history that led there, as
/// they were recorded (times, kinds; the people's changes are attributed to `author_id`, since
/// users are not carried between installations). The project must be new: nothing is moved conditionally.
pub async fn restore(
    db: &impl ConnectionTrait,
    project_id: i32,
    status: ProjectStatus,
    author_id: Option<i32>,
    changes: &[ChangeRecord],
) -> Result<(), DbErr> {
    translation_project::Entity::update_many()
        .col_expr(Project::Status, Expr::value(status))
        .filter(Project::Id.eq(project_id))
        .exec(db)
        .await?;
    // Six values a row, well below both databases' limits on bound values per statement.
    for chunk in changes.chunks(2_000) {
        let rows = chunk.iter().map(|c| change::ActiveModel {
            project_id: Set(project_id),
            from_status: Set(c.from),
            to_status: Set(c.to),
            kind: Set(c.kind),
            user_id: Set(if c.by_user { author_id } else { None }),
            changed_at: Set(c.changed_at),
            ..Default::default()
        });
        change::Entity::insert_many(rows)
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// The project's status changes, oldest first.
pub async fn of_project(
    db: &impl ConnectionTrait,
    project_id: i32,
) -> Result<Vec<change::Model>, DbErr> {
    use sea_orm::QueryOrder;
    change::Entity::find()
        .filter(change::Column::ProjectId.eq(project_id))
        .order_by_asc(change::Column::Id)
        .all(db)
        .await
}
