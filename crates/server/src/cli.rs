//! The `wordmark` command line.

use std::{io::BufRead, path::PathBuf};

use anyhow::{Context, bail};
use clap::{Parser, Subcommand};
use sea_orm::{ConnectionTrait, DatabaseConnection, DbBackend};
use sea_orm_migration::MigratorTrait;

use crate::{
    config::Config,
    db::{self, entities::user::Role, migrations::Migrator},
    openapi, server,
    services::accounts::{self, NewAccount, password},
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
            backup(&db, &file).await?;
            println!("Backup written to {}", file.display());
            Ok(())
        }
    }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    let db = db::connect_and_migrate(config.database_url.expose())
        .await
        .context("cannot open the database")?;
    let first_admin = accounts::ensure_first_admin(&db, &config).await.context(
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
    server::serve(
        listener,
        AppState::new(db, config),
        server::shutdown_signal(),
    )
    .await?;
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
        } => {
            let generated = password.is_none().then(password::generate);
            let account = NewAccount {
                username,
                email,
                first_name,
                last_name,
                role,
                password: password.or_else(|| generated.clone()).unwrap_or_default(),
                confirm_password: None,
            };
            let user = accounts::create(db, account).await?;
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

fn read_line_from_stdin() -> anyhow::Result<String> {
    let mut line = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut line)
        .context("cannot read the password from standard input")?;
    Ok(line.trim_end_matches(['\r', '\n']).to_owned())
}

/// `VACUUM INTO` writes a consistent snapshot of the live database, even while the server
/// writes to it (unlike copying the file, which can catch a half-written WAL).
async fn backup(db: &DatabaseConnection, file: &std::path::Path) -> anyhow::Result<()> {
    if db.get_database_backend() != DbBackend::Sqlite {
        bail!(
            "`wordmark backup` copies SQLite databases. For PostgreSQL use pg_dump, e.g. \
             `pg_dump --format=custom --file=wordmark.dump \"$WORDMARK_DATABASE_URL\"`."
        );
    }
    if file.exists() {
        bail!("{} already exists; choose a new file name.", file.display());
    }
    let path = file
        .to_str()
        .context("the backup file name must be valid UTF-8")?;
    db.execute_unprepared(&format!("VACUUM INTO '{}'", path.replace('\'', "''")))
        .await
        .with_context(|| format!("cannot write the backup to {}", file.display()))?;
    Ok(())
}
