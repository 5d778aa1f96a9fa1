//! Which `Host` values the server answers to: the names and addresses of
//! its listening socket, so that a page of another site cannot reach it
//! through DNS rebinding.

use std::net::{IpAddr, SocketAddr};

/// The `Host` values a request may carry: names and addresses of the
/// listening socket, each with and without its port.
#[derive(Debug)]
pub(super) struct Hosts {
    /// Lower-case names (`localhost`, the host given) and IP literals
    /// (`127.0.0.1`, `[::1]`), without port.
    names: Vec<String>,
    /// Any IP literal is fine: the server listens on every address.
    any_address: bool,
    port: u16,
}

impl Hosts {
    pub(super) fn new(given: &str, address: SocketAddr) -> Hosts {
        let literal = |ip: IpAddr| match ip {
            IpAddr::V4(ip) => ip.to_string(),
            IpAddr::V6(ip) => format!("[{ip}]"),
        };
        let mut names = vec![literal(address.ip())];
        let given = given.trim_start_matches('[').trim_end_matches(']');
        names.push(match given.parse::<IpAddr>() {
            Ok(ip) => literal(ip),
            Err(_) => given.to_ascii_lowercase(),
        });
        if address.ip().is_loopback() || address.ip().is_unspecified() {
            names.push("localhost".to_string());
        }
        Hosts {
            names,
            any_address: address.ip().is_unspecified(),
            port: address.port(),
        }
    }

    /// Whether a request with this `Host` value is for this server.
    pub(super) fn allows(&self, value: &str) -> bool {
        let value = value.trim().to_ascii_lowercase();
        let value = value.as_str();
        // `[::1]:8080`, `127.0.0.1:8080`, `localhost:8080`, or no port.
        let (name, port) = match value.rsplit_once(':') {
            Some((name, port))
                if !name.is_empty() && (!name.contains(':') || name.ends_with(']')) =>
            {
                (name, Some(port))
            }
            _ => (value, None),
        };
        // A fully qualified name may end in a dot.
        let name = name.strip_suffix('.').unwrap_or(name);
        let port_ok = match port {
            Some(port) => port.parse::<u16>() == Ok(self.port),
            None => self.port == 80,
        };
        let is_literal = name
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<IpAddr>()
            .is_ok();
        port_ok
            && (self.names.iter().any(|known| known == name) || (self.any_address && is_literal))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_the_listening_addresses() {
        let loopback = Hosts::new("127.0.0.1", "127.0.0.1:8000".parse().unwrap());
        for good in [
            "127.0.0.1:8000",
            "localhost:8000",
            "LOCALHOST:8000",
            "localhost.:8000",
        ] {
            assert!(loopback.allows(good), "{good}");
        }
        for bad in [
            "evil.example:8000",
            "127.0.0.1:8001",
            "127.0.0.1",
            "localhost",
            "10.0.0.1:8000",
            "[::1]:8000",
            "",
            ":8000",
        ] {
            assert!(!loopback.allows(bad), "{bad}");
        }
        let v6 = Hosts::new("::1", "[::1]:80".parse().unwrap());
        assert!(v6.allows("[::1]") && v6.allows("[::1]:80") && v6.allows("localhost"));
        assert!(!v6.allows("[::2]:80") && !v6.allows("::1"));
        let named = Hosts::new("Box.lan", "192.168.1.5:9000".parse().unwrap());
        assert!(named.allows("box.lan:9000") && named.allows("192.168.1.5:9000"));
        assert!(!named.allows("localhost:9000") && !named.allows("other.lan:9000"));
        let every = Hosts::new("0.0.0.0", "0.0.0.0:9000".parse().unwrap());
        assert!(every.allows("192.168.1.5:9000") && every.allows("[fe80::1]:9000"));
        assert!(!every.allows("rebound.example:9000"));
    }
}
