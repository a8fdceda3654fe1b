//! Projects on a scratch database for the storage tests of the translation features, created
//! the way an upload creates them.

use std::io::Seek;

use sea_orm::{DatabaseConnection, EntityTrait, Set};
use wordmark_core::archive::ZipOut;

use super::create::{self, NewProject};
use crate::db::entities::user::{self, Role};

/// Two WPML files: `copies.xliff` (three units: two copies of their source, one suggestion
/// needing review) and `page.xliff`.
pub const FILES: [(&str, &[u8]); 2] = [
    (
        "copies.xliff",
        include_bytes!("../../../tests/fixtures/xliff/wpml-untranslated-copies.xliff"),
    ),
    (
        "page.xliff",
        include_bytes!("../../../tests/fixtures/xliff/wpml-page-cdata.xliff"),
    ),
];

/// A user to author projects; returns its id.
pub async fn author(db: &DatabaseConnection, username: &str) -> i32 {
    user::Entity::insert(user::ActiveModel {
        username: Set(username.into()),
        email: Set(format!("{username}@example.com")),
        first_name: Set("A".into()),
        last_name: Set("Uthor".into()),
        role: Set(Role::Editor),
        password_hash: Set("-".into()),
        date_created: Set(crate::services::clock::TEST_NOW),
        ..Default::default()
    })
    .exec(db)
    .await
    .unwrap()
    .last_insert_id
}

/// A project of [`FILES`] by a new user `author`; returns its id and its jobs' ids in file
/// order.
pub async fn project(db: &DatabaseConnection) -> (i32, Vec<i32>) {
    project_of(db, &FILES).await
}

/// A project of `files` (name, XLIFF) by a new user `author`; returns its id and its jobs' ids
/// in file order.
pub async fn project_of(db: &DatabaseConnection, files: &[(&str, &[u8])]) -> (i32, Vec<i32>) {
    let mut zip = ZipOut::new(tempfile::tempfile().unwrap());
    for (name, bytes) in files {
        zip.add(name, bytes).unwrap();
    }
    let mut archive = zip.finish().unwrap();
    archive.rewind().unwrap();
    let new = NewProject {
        name: "Site".into(),
        client_id: None,
        author_id: author(db, "author").await,
        archive_name: "site.zip".into(),
        archive,
        limits: Default::default(),
        now: crate::services::clock::TEST_NOW,
    };
    let (project_id, _) = create::from_zip(db, new).await.unwrap();
    let jobs = super::store::jobs::of_project(db, project_id)
        .await
        .unwrap();
    (project_id, jobs.into_iter().map(|j| j.id).collect())
}
