//! Stopping with SIGTERM: an idle server exits at once; a request in progress at the signal
//! gets its whole answer first, and then the server exits at once. Both run with the default
//! `WORDMARK_SHUTDOWN_TIMEOUT` (30 s), so a server that waited that out fails the 2 s limit, and
//! neither may log that requests were cut off.

use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::{Server, Setup};
use crate::common::wait_until;
use crate::common::{ADMIN, PASSWORD};

/// The longest a server with nothing (left) to do may take to exit after SIGTERM.
const PROMPT: Duration = Duration::from_secs(2);

/// Exits within [`PROMPT`], with status 0 and without having cut a request off.
async fn exits_promptly_and_cleanly(server: &mut Server) {
    let status = server.exit_within(PROMPT).await;
    let log = server.log();
    assert!(status.success(), "{status:?}\n{log}");
    assert!(!log.contains("cut off"), "{log}");
}

/// Several times over: which of the server's end and the deadline a stopping server noticed
/// first was once a coin toss, so one stop could pass by luck.
#[tokio::test]
async fn an_idle_server_exits_at_once_on_sigterm() {
    let setup = Setup::new(&[]).await;
    for _ in 0..5 {
        let mut server = setup.start().await;
        // Signed in: the client keeps its connection open between requests, as a browser does.
        server.token().await;
        server.send_sigterm();
        exits_promptly_and_cleanly(&mut server).await;
    }
}

#[tokio::test]
async fn a_request_in_progress_at_sigterm_gets_its_answer_before_the_exit() {
    let setup = Setup::new(&[]).await;
    let mut server = setup.start().await;
    let addr = server.app.addr;
    // A sign-in whose body the client sends in two parts, the second after the signal.
    let body = format!(r#"{{"username":"{ADMIN}","password":"{PASSWORD}"}}"#);
    let (first, rest) = body.split_at(body.len() / 2);
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST /auth/login HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    // The server asks for the body once the handler reads it: the request is in progress.
    let go_on = read_head(&mut stream).await;
    assert!(go_on.starts_with("HTTP/1.1 100 Continue"), "{go_on}");
    stream.write_all(first.as_bytes()).await.unwrap();

    server.send_sigterm();
    // It has seen the signal once it accepts no more connections.
    wait_until(
        "the server stops accepting connections",
        Duration::from_secs(10),
        || async { TcpStream::connect(addr).await.is_err() },
    )
    .await;
    assert!(
        !server.exited(),
        "the server exited with a request in progress:\n{}",
        server.log()
    );

    stream.write_all(rest.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    let (status_line, json) = answer.split_once("\r\n\r\n").unwrap_or_default();
    assert!(status_line.starts_with("HTTP/1.1 200"), "{answer}");
    let signed_in: Value = serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {json}"));
    assert!(signed_in["token"].is_string(), "{signed_in}");
    exits_promptly_and_cleanly(&mut server).await;
}

/// Reads up to and including the blank line that ends an answer's head.
async fn read_head(stream: &mut TcpStream) -> String {
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        head.push(stream.read_u8().await.expect("the server answers"));
    }
    String::from_utf8(head).unwrap()
}
