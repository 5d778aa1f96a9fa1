//! Standard input as the commands that read it see it. A leaf: the commands
//! call it, and it calls none of them.

use std::io::{self, IsTerminal};

/// Says on standard error that `what` is read from standard input when
/// that is a terminal: a command waiting there for typed input looks the
/// same as one that hangs.
pub fn reading_from_a_terminal(what: &str) {
    if io::stdin().is_terminal() {
        say!("puzzles: reading {what} from the terminal (standard input); Ctrl-D ends the input");
    }
}
