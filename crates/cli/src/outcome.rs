//! How a finished command ends, as the shell sees it. A leaf: every command
//! returns one, and `main` turns it into the exit status.

use std::process::ExitCode;

/// What a finished command found, as the shell sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// An answer was printed (exit 0).
    Answer,
    /// The question has no answer, like grep finding no match (exit 1).
    NoSolution,
    /// The user interrupted a long run after its work was saved (exit 130).
    Interrupted,
}

impl From<Outcome> for ExitCode {
    fn from(outcome: Outcome) -> ExitCode {
        match outcome {
            Outcome::Answer => ExitCode::SUCCESS,
            Outcome::NoSolution => ExitCode::from(1),
            Outcome::Interrupted => ExitCode::from(130),
        }
    }
}
