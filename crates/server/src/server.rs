//! Running the HTTP server.

use std::{future::Future, net::SocketAddr};

use tokio::net::TcpListener;

use crate::{
    app,
    features::pretranslate::{queries, worker},
    state::AppState,
};

/// Serves the app on `listener` until `shutdown` completes. The peer address is passed to the
/// handlers (sign-in throttling counts failures per address). Pre-translation runs left
/// running by a stopped server are resumed in the background; at shutdown this server hands
/// its own runs back so the next one to start resumes them at once. SQLite's log is
/// checkpointed in the background too, and audit events past their retention purged daily.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    worker::spawn_resumer(state.clone());
    crate::db::spawn_checkpointer(state.db.clone());
    crate::services::audit::spawn_purger(state.db.clone(), state.config.audit_retention);
    let (db, instance) = (state.db.clone(), state.instance_id.clone());
    axum::serve(
        listener,
        app(state).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await?;
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
