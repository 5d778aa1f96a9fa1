//! How a plan counts: the method (backtracking or joining quarter-boards)
//! and the kernel that runs it.

use super::super::quadrants;
use crate::cpu::Isa;

/// The name of the reduction and unit order this module implements. A
/// checkpoint records it: unit ids from another scheme mean other work.
pub const SCHEME: &str = "lexmin-rows-1";

/// How a plan counts. Both give the same totals; only backtracking finds
/// the fundamental solutions.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::{CountPlan, Method};
///
/// assert_eq!(CountPlan::new(12, 3)?.method(), Method::Backtrack);
/// assert_eq!(CountPlan::quadrants(12)?.method(), Method::Quadrants);
/// assert_eq!(CountPlan::best(18)?.method(), Method::Quadrants);
/// assert_eq!(CountPlan::best(12)?.method(), Method::Backtrack);
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Method {
    /// The symmetry-reduced backtracking search, in units of placed first
    /// rows ([`SCHEME`]).
    Backtrack,
    /// Joining quarter-boards, in units of the rows whose queen stands in
    /// the east half ([`quadrants::SCHEME`]); see [`quadrants`].
    Quadrants,
}

impl Method {
    /// The unit scheme's name, as checkpoints and parts record it.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::Method;
    ///
    /// assert_eq!(Method::Quadrants.scheme(), "quadrants-1");
    /// ```
    pub fn scheme(self) -> &'static str {
        match self {
            Method::Backtrack => SCHEME,
            Method::Quadrants => quadrants::SCHEME,
        }
    }

    /// Whether the method counts fundamental solutions too
    /// ([`UnitCount::unique`](super::UnitCount::unique)); the quadrant counter leaves it 0.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::Method;
    ///
    /// assert!(Method::Backtrack.finds_fundamentals());
    /// assert!(!Method::Quadrants.finds_fundamentals());
    /// ```
    pub fn finds_fundamentals(self) -> bool {
        self == Method::Backtrack
    }
}

/// The smallest board [`CountPlan::best`](super::CountPlan::best) counts by joining quarter-boards:
/// below it the backtracking counter is as fast or faster, and it finishes
/// in a tenth of a second anyway.
pub const QUADRANTS_FROM: usize = 16;

/// Which search counts the last rows of each unit. All give the same
/// totals, fundamental counts and node counts (the placements the reduced
/// search makes), unit by unit.
///
/// The scalar search walks the first rows of every unit; a vector kernel
/// then runs the last eight rows of many subtrees at once, one subtree per
/// 32-bit lane, with masks instead of unpredictable branches.
/// [`Kernel::Auto`] takes the widest the processor has, found at run time,
/// so one binary runs everywhere at its best.
///
/// # Example
///
/// ```
/// use puzzles::queens::count::{CountPlan, Kernel};
///
/// let plan = CountPlan::new(11, 2)?.with_kernel(Kernel::Scalar);
/// assert_eq!(plan.kernel(), Kernel::Scalar);
/// assert_eq!(plan.count_all().total, 2680);
/// # Ok::<(), puzzles::queens::count::CountError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kernel {
    /// The best kernel this processor has: [`Kernel::Avx512`], else
    /// [`Kernel::Avx2`], else [`Kernel::Sse2`] on x86-64;
    /// [`Kernel::Scalar`] elsewhere.
    #[default]
    Auto,
    /// The scalar search only.
    Scalar,
    /// Two registers of four lanes of SSE2, which every x86-64 processor has.
    Sse2,
    /// Two registers of eight lanes of AVX2 (x86-64 with AVX2, BMI1, BMI2 and POPCNT).
    Avx2,
    /// Two registers of sixteen lanes of AVX-512 (x86-64 with AVX-512F and CD, and POPCNT).
    Avx512,
}

impl Kernel {
    /// Every kernel but [`Kernel::Auto`], slowest first.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::Kernel;
    ///
    /// assert_eq!(Kernel::EACH[0], Kernel::Scalar);
    /// ```
    pub const EACH: [Kernel; 4] = [Kernel::Scalar, Kernel::Sse2, Kernel::Avx2, Kernel::Avx512];

    /// Whether this processor can run the kernel ([`Kernel::Auto`] and
    /// [`Kernel::Scalar`] run everywhere).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::Kernel;
    ///
    /// assert!(Kernel::Scalar.is_available());
    /// for kernel in Kernel::EACH {
    ///     println!("{kernel:?}: {}", kernel.is_available());
    /// }
    /// ```
    pub fn is_available(self) -> bool {
        match self.isa() {
            Some(isa) => isa.is_available(),
            None => true,
        }
    }

    /// The kernel that counts when this one is asked for: [`Kernel::Auto`]
    /// becomes the best available, and a kernel the processor lacks the
    /// next narrower one it has.
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::Kernel;
    ///
    /// let chosen = Kernel::Auto.selected();
    /// assert!(chosen.is_available() && chosen != Kernel::Auto);
    /// assert_eq!(Kernel::Scalar.selected(), Kernel::Scalar);
    /// ```
    pub fn selected(self) -> Kernel {
        let start = match self {
            Kernel::Auto => Kernel::EACH.len() - 1,
            kernel => Kernel::EACH
                .iter()
                .position(|&k| k == kernel)
                .expect("every kernel but Auto is listed"),
        };
        Kernel::EACH[..=start]
            .iter()
            .rev()
            .copied()
            .find(|kernel| kernel.is_available())
            .unwrap_or(Kernel::Scalar)
    }

    /// Whether [`Kernel::Auto`] finds vector lanes on this processor (on
    /// every x86-64 processor: SSE2 at least).
    ///
    /// # Example
    ///
    /// ```
    /// use puzzles::queens::count::Kernel;
    ///
    /// println!("vector lanes: {}", Kernel::lanes_available());
    /// ```
    pub fn lanes_available() -> bool {
        Kernel::Auto.selected() != Kernel::Scalar
    }

    /// The vector instructions the kernel names (`None`: scalar).
    pub(super) fn isa(self) -> Option<Isa> {
        match self {
            Kernel::Auto => Kernel::Auto.selected().isa(),
            Kernel::Scalar => None,
            Kernel::Sse2 => Some(Isa::Sse2),
            Kernel::Avx2 => Some(Isa::Avx2),
            Kernel::Avx512 => Some(Isa::Avx512),
        }
    }

    /// The vector instructions that count when this kernel is asked for.
    pub(super) fn lanes(self) -> Option<Isa> {
        self.selected().isa()
    }
}
