//! Whether a progress line may be drawn and redrawn in place on standard
//! error. A leaf: the commands call it, and it calls none of them.

use std::io::{self, IsTerminal};

/// Standard error is a terminal that understands the escape codes a
/// redrawn line is made of: not a pipe or a file, and not `TERM=dumb`
/// (an editor's shell buffer, say), where they would show as text.
pub fn stderr_redraws() -> bool {
    io::stderr().is_terminal() && !is_dumb(std::env::var_os("TERM").as_deref())
}

fn is_dumb(term: Option<&std::ffi::OsStr>) -> bool {
    term.is_some_and(|term| term == "dumb")
}

#[cfg(test)]
mod tests {
    use super::is_dumb;

    #[test]
    fn only_a_dumb_terminal_is_dumb() {
        assert!(is_dumb(Some("dumb".as_ref())));
        assert!(!is_dumb(Some("xterm-256color".as_ref())));
        assert!(!is_dumb(None));
    }
}
