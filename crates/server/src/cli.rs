//! The `wordmark` command line.

use crate::services::clock::Clock;
use std::{
    io::{BufRead, Seek},
    path::{Path, PathBuf},
};

use anyhow::{Context, bail};
use clap::{Parser, Subcommand};
use sea_orm::{DatabaseConnection, TransactionTrait};
use sea_orm_migration::MigratorTrait;

use crate::{
    config::{Config, SecretKeySource},
    db::{self, backup, entities::user::Role, migrations::Migrator},
    openapi, server,
    services::{
        accounts::{self, NewAccount, password},
        audit::{self, AuditAction, TargetKind},
        client_archive::{
            self,
            import::{self, ImportRequest},
        },
        mt_settings,
        secret_box::{self, SecretBox},
    },
    state::AppState,
};

#[derive(Debug, Parser)]
#[command(
    name = "wordmark",
    version,
    about = "Translation and rebranding projects for agency clients."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the server (API and web app) on WORDMARK_ADDR, migrating the database first.
    Serve,
    /// Bring the database schema up to date and exit.
    Migrate,
    /// Manage users.
    User {
        #[command(subcommand)]
        command: UserCommand,
    },
    /// Write a consistent copy of the live SQLite database to FILE (PostgreSQL: use pg_dump).
    Backup { file: PathBuf },
    /// Replace the SQLite database with the backup FILE (stop the server first; PostgreSQL:
    /// use pg_restore). Refuses a database with users or projects unless --force.
    Restore {
        file: PathBuf,
        /// Replace a database that holds data (a copy of it is kept beside it).
        #[arg(long)]
        force: bool,
    },
    /// Write a client with everything of theirs (projects, original files, segments, memory,
    /// rebranding projects, logo) to the archive FILE, for another installation or safekeeping.
    ClientExport { client_id: i32, file: PathBuf },
    /// Import a client archive as a new client. All or nothing; authors are left empty, since
    /// users are not in the archive.
    ClientImport {
        file: PathBuf,
        /// Import the client under this name instead of the archive's.
        #[arg(long)]
        name: Option<String>,
    },
    /// Seal the stored secrets with a new key. With the key file: a new key is written to it.
    /// With WORDMARK_SECRET_KEY: put the new key first (`new,old`), run this, then drop the old.
    RotateSecretKey,
    /// Print the OpenAPI document of the API (JSON).
    Openapi,
}

#[derive(Debug, Subcommand)]
pub enum UserCommand {
    /// Create a user. Without --password a strong password is generated and printed once.
    Create {
        username: String,
        #[arg(long, value_parser = parse_role)]
        role: Role,
        #[arg(long)]
        password: Option<String>,
        #[arg(long, default_value = "")]
        email: String,
        #[arg(long, default_value = "")]
        first_name: String,
        #[arg(long, default_value = "")]
        last_name: String,
        /// The id of a client a customer belongs to (required for customers, repeatable).
        #[arg(long = "client", value_name = "CLIENT_ID")]
        client_ids: Vec<i32>,
    },
    /// Set a user's password (from --password, or the first line of standard input) and sign
    /// them out everywhere.
    SetPassword {
        username: String,
        #[arg(long)]
        password: Option<String>,
    },
}

fn parse_role(value: &str) -> Result<Role, String> {
    value
        .parse()
        .map_err(|e: crate::db::entities::user::UnknownRole| e.to_string())
}

pub async fn run(cli: Cli, config: Config) -> anyhow::Result<()> {
    match cli.command {
        Command::Openapi => {
            println!("{}", openapi::json());
            Ok(())
        }
        Command::Serve => serve(config).await,
        Command::Migrate => {
            let db = db::connect(config.database_url.expose()).await?;
            Migrator::up(&db, None).await.context("migration failed")?;
            println!("The database schema is up to date.");
            Ok(())
        }
        Command::User { command } => {
            let db = db::connect_and_migrate(config.database_url.expose()).await?;
            user(&db, command).await
        }
        Command::Backup { file } => {
            let db = db::connect(config.database_url.expose()).await?;
            backup::backup(&db, &file).await?;
            println!("Backup written to {}", file.display());
            Ok(())
        }
        Command::Restore { file, force } => {
            let restored = backup::restore(
                config.database_url.expose(),
                &file,
                force,
                Clock::default().now(),
            )
            .await?;
            if let Some(kept) = restored.kept {
                println!("The replaced database was kept as {}", kept.display());
            }
            println!(
                "Restored {} from {}; start the server again.",
                restored.target.display(),
                file.display()
            );
            Ok(())
        }
        Command::ClientExport { client_id, file } => client_export(&config, client_id, &file).await,
        Command::ClientImport { file, name } => client_import(&config, &file, name).await,
        Command::RotateSecretKey => rotate_secret_key(&config).await,
    }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    let secrets = SecretBox::load_or_create(&config.secret_key)
        .context("cannot load the key that seals stored secrets (WORDMARK_SECRET_KEY_FILE)")?;
    let db = db::connect_and_migrate(config.database_url.expose())
        .await
        .context("cannot open the database")?;
    let first_admin = accounts::first_admin::ensure(&db, &config, Clock::default().now()).await.context(
        "cannot create the first administrator (WORDMARK_ADMIN_USERNAME, WORDMARK_ADMIN_PASSWORD)",
    )?;
    if let Some(admin) = first_admin {
        match admin.generated_password {
            Some(password) => println!(
                "\nCreated the first administrator.\n  username: {}\n  password: {password}\n\
                 This password is shown only once. Sign in and change it under Account.\n",
                admin.username
            ),
            None => println!(
                "Created the first administrator \"{}\" with the password from WORDMARK_ADMIN_PASSWORD.",
                admin.username
            ),
        }
    }
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .with_context(|| format!("cannot listen on {}", config.addr))?;
    tracing::info!(addr = %config.addr, database = db::backend_name(&db), "listening");
    println!("Wordmark is running at http://{}", config.addr);
    let state = AppState::new(db, config, secrets);
    state
        .mt
        .seal_plain_key(&state.db, state.clock.now())
        .await
        .context("cannot seal the stored MT API key")?;
    server::serve(listener, state, server::shutdown_signal()).await?;
    Ok(())
}

async fn user(db: &DatabaseConnection, command: UserCommand) -> anyhow::Result<()> {
    match command {
        UserCommand::Create {
            username,
            role,
            password,
            email,
            first_name,
            last_name,
            client_ids,
        } => {
            let generated = password.is_none().then(password::generate);
            let account = NewAccount {
                username,
                email,
                first_name,
                last_name,
                role,
                client_ids,
                password: password.or_else(|| generated.clone()).unwrap_or_default(),
                confirm_password: None,
            };
            let user = accounts::create(db, account, Clock::default().now()).await?;
            println!(
                "Created user \"{}\" with role {}.",
                user.username, user.role
            );
            if let Some(password) = generated {
                println!("password: {password}\nThis password is shown only once.");
            }
            Ok(())
        }
        UserCommand::SetPassword { username, password } => {
            let password = match password {
                Some(p) => p,
                None => read_line_from_stdin()?,
            };
            let Some(user) = accounts::find_by_username(db, &username).await? else {
                bail!("There is no user \"{username}\".");
            };
            accounts::set_password(db, user, password, None).await?;
            println!("Password of \"{username}\" changed; their sessions were signed out.");
            Ok(())
        }
    }
}

/// Who the audit log names for what the command line did.
fn command_line() -> audit::Actor {
    audit::Actor {
        user_id: None,
        username: "command line".to_owned(),
        address: None,
    }
}

async fn client_export(config: &Config, client_id: i32, file: &Path) -> anyhow::Result<()> {
    let db = db::connect_and_migrate(config.database_url.expose()).await?;
    let exported = client_archive::export::export(&db, client_id, Clock::default().now()).await?;
    let mut source = exported.file;
    let target = file.to_owned();
    tokio::task::spawn_blocking(move || {
        source.rewind()?;
        let mut out = std::fs::File::create(&target)?;
        std::io::copy(&mut source, &mut out)?;
        out.sync_all()
    })
    .await?
    .with_context(|| format!("cannot write {}", file.display()))?;
    let event =
        AuditAction::ClientExported.on(TargetKind::Client, client_id, &exported.client_name);
    audit::record(
        &db,
        &command_line(),
        event.with(serde_json::json!(exported.counts)),
        Clock::default().now(),
    )
    .await;
    println!(
        "Client \"{}\" written to {} ({}).",
        exported.client_name,
        file.display(),
        counts_text(&exported.counts)
    );
    Ok(())
}

async fn client_import(config: &Config, file: &Path, name: Option<String>) -> anyhow::Result<()> {
    let db = db::connect_and_migrate(config.database_url.expose()).await?;
    let archive =
        std::fs::File::open(file).with_context(|| format!("cannot open {}", file.display()))?;
    let archive_name = file.file_name().map_or_else(
        || file.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let request = ImportRequest {
        archive_name: archive_name.clone(),
        archive,
        limits: import::limits(config.archive_limits()),
        client_name: name,
        author_id: None,
        now: Clock::default().now(),
    };
    let imported = import::import(&db, request).await?;
    let event = AuditAction::ClientImported.on(
        TargetKind::Client,
        imported.client_id,
        &imported.client_name,
    );
    let detail = serde_json::json!({ "archive": archive_name, "counts": imported.counts });
    audit::record(
        &db,
        &command_line(),
        event.with(detail),
        Clock::default().now(),
    )
    .await;
    println!(
        "Imported client \"{}\" as id {} ({}).",
        imported.client_name,
        imported.client_id,
        counts_text(&imported.counts)
    );
    Ok(())
}

/// `projects: 2, jobs: 5, …` for the operator.
fn counts_text(c: &crate::services::client_archive_format::Counts) -> String {
    format!(
        "projects: {}, jobs: {}, segments: {}, status changes: {}, memory entries: {}, rebranding projects: {}",
        c.projects, c.jobs, c.segments, c.status_changes, c.memory_entries, c.rebranding_projects
    )
}

fn read_line_from_stdin() -> anyhow::Result<String> {
    let mut line = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut line)
        .context("cannot read the password from standard input")?;
    Ok(line.trim_end_matches(['\r', '\n']).to_owned())
}

/// Seals every stored secret with a new key, so that at every moment some key the
/// installation has opens what the database holds (see `services::secret_box`).
async fn rotate_secret_key(config: &Config) -> anyhow::Result<()> {
    let db = db::connect_and_migrate(config.database_url.expose()).await?;
    let current = SecretBox::load_or_create(&config.secret_key)?;
    match &config.secret_key {
        SecretKeySource::File(path) => {
            let old = secret_box::read_keys(path)?;
            let new = secret_box::new_key();
            let both: Vec<[u8; 32]> = std::iter::once(new).chain(old).collect();
            secret_box::write_key_file(path, &both)?;
            reseal(&db, &SecretBox::from_keys(&both)).await?;
            secret_box::write_key_file(path, &[new])?;
            println!(
                "The stored secrets are sealed with a new key, now the only key in {}. Back it up.",
                path.display()
            );
        }
        SecretKeySource::Environment(_) => {
            if current.key_count() < 2 {
                bail!(
                    "WORDMARK_SECRET_KEY holds one key. Put a new key in front of it \
                     (WORDMARK_SECRET_KEY=<new>,<old>; e.g. `openssl rand -hex 32`), run this \
                     command again, then remove the old key."
                );
            }
            reseal(&db, &current).await?;
            println!(
                "The stored secrets are sealed with the first key of WORDMARK_SECRET_KEY; remove the others from it now."
            );
        }
    }
    Ok(())
}

/// Every sealed value again with the first key of `secrets`, all or none.
async fn reseal(db: &DatabaseConnection, secrets: &SecretBox) -> anyhow::Result<()> {
    let txn = db.begin().await?;
    mt_settings::reseal(&txn, secrets, Clock::default().now()).await?;
    txn.commit().await?;
    Ok(())
}
