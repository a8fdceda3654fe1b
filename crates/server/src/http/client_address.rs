//! The address a request comes from, for sign-in throttling and the audit log.
//!
//! Behind a reverse proxy every connection comes from the proxy, so throttling by address
//! would lock out every user at once and the audit log would name nobody. The proxy says who
//! its client was in `X-Forwarded-For`, but any client can send that header too: it is believed
//! only on a connection from an address configured as a trusted proxy, and then only as far
//! back as the chain of trusted proxies goes.

use std::net::{IpAddr, SocketAddr};

use axum::{
    extract::{ConnectInfo, Request, State},
    http::HeaderMap,
    middleware::Next,
    response::Response,
};
use ipnet::IpNet;

/// The client's address as [`resolve`] found it; read through [`super::auth::peer_address`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddress(pub IpAddr);

/// Middleware: records the request's [`ClientAddress`] (absent when the server was started
/// without connection info, as in tests of the router alone).
pub async fn record(
    State(trusted): State<std::sync::Arc<[IpNet]>>,
    mut request: Request,
    next: Next,
) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip());
    if let Some(peer) = peer {
        let address = resolve(peer, request.headers(), &trusted);
        request.extensions_mut().insert(ClientAddress(address));
    }
    next.run(request).await
}

/// The connection's peer, unless it is a trusted proxy: then the nearest address in
/// `X-Forwarded-For` (read from the right, where each proxy appends the one it saw) that is not
/// a trusted proxy itself. An entry that is not an address ends the walk at the last hop that
/// could be believed.
pub fn resolve(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> IpAddr {
    let is_trusted = |address: &IpAddr| trusted.iter().any(|net| net.contains(address));
    if !is_trusted(&peer) {
        return peer;
    }
    let hops = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .collect::<Vec<_>>();
    let mut client = peer;
    for hop in hops.iter().rev() {
        match parse_hop(hop) {
            Some(address) => {
                client = address;
                if !is_trusted(&address) {
                    break;
                }
            }
            None => break,
        }
    }
    client
}

/// One `X-Forwarded-For` entry: an address, with a port or in brackets as some proxies write it.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    hop.parse::<IpAddr>()
        .ok()
        .or_else(|| hop.parse::<SocketAddr>().ok().map(|addr| addr.ip()))
        .or_else(|| hop.strip_prefix('[')?.strip_suffix(']')?.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::parse_trusted_proxies as parse_trusted;

    fn headers(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append("x-forwarded-for", value.parse().unwrap());
        }
        headers
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn the_header_is_ignored_unless_the_connection_is_a_trusted_proxy() {
        let trusted = parse_trusted("10.0.0.0/8, ::1").unwrap();
        let forged = headers(&["203.0.113.9"]);
        assert_eq!(
            resolve(ip("198.51.100.7"), &forged, &trusted),
            ip("198.51.100.7")
        );
        assert_eq!(
            resolve(ip("198.51.100.7"), &forged, &[]),
            ip("198.51.100.7")
        );
        assert_eq!(
            resolve(ip("10.1.2.3"), &forged, &trusted),
            ip("203.0.113.9")
        );
        assert_eq!(resolve(ip("::1"), &forged, &trusted), ip("203.0.113.9"));
    }

    #[test]
    fn the_nearest_untrusted_hop_is_the_client() {
        let trusted = parse_trusted("10.0.0.0/8").unwrap();
        // The client put a forged address first; the proxies appended what they saw.
        let chain = headers(&["1.2.3.4, 203.0.113.9", "10.0.0.5"]);
        assert_eq!(resolve(ip("10.0.0.2"), &chain, &trusted), ip("203.0.113.9"));
        // Every hop trusted: the farthest one.
        let internal = headers(&["10.9.9.9, 10.0.0.5"]);
        assert_eq!(resolve(ip("10.0.0.2"), &internal, &trusted), ip("10.9.9.9"));
        // No header: the proxy itself.
        assert_eq!(
            resolve(ip("10.0.0.2"), &HeaderMap::new(), &trusted),
            ip("10.0.0.2")
        );
    }

    #[test]
    fn garbage_ends_the_walk_and_ports_and_brackets_are_read() {
        let trusted = parse_trusted("10.0.0.0/8").unwrap();
        let garbage = headers(&["203.0.113.9, unknown, 10.0.0.5"]);
        assert_eq!(resolve(ip("10.0.0.2"), &garbage, &trusted), ip("10.0.0.5"));
        let ported = headers(&["203.0.113.9:4711"]);
        assert_eq!(
            resolve(ip("10.0.0.2"), &ported, &trusted),
            ip("203.0.113.9")
        );
        let bracketed = headers(&["[2001:db8::1]"]);
        assert_eq!(
            resolve(ip("10.0.0.2"), &bracketed, &trusted),
            ip("2001:db8::1")
        );
    }
}
