//! Running the HTTP server.

use std::{
    future::{Future, IntoFuture},
    net::SocketAddr,
};

use tokio::{net::TcpListener, sync::watch, time::Instant};

use crate::{
    app,
    services::{
        assignments, outbox,
        pretranslate::{self, worker},
        sites::{checks, publish},
    },
    state::AppState,
};

/// Serves the app on `listener` until `shutdown` completes. The peer address is passed to the
/// handlers (sign-in throttling counts failures per address). Pre-translation runs left
/// running by a stopped server are resumed in the background. At shutdown this server's runs
/// send nothing more, and requests in progress, the runs' provider requests among them, get
/// `WORDMARK_SHUTDOWN_TIMEOUT` to finish; then the runs are handed back so the next server to
/// start (or another one running) resumes them at once. Publishing runs (to WordPress) are
/// resumed and handed back the same way; the sites' content is checked on its schedule.
/// SQLite's log is checkpointed in the background too, and audit events past their retention
/// purged daily, the mail outbox delivered (with SMTP) until shutdown, and assignments' due-date
/// notices sent every minute.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    worker::spawn_resumer(state.runner());
    publish::worker::spawn_resumer(state.publisher());
    checks::spawn(state.site_checker());
    crate::db::spawn_checkpointer(state.db.clone());
    crate::services::audit::spawn_purger(
        state.db.clone(),
        state.config.audit_retention,
        state.clock.clone(),
    );
    let mail = state.mail_site().map(|site| assignments::MailSite {
        public_url: site.public_url.to_owned(),
        agency: site.agency.to_owned(),
    });
    assignments::spawn_notifier(state.db.clone(), mail, state.clock.clone());
    let outbox_stop = tokio_util::sync::CancellationToken::new();
    if let Some(deliverer) = state.deliverer() {
        outbox::worker::spawn(deliverer, outbox_stop.clone());
    }
    let (db, instance, runs, publishing) = (
        state.db.clone(),
        state.instance_id.clone(),
        state.runs.clone(),
        state.publishing.clone(),
    );
    let patience = state.config.shutdown_timeout;
    let (signalled, mut on_signal) = watch::channel(None);
    let (stopping, stopping_publishing) = (runs.clone(), publishing.clone());
    let server = axum::serve(
        listener,
        app(state).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async move {
        shutdown.await;
        stopping.stop();
        stopping_publishing.stop();
        outbox_stop.cancel();
        signalled.send_replace(Some(Instant::now() + patience));
    });
    let mut server = std::pin::pin!(server.into_future());
    // Waits for the signal. The server ends only after it (its graceful shutdown starts there),
    // at once when no request is in progress, so it may be seen ending first.
    let ended = tokio::select! {
        served = &mut server => {
            served?;
            true
        }
        Ok(_) = on_signal.wait_for(Option::is_some) => false,
    };
    let deadline = on_signal.borrow().unwrap_or_else(Instant::now);
    // Requests in progress have until the deadline; those still running then are dropped with
    // the server (and their connections with the process).
    if !ended {
        match tokio::time::timeout_at(deadline, &mut server).await {
            Ok(served) => served?,
            Err(_) => {
                tracing::warn!(
                    ?patience,
                    "requests still in progress at shutdown were cut off"
                );
            }
        }
    }
    let left = deadline.saturating_duration_since(Instant::now());
    if !runs.stop_all(left).await {
        tracing::warn!(?patience, "a pre-translation run did not stop in time");
    }
    if let Err(error) = pretranslate::release_claims(&db, &instance).await {
        tracing::warn!(%error, "could not hand back the pre-translation runs");
    }
    // A publishing worker stops between two jobs; each job's answer is written as it comes.
    let left = deadline.saturating_duration_since(Instant::now());
    if !publishing.stop_all(left).await {
        tracing::warn!(?patience, "a publishing run did not stop in time");
    }
    if let Err(error) = publish::hand_back(&db, &instance).await {
        tracing::warn!(%error, "could not hand back the publishing runs");
    }
    Ok(())
}

/// Completes on Ctrl-C or SIGTERM, so in-flight requests finish before the process exits.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(err) = tokio::signal::ctrl_c().await {
            tracing::error!(error = %err, "cannot listen for Ctrl-C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(err) => {
                tracing::error!(error = %err, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
