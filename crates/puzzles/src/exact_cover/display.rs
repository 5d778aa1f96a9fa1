//! Writing a problem back in the text format.

use std::fmt;

use super::problem::Problem;

/// Writes the problem in the text format that [`Problem::parse`] reads:
/// the items line (primary items, then `|` and the secondary items if any),
/// then one option per line. Unnamed items are written as their numbers.
///
/// # Example
///
/// ```
/// let mut problem = puzzles::exact_cover::Problem::with_names(["a", "b"], ["s"])?;
/// problem.add_named_option(["a", "s"])?;
/// problem.add_named_option(["b"])?;
/// assert_eq!(problem.to_string(), "a b | s\na s\nb\n");
/// # Ok::<(), puzzles::exact_cover::ExactCoverError>(())
/// ```
impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let primary = self.primary_count();
        let mut words: Vec<String> = (0..primary).map(|i| self.display_name(i)).collect();
        // A bare `|` keeps an items line without primary items non-blank.
        if self.secondary_count() > 0 || primary == 0 {
            words.push("|".to_string());
            words.extend((primary..self.item_count()).map(|i| self.display_name(i)));
        }
        writeln!(f, "{}", words.join(" "))?;
        for index in 0..self.option_count() {
            let names: Vec<String> = self.option_names(index).collect();
            writeln!(f, "{}", names.join(" "))?;
        }
        Ok(())
    }
}
