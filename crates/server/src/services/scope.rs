//! Which client a record belongs to: what a customer's client scope (`policy::ClientScope`) is
//! checked against for each record a request's path names, before anything else is done with
//! it. One query per record, on primary keys, joining up to the project that carries the client.
//! A translator's scope is their assigned jobs instead ([`reaches`]): a job, a segment of it,
//! and their own assignments; no other record of any client.

use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect, QueryTrait,
    sea_query::{Expr, ExprTrait, Query, SelectStatement},
};

use crate::db::entities::{
    assignment, client, quote, rebranding_project, review_link, site, term, term_proposal,
    translation_job, translation_memory, translation_project, translation_segment,
};
use crate::policy::ClientScope;

/// The kinds of records a path names that belong to a client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resource {
    Client,
    TranslationProject,
    Job,
    Segment,
    RebrandingProject,
    ReviewLink,
    MemoryEntry,
    Term,
    TermProposal,
    Quote,
    Site,
    Assignment,
}

/// Whether the record `id` of kind `resource` is in `scope` (a record that does not exist is
/// in no scope but everything).
pub async fn reaches(
    db: &impl ConnectionTrait,
    scope: &ClientScope,
    resource: Resource,
    id: i64,
) -> Result<bool, DbErr> {
    let Some(assigned) = scope.assigned() else {
        return Ok(scope.includes(client_of(db, resource, id).await?));
    };
    let job = |id: i32| assigned.jobs.contains(&id);
    Ok(match resource {
        Resource::Job => i32::try_from(id).is_ok_and(job),
        Resource::Segment => one(db, segment_job(id)).await?.is_some_and(job),
        Resource::Assignment => {
            one(db, assignment_translator(id)).await? == Some(assigned.translator_id)
        }
        _ => false,
    })
}

/// The first column (an `integer`: PostgreSQL reads it as no wider type) of the one row `query`
/// answers, if any and not NULL.
async fn one(db: &impl ConnectionTrait, query: SelectStatement) -> Result<Option<i32>, DbErr> {
    let backend = db.get_database_backend();
    let Some(row) = db.query_one_raw(backend.build(&query)).await? else {
        return Ok(None);
    };
    row.try_get_by_index::<Option<i32>>(0)
}

fn segment_job(id: i64) -> SelectStatement {
    translation_segment::Entity::find()
        .select_only()
        .column(translation_segment::Column::JobId)
        .filter(translation_segment::Column::Id.eq(id))
        .into_query()
}

fn assignment_translator(id: i64) -> SelectStatement {
    assignment::Entity::find()
        .select_only()
        .column(assignment::Column::TranslatorId)
        .filter(assignment::Column::Id.eq(id))
        .into_query()
}

/// The client of the record `id` of kind `resource`; `None` when there is no such record or it
/// belongs to no client (a project without one, the shared memory).
pub async fn client_of(
    db: &impl ConnectionTrait,
    resource: Resource,
    id: i64,
) -> Result<Option<i32>, DbErr> {
    let backend = db.get_database_backend();
    let Some(row) = db
        .query_one_raw(backend.build(&query(resource, id)))
        .await?
    else {
        return Ok(None);
    };
    row.try_get_by_index::<Option<i32>>(0)
}

/// `SELECT <the client id> FROM <the record> [JOIN up to its project] WHERE <its id> = id`.
fn query(resource: Resource, id: i64) -> SelectStatement {
    use translation_job::Column as Job;
    use translation_project::Column as Project;
    use translation_segment::Column as Segment;

    /// The client column of the record's own table.
    fn own<E: EntityTrait>(key: E::Column, client: E::Column, id: i64) -> SelectStatement {
        E::find()
            .select_only()
            .column(client)
            .filter(key.eq(id))
            .into_query()
    }
    let project = translation_project::Entity;
    match resource {
        Resource::Client => own::<client::Entity>(client::Column::Id, client::Column::Id, id),
        Resource::TranslationProject => {
            own::<translation_project::Entity>(Project::Id, Project::ClientId, id)
        }
        Resource::RebrandingProject => own::<rebranding_project::Entity>(
            rebranding_project::Column::Id,
            rebranding_project::Column::ClientId,
            id,
        ),
        Resource::MemoryEntry => own::<translation_memory::Entity>(
            translation_memory::Column::Id,
            translation_memory::Column::ClientId,
            id,
        ),
        Resource::Site => own::<site::Entity>(site::Column::Id, site::Column::ClientId, id),
        Resource::Term => own::<term::Entity>(term::Column::Id, term::Column::ClientId, id),
        Resource::TermProposal => own::<term_proposal::Entity>(
            term_proposal::Column::Id,
            term_proposal::Column::ClientId,
            id,
        ),
        Resource::Job => Query::select()
            .column((project, Project::ClientId))
            .from(translation_job::Entity)
            .inner_join(
                project,
                Expr::col((project, Project::Id)).equals((translation_job::Entity, Job::ProjectId)),
            )
            .and_where(Expr::col((translation_job::Entity, Job::Id)).eq(id))
            .to_owned(),
        Resource::Segment => Query::select()
            .column((project, Project::ClientId))
            .from(translation_segment::Entity)
            .inner_join(
                translation_job::Entity,
                Expr::col((translation_job::Entity, Job::Id))
                    .equals((translation_segment::Entity, Segment::JobId)),
            )
            .inner_join(
                project,
                Expr::col((project, Project::Id)).equals((translation_job::Entity, Job::ProjectId)),
            )
            .and_where(Expr::col((translation_segment::Entity, Segment::Id)).eq(id))
            .to_owned(),
        Resource::ReviewLink => Query::select()
            .column((project, Project::ClientId))
            .from(review_link::Entity)
            .inner_join(
                project,
                Expr::col((project, Project::Id))
                    .equals((review_link::Entity, review_link::Column::ProjectId)),
            )
            .and_where(Expr::col((review_link::Entity, review_link::Column::Id)).eq(id))
            .to_owned(),
        Resource::Assignment => Query::select()
            .column((project, Project::ClientId))
            .from(assignment::Entity)
            .inner_join(
                translation_job::Entity,
                Expr::col((translation_job::Entity, Job::Id))
                    .equals((assignment::Entity, assignment::Column::JobId)),
            )
            .inner_join(
                project,
                Expr::col((project, Project::Id)).equals((translation_job::Entity, Job::ProjectId)),
            )
            .and_where(Expr::col((assignment::Entity, assignment::Column::Id)).eq(id))
            .to_owned(),
        Resource::Quote => Query::select()
            .column((project, Project::ClientId))
            .from(quote::Entity)
            .inner_join(
                project,
                Expr::col((project, Project::Id)).equals((quote::Entity, quote::Column::ProjectId)),
            )
            .and_where(Expr::col((quote::Entity, quote::Column::Id)).eq(id))
            .to_owned(),
    }
}
