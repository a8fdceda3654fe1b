//! Which client a record belongs to: what a customer's client scope (`policy::ClientScope`) is
//! checked against for each record a request's path names, before anything else is done with
//! it. One query per record, on primary keys, joining up to the project that carries the client.

use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect, QueryTrait,
    sea_query::{Expr, ExprTrait, Query, SelectStatement},
};

use crate::db::entities::{
    client, quote, rebranding_project, review_link, term, term_proposal, translation_job,
    translation_memory, translation_project, translation_segment,
};

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
