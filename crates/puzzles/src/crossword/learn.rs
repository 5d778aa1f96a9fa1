//! What a restart learns before it is cut: along the branch it was on,
//! each level's choices already tried led to no fill, given the choices
//! above them. Later restarts rule those out wherever the same choices
//! above hold, so no restart searches again what an earlier one refuted
//! (nogoods recorded from restarts, after Lecoutre, Sais, Tabary and
//! Vidal, 2007). The refutations at the top of a branch hold everywhere:
//! they go into the state every restart starts from.

use super::engine::Engine;

/// One level of a cut branch: the choices tried there without a fill,
/// and the one being searched when the restart was cut (`None` at the
/// deepest level, cut before its next choice).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Level {
    /// Slot `slot` split by word.
    Words {
        slot: usize,
        refuted: Vec<u32>,
        taken: Option<u32>,
    },
    /// Slot `slot` split by the letter of its square at `position`;
    /// `refuted` is a letter mask.
    Letters {
        slot: usize,
        position: usize,
        refuted: u32,
        taken: Option<u32>,
    },
}

/// Branches kept at most, oldest dropped first: each is looked at in
/// every node of a search.
const MAX_BRANCHES: usize = 1024;

/// Refuted words kept at most over all branches, oldest branches dropped
/// first: memory stays bounded (16 MB) however long a search runs.
const MAX_REFUTED: usize = 1 << 22;

/// What the restarts of one search learned.
#[derive(Clone, Debug, Default)]
pub(crate) struct Learned {
    /// The branch being cut, deepest level first (as the recursion
    /// unwinds).
    pub cut: Vec<Level>,
    /// Earlier branches, top level first, their top level's refutations
    /// moved into the starting state.
    branches: std::collections::VecDeque<Vec<Level>>,
    /// Refuted words in `branches`.
    refuted: usize,
}

impl Learned {
    /// Takes the branch just cut: its top level's refutations go into
    /// `root` (the state every restart starts from), the rest is kept.
    /// `Err` when that leaves `root` without a fill.
    pub fn close_branch(&mut self, root: &mut Engine) -> Result<(), u32> {
        let mut branch = std::mem::take(&mut self.cut);
        branch.reverse();
        let Some(top) = branch.first_mut() else {
            return Ok(());
        };
        rule_out(root, top)?;
        match top {
            Level::Words { refuted, .. } => refuted.clear(),
            Level::Letters { refuted, .. } => *refuted = 0,
        }
        if branch.len() > 1 {
            self.refuted += words(&branch);
            self.branches.push_back(branch);
            while self.branches.len() > MAX_BRANCHES || self.refuted > MAX_REFUTED {
                let oldest = self.branches.pop_front().expect("a branch");
                self.refuted -= words(&oldest);
            }
        }
        Ok(())
    }

    /// Rules out, in `engine`, every refutation whose choices above hold
    /// there. `Err` when that leaves a slot without candidates.
    pub fn apply(&self, engine: &mut Engine) -> Result<(), u32> {
        for branch in &self.branches {
            for level in branch {
                rule_out(engine, level)?;
                let holds = match *level {
                    Level::Words { slot, taken, .. } => {
                        taken.is_some_and(|i| engine.holds_word(slot, i))
                    }
                    Level::Letters {
                        slot,
                        position,
                        taken,
                        ..
                    } => taken.is_some_and(|letter| engine.holds_letter(slot, position, letter)),
                };
                if !holds {
                    break;
                }
            }
        }
        Ok(())
    }
}

fn words(branch: &[Level]) -> usize {
    branch
        .iter()
        .map(|level| match level {
            Level::Words { refuted, .. } => refuted.len(),
            Level::Letters { .. } => 0,
        })
        .sum()
}

fn rule_out(engine: &mut Engine, level: &Level) -> Result<(), u32> {
    match *level {
        Level::Words {
            slot, ref refuted, ..
        } => engine.forbid_words(slot, refuted).map(drop),
        Level::Letters {
            slot,
            position,
            refuted,
            ..
        } => engine.forbid_letters(slot, position, refuted).map(drop),
    }
}
