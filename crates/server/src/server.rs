//! Running the HTTP server.

use std::{
    future::{Future, IntoFuture},
    net::SocketAddr,
    time::Duration,
};

use tokio::{net::TcpListener, sync::watch};

use crate::{
    app,
    features::pretranslate::{queries, worker},
    state::AppState,
};

/// How long the runs' workers get to stop at shutdown (they only drop what they are doing).
const WORKERS_STOP: Duration = Duration::from_secs(5);

/// Serves the app on `listener` until `shutdown` completes. The peer address is passed to the
/// handlers (sign-in throttling counts failures per address). Pre-translation runs left
/// running by a stopped server are resumed in the background. At shutdown, requests in
/// progress get `WORDMARK_SHUTDOWN_TIMEOUT` to finish, then this server's runs stop and are
/// handed back so the next server to start (or another one running) resumes them at once.
/// SQLite's log is checkpointed in the background too.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    worker::spawn_resumer(state.clone());
    crate::db::spawn_checkpointer(state.db.clone());
    let (db, instance, runs) = (
        state.db.clone(),
        state.instance_id.clone(),
        state.runs.clone(),
    );
    let patience = state.config.shutdown_timeout;
    let (signalled, mut on_signal) = watch::channel(false);
    let server = axum::serve(
        listener,
        app(state).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async move {
        shutdown.await;
        signalled.send_replace(true);
    });
    let too_late = async move {
        if on_signal.wait_for(|&signalled| signalled).await.is_err() {
            std::future::pending::<()>().await;
        }
        tokio::time::sleep(patience).await;
    };
    tokio::select! {
        served = server.into_future() => served?,
        () = too_late => tracing::warn!(?patience, "requests still in progress at shutdown were cut off"),
    }
    if !runs.stop_all(WORKERS_STOP).await {
        tracing::warn!("a pre-translation run did not stop in time");
    }
    if let Err(error) = queries::release_claims(&db, &instance).await {
        tracing::warn!(%error, "could not hand back the pre-translation runs");
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
