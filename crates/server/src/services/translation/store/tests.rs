//! The store on a scratch database (SQLite, or PostgreSQL with
//! `WORDMARK_TEST_DATABASE=postgres`): what it writes is what it reads back.

use super::{
    history::{self, StatusChange},
    jobs, projects, segment_history,
    segments::{self, Author, EditWrite, Fill, NewTarget, SegmentUpdate},
};
use crate::services::clock::TEST_NOW;
use crate::{
    db::{
        entities::{
            translation_project::ProjectStatus,
            translation_segment::{SegmentOrigin, SegmentStatus},
            translation_segment_change::{ActorKind, ChangeSource},
            translation_status_change::StatusChangeKind,
        },
        listing::{Listing, Order, Window},
        scratch::Scratch,
    },
    services::translation::{Segment, segment_state::Change, testing::project},
};

/// The first page of every job, or of one project's.
async fn jobs_of(
    db: &sea_orm::DatabaseConnection,
    project_id: Option<i32>,
) -> Listing<jobs::JobSummary> {
    let query = jobs::JobQuery {
        project_id,
        source_lang: None,
        target_lang: None,
        q: None,
        sort: jobs::JobSort::Created,
        order: Order::Asc,
        window: Window {
            limit: 50,
            offset: 0,
        },
        scope: crate::policy::ClientScope::Everything,
    };
    jobs::list(db, &query).await.unwrap()
}

fn states(segments: &[Segment]) -> Vec<(SegmentOrigin, SegmentStatus)> {
    segments.iter().map(|s| (s.origin, s.status)).collect()
}

#[tokio::test]
async fn an_upload_reads_back_with_its_counts_languages_and_states() {
    let scratch = Scratch::new().await;
    let db = &scratch.db;
    let (project_id, ids) = project(&scratch.db).await;
    assert_eq!(ids.len(), 2);

    let found = projects::find(db, project_id).await.unwrap().unwrap();
    assert_eq!(found.project.status, ProjectStatus::Created);
    assert_eq!(found.project.target_lang.as_deref(), Some("de"));
    let author = found.author.unwrap();
    assert_eq!((&*author.first_name, &*author.last_name), ("A", "Uthor"));
    let names: Vec<&str> = found
        .jobs
        .iter()
        .map(|j| j.job.file_name.as_str())
        .collect();
    assert_eq!(names, ["copies.xliff", "page.xliff"]);
    let copies = &found.jobs[0];
    // WPML's copies of the source are not translations; its suggestion is one, for review.
    assert_eq!((copies.segment_count, copies.translated_count), (3, 1));
    assert_eq!(
        states(&segments::of_job(db, ids[0]).await.unwrap()),
        [
            (SegmentOrigin::None, SegmentStatus::New),
            (SegmentOrigin::None, SegmentStatus::New),
            (SegmentOrigin::File, SegmentStatus::NeedsReview),
        ]
    );

    let head = projects::head(db, project_id).await.unwrap().unwrap();
    assert_eq!((head.name.as_str(), head.client_name), ("Site", None));
    assert!(projects::head(db, project_id + 1).await.unwrap().is_none());
    assert!(
        jobs::file_name_taken(db, project_id, "PAGE.xliff", None)
            .await
            .unwrap()
    );
    assert!(
        !jobs::file_name_taken(db, project_id, "page.xliff", Some(ids[1]))
            .await
            .unwrap()
    );
    let scope = jobs::memory_scope(db, ids[0]).await.unwrap().unwrap();
    assert_eq!(
        (scope.source_lang.as_str(), scope.target_lang.as_str()),
        ("en", "de")
    );
    assert_eq!(jobs_of(db, Some(project_id)).await.total, 2);
    assert_eq!(jobs::files(db, &ids).await.unwrap().len(), 2);
    assert_eq!(jobs::files(db, &ids[1..]).await.unwrap()[0].id, ids[1]);

    assert!(projects::delete(db, project_id).await.unwrap());
    assert_eq!(jobs_of(db, None).await.total, 0);
    assert!(
        segments::of_job(db, ids[0]).await.unwrap().is_empty(),
        "segments go with their project"
    );
    scratch.remove().await;
}

#[tokio::test]
async fn targets_change_only_as_the_state_transition_says() {
    let scratch = Scratch::new().await;
    let db = &scratch.db;
    let (project_id, ids) = project(&scratch.db).await;
    let author = projects::find(db, project_id)
        .await
        .unwrap()
        .unwrap()
        .project
        .author_id
        .unwrap();
    let job = ids[0];
    let before = segments::of_job(db, job).await.unwrap();
    let untranslated = segments::untranslated_of_jobs(db, &[job]).await.unwrap();
    let todo: Vec<i64> = untranslated.iter().map(|s| s.id).collect();
    assert_eq!(todo, [before[0].id, before[1].id]);

    // Machine fills go only where there is no target, and keep MT's proposal.
    let fill = |segment_id, change| Fill {
        segment_id,
        target: format!("fill {segment_id}"),
        change,
        qa_flags: "[]".into(),
    };
    let fills = [
        fill(before[0].id, Change::MachineTranslated { pseudo: false }),
        fill(before[1].id, Change::Memory),
        fill(before[2].id, Change::Memory),
    ];
    segments::write_fills(db, &fills, TEST_NOW).await.unwrap();
    let filled = segments::of_job(db, job).await.unwrap();
    assert_eq!(
        states(&filled),
        [
            (SegmentOrigin::Mt, SegmentStatus::Translated),
            (SegmentOrigin::Memory, SegmentStatus::Translated),
            (SegmentOrigin::File, SegmentStatus::NeedsReview),
        ]
    );
    assert_eq!(filled[0].mt_target, filled[0].target);
    assert_eq!(filled[1].mt_target, None);
    assert_eq!(
        filled[2].target, before[2].target,
        "a target is never overwritten"
    );
    assert!(
        segments::untranslated_of_jobs(db, &[job])
            .await
            .unwrap()
            .is_empty()
    );

    // The job view's edits and the customer's corrections.
    let edit = |text: Option<&str>, change| NewTarget {
        text: text.map(str::to_owned),
        change,
        qa_flags: "[]".into(),
    };
    let write = |segment: &Segment, target| EditWrite {
        segment_id: segment.id,
        base_revision: segment.revision,
        target,
    };
    let stale = segments::write_edits(
        db,
        author,
        &[
            write(&filled[0], edit(Some("edited"), Change::Edited)),
            write(&filled[1], edit(None, Change::Cleared)),
        ],
        TEST_NOW,
    )
    .await
    .unwrap();
    assert!(stale.is_empty(), "{stale:?}");
    // An edit made on the revision before is not written, and named.
    let late = segments::write_edits(
        db,
        author,
        &[write(&filled[0], edit(Some("too late"), Change::Edited))],
        TEST_NOW,
    )
    .await
    .unwrap();
    assert_eq!(late, [filled[0].id]);
    segments::apply_corrections(
        db,
        Author::User(author),
        ChangeSource::XlsxImport,
        &[SegmentUpdate {
            segment_id: filled[2].id,
            target: Some(edit(
                Some("Seit 2000"),
                Change::Corrected { warnings: false },
            )),
            comment: Some("year".into()),
        }],
        TEST_NOW,
    )
    .await
    .unwrap();
    let after = segments::of_job(db, job).await.unwrap();
    assert_eq!(
        states(&after),
        [
            (SegmentOrigin::Editor, SegmentStatus::Reviewed),
            (SegmentOrigin::None, SegmentStatus::New),
            (SegmentOrigin::Customer, SegmentStatus::Reviewed),
        ]
    );
    assert_eq!(after[1].target, None);
    assert_eq!(after[2].comment.as_deref(), Some("year"));
    // Every write of a target counts a revision and leaves a history row: who, from what, the
    // text before and after. The fill refused for the third segment (it had a target) left none.
    let revisions: Vec<i32> = after.iter().map(|s| s.revision).collect();
    assert_eq!(revisions, [2, 2, 1]);
    let history = |at: usize| {
        let id = after[at].id;
        async move {
            segment_history::history(db, id)
                .await
                .unwrap()
                .into_iter()
                .map(|h| {
                    (
                        h.actor_kind,
                        h.user_id,
                        h.source,
                        h.previous_target,
                        h.new_target,
                    )
                })
                .collect::<Vec<_>>()
        }
    };
    let first_fill = Some(format!("fill {}", after[0].id));
    assert_eq!(
        history(0).await,
        [
            (
                ActorKind::System,
                None,
                ChangeSource::Mt,
                None,
                first_fill.clone()
            ),
            (
                ActorKind::User,
                Some(author),
                ChangeSource::StaffEdit,
                first_fill,
                Some("edited".into())
            ),
        ]
    );
    assert_eq!(history(1).await[0].2, ChangeSource::Memory);
    let corrected = history(2).await;
    assert_eq!(corrected.len(), 1);
    assert_eq!(
        (
            corrected[0].2,
            corrected[0].3.clone(),
            corrected[0].4.as_deref()
        ),
        (
            ChangeSource::XlsxImport,
            before[2].target.clone(),
            Some("Seit 2000")
        )
    );
    let mut exported: Vec<(String, String)> = segments::stored_targets(db, &[job])
        .await
        .unwrap()
        .into_iter()
        .inspect(|t| assert_eq!(t.job_id, job, "only the jobs asked for"))
        .map(|t| (t.unit_key, t.target))
        .collect();
    exported.sort();
    let mut expected = vec![
        (after[0].unit_key.clone(), "edited".to_owned()),
        (after[2].unit_key.clone(), "Seit 2000".to_owned()),
    ];
    expected.sort();
    assert_eq!(exported, expected, "a cleared target is not exported");
    let rows: Vec<String> = segments::export_segments(db, &[job])
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.unit_key)
        .collect();
    let in_file_order: Vec<String> = after.iter().map(|s| s.unit_key.clone()).collect();
    assert_eq!(
        rows, in_file_order,
        "the workbook rows of the job asked for, in file order"
    );
    scratch.remove().await;
}

#[tokio::test]
async fn every_status_change_is_recorded_once_with_its_kind() {
    let scratch = Scratch::new().await;
    let db = &scratch.db;
    let (project_id, _) = project(&scratch.db).await;
    let step = |from, to| StatusChange {
        from: Some(from),
        to,
        kind: StatusChangeKind::Workflow,
        user_id: None,
    };
    // A step from a status the project does not have changes nothing.
    let early = step(
        ProjectStatus::Pretranslated,
        ProjectStatus::TranslationsInCorrection,
    );
    assert!(
        !history::change_status(db, project_id, early, TEST_NOW)
            .await
            .unwrap()
    );
    let pretranslated = step(ProjectStatus::Created, ProjectStatus::Pretranslated);
    assert!(
        history::change_status(db, project_id, pretranslated, TEST_NOW)
            .await
            .unwrap()
    );
    assert!(
        !history::change_status(db, project_id, pretranslated, TEST_NOW)
            .await
            .unwrap(),
        "the same step twice moves once"
    );
    let author = projects::find_row(db, project_id)
        .await
        .unwrap()
        .unwrap()
        .author_id;
    let manual = StatusChange {
        from: None,
        to: ProjectStatus::Completed,
        kind: StatusChangeKind::Manual,
        user_id: author,
    };
    assert!(
        history::change_status(db, project_id, manual, TEST_NOW)
            .await
            .unwrap()
    );
    assert!(
        !history::change_status(db, project_id, manual, TEST_NOW)
            .await
            .unwrap(),
        "setting the status it has records nothing"
    );
    let recorded: Vec<_> = history::of_project(db, project_id)
        .await
        .unwrap()
        .into_iter()
        .map(|c| (c.from_status, c.to_status, c.kind, c.user_id))
        .collect();
    assert_eq!(
        recorded,
        [
            (
                ProjectStatus::Created,
                ProjectStatus::Pretranslated,
                StatusChangeKind::Workflow,
                None
            ),
            (
                ProjectStatus::Pretranslated,
                ProjectStatus::Completed,
                StatusChangeKind::Manual,
                author
            ),
        ]
    );
    let status = projects::find_row(db, project_id)
        .await
        .unwrap()
        .unwrap()
        .status;
    assert_eq!(status, ProjectStatus::Completed);
    scratch.remove().await;
}

/// Jobs keep their segment count (the project list sums it); jobs stored before the column
/// existed are counted by its migration.
#[tokio::test]
async fn jobs_keep_their_segment_counts_and_older_jobs_are_counted() {
    use sea_orm::{ConnectionTrait, EntityTrait};

    use crate::db::{entities::translation_job, migrations::m0018_job_segment_counts::COUNT};

    let scratch = Scratch::new().await;
    let db = &scratch.db;
    let (project_id, ids) = project(db).await;
    let found = projects::find(db, project_id).await.unwrap().unwrap();
    let expected: Vec<u64> = found.jobs.iter().map(|j| j.segment_count).collect();
    let stored = || async {
        let mut stored = Vec::new();
        for id in &ids {
            let job = translation_job::Entity::find_by_id(*id)
                .one(db)
                .await
                .unwrap();
            stored.push(job.unwrap().segment_count as u64);
        }
        stored
    };
    assert_eq!(stored().await, expected);
    db.execute_unprepared("UPDATE translation_jobs SET segment_count = 0")
        .await
        .unwrap();
    db.execute_unprepared(COUNT).await.unwrap();
    assert_eq!(stored().await, expected);
    assert!(expected.iter().all(|&n| n > 0), "{expected:?}");
    scratch.remove().await;
}

/// A project keeps what the list shows of its jobs through every change to them (languages
/// ranked by jobs, ties in code order); the migration's sums of older projects agree.
#[tokio::test]
async fn projects_keep_their_jobs_summary_and_the_migration_agrees() {
    use sea_orm::ConnectionTrait;

    use crate::{
        db::migrations::m0020_project_summaries::summarize,
        services::translation::{
            languages,
            testing::{FILES, project_of},
        },
    };

    let scratch = Scratch::new().await;
    let db = &scratch.db;
    let (copies, page) = (FILES[0].1, FILES[1].1);
    let files = [
        ("a.xliff", copies),
        ("b.xliff", page),
        ("c.xliff", copies),
        ("d.xliff", page),
    ];
    let (project_id, ids) = project_of(db, &files).await;
    // What the project's jobs say, counted here from the jobs themselves.
    let from_jobs = || async {
        let jobs = projects::find(db, project_id).await.unwrap().unwrap().jobs;
        let targets = languages::by_frequency(jobs.iter().map(|j| j.job.target_lang.as_deref()));
        (
            jobs.len() as i32,
            jobs.iter().map(|j| j.segment_count as i64).sum::<i64>(),
            languages::by_frequency(jobs.iter().map(|j| j.job.source_lang.as_deref()))
                .into_iter()
                .next(),
            targets.first().cloned(),
            targets,
        )
    };
    let kept = || async {
        let p = projects::find_row(db, project_id).await.unwrap().unwrap();
        (
            p.job_count,
            p.segment_count,
            p.source_lang,
            p.target_lang,
            p.target_langs,
        )
    };
    let uploaded = kept().await;
    assert_eq!(uploaded, from_jobs().await);
    assert_eq!(uploaded.0, 4);
    assert!(uploaded.1 > 0);

    let language = |source: Option<&str>, target: &str| jobs::JobChanges {
        source_lang: source.map(|s| Some(s.to_owned())),
        target_lang: Some(Some(target.to_owned())),
        ..Default::default()
    };
    jobs::update(db, ids[0], language(Some("es"), "it"))
        .await
        .unwrap();
    jobs::update(db, ids[1], language(None, "fr"))
        .await
        .unwrap();
    jobs::update(db, ids[2], language(None, "fr"))
        .await
        .unwrap();
    jobs::update(db, ids[3], language(None, "de"))
        .await
        .unwrap();
    projects::refresh_summary(db, project_id).await.unwrap();
    let changed = kept().await;
    assert_eq!(changed, from_jobs().await);
    assert_eq!(changed.2.as_deref(), uploaded.2.as_deref());
    assert_eq!(changed.4, ["fr", "de", "it"]);

    assert!(jobs::delete(db, ids[1]).await.unwrap());
    projects::refresh_summary(db, project_id).await.unwrap();
    let deleted = kept().await;
    assert_eq!(deleted, from_jobs().await);
    assert_eq!(deleted.0, 3);
    assert_eq!(deleted.4, ["de", "fr", "it"]);

    // A project stored before the columns existed, summed by the migration.
    db.execute_unprepared(
        "UPDATE translation_projects SET job_count = 0, segment_count = 0, source_lang = NULL, \
         target_langs = '[]'",
    )
    .await
    .unwrap();
    assert_ne!(kept().await, deleted);
    db.execute_unprepared(&summarize(db.get_database_backend()))
        .await
        .unwrap();
    assert_eq!(kept().await.4, deleted.4);
    // `target_lang` is older than the migration and stays as it was.
    assert_eq!(kept().await, deleted);
    scratch.remove().await;
}

/// Two transactions adding a job each to one project at once: whichever sums last sees both
/// jobs. On PostgreSQL the second waits for the first's lock on the project before it reads the
/// jobs; without it, it would write a sum from before the first's commit. SQLite has one writer
/// at a time.
#[tokio::test]
async fn concurrent_job_changes_leave_the_right_summary() {
    use sea_orm::{ActiveModelTrait, EntityTrait, NotSet, Set};

    use crate::{
        db::{self, entities::translation_job},
        services::translation::testing::project,
    };

    let scratch = Scratch::new().await;
    let db = scratch.db.clone();
    let (project_id, ids) = project(&db).await;
    let jobs_before = ids.len();
    let job = translation_job::Entity::find_by_id(ids[0])
        .one(&db)
        .await
        .unwrap()
        .unwrap();
    let copy = move |name: &str| translation_job::ActiveModel {
        id: NotSet,
        file_name: Set(name.to_owned()),
        ..job.clone().into()
    };
    let add = move |name: &'static str| {
        let (db, copy) = (db.clone(), copy.clone());
        async move {
            let txn = db::begin_write(&db).await.unwrap();
            copy(name).insert(&txn).await.unwrap();
            projects::refresh_summary(&txn, project_id).await.unwrap();
            txn
        }
    };
    let first = add.clone()("first.xliff").await;
    let (asking, asked) = tokio::sync::oneshot::channel();
    let second = tokio::spawn(async move {
        asking.send(()).unwrap();
        add("second.xliff").await.commit().await.unwrap()
    });
    // The second asks for the lock (and, on PostgreSQL, is seen waiting for it) before the
    // first commits.
    asked.await.unwrap();
    scratch.until_a_lock_is_awaited().await;
    first.commit().await.unwrap();
    second.await.unwrap();
    let kept = projects::find_row(&scratch.db, project_id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(kept.job_count as usize, jobs_before + 2);
    scratch.remove().await;
}

/// Two transactions adding a file of the same name to one project at once: the second waits
/// for the first's lock on the project (PostgreSQL; SQLite has one writer at a time), then
/// finds the name taken. Without the lock both would see the name free.
#[tokio::test]
async fn a_file_name_checked_under_the_lock_stays_free_until_the_commit() {
    use sea_orm::{ActiveModelTrait, EntityTrait, NotSet, Set};

    use crate::{
        db::{self, entities::translation_job},
        services::translation::testing::project,
    };

    let scratch = Scratch::new().await;
    let db = scratch.db.clone();
    let (project_id, ids) = project(&db).await;
    let job = translation_job::Entity::find_by_id(ids[0])
        .one(&db)
        .await
        .unwrap()
        .unwrap();
    let first = db::begin_write(&db).await.unwrap();
    projects::lock_jobs(&first, project_id).await.unwrap();
    assert!(
        !jobs::file_name_taken(&first, project_id, "same.xliff", None)
            .await
            .unwrap()
    );
    translation_job::ActiveModel {
        id: NotSet,
        file_name: Set("same.xliff".into()),
        ..job.into()
    }
    .insert(&first)
    .await
    .unwrap();
    let (asking, asked) = tokio::sync::oneshot::channel();
    let second = tokio::spawn({
        let db = db.clone();
        async move {
            asking.send(()).unwrap();
            let txn = db::begin_write(&db).await.unwrap();
            projects::lock_jobs(&txn, project_id).await.unwrap();
            jobs::file_name_taken(&txn, project_id, "SAME.xliff", None)
                .await
                .unwrap()
        }
    });
    asked.await.unwrap();
    scratch.until_a_lock_is_awaited().await;
    first.commit().await.unwrap();
    assert!(second.await.unwrap(), "the second sees the first's file");
    scratch.remove().await;
}
