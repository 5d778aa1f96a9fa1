//! Sums of `f64` kept to about 106 bits, as two `f64`s: for the variants
//! that find a run's sum as the difference of two larger sums (the circle's
//! total less the run it leaves out, prefix sums in a window). In `f64`
//! such a difference loses what the larger sums rounded away: with
//! `1, -1e16, 1` on a circle the total is `-1e16`, the run left out
//! `-1e16`, and the wrapping run `1, 1` came out as 0. Kept to 106 bits the
//! difference is the run's sum to within 2⁻¹⁰⁶ of the larger sums, well
//! inside one rounding of the run's own sum.

use std::cmp::Ordering;
use std::ops::{Add, Neg, Sub};

/// `hi + lo` exactly, with `hi` the nearest `f64` to the value and `lo` the
/// rest (at most half a unit in the last place of `hi`). Public in a private
/// module: the sealed `Widened` trait names it, and nothing outside can.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DoubleDouble {
    hi: f64,
    lo: f64,
}

/// `a + b` as the rounded sum and its exact error (Knuth's two-sum).
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let sum = a + b;
    let b_virtual = sum - a;
    let a_virtual = sum - b_virtual;
    (sum, (a - a_virtual) + (b - b_virtual))
}

/// [`two_sum`] where `|a| >= |b|` (or `a` is 0).
fn fast_two_sum(a: f64, b: f64) -> (f64, f64) {
    let sum = a + b;
    (sum, b - (sum - a))
}

impl DoubleDouble {
    pub fn new(value: f64) -> DoubleDouble {
        DoubleDouble { hi: value, lo: 0.0 }
    }

    /// The nearest `f64` (to within the last place).
    pub fn to_f64(self) -> f64 {
        self.hi + self.lo
    }
}

impl Add for DoubleDouble {
    type Output = DoubleDouble;

    /// The accurate sum of two double-doubles (both parts added with
    /// [`two_sum`]), so that the error stays within 2⁻¹⁰⁶ of the operands
    /// even when they cancel.
    fn add(self, other: DoubleDouble) -> DoubleDouble {
        let (sum, error) = two_sum(self.hi, other.hi);
        let (low_sum, low_error) = two_sum(self.lo, other.lo);
        let (sum, error) = fast_two_sum(sum, error + low_sum);
        let (hi, lo) = fast_two_sum(sum, error + low_error);
        DoubleDouble { hi, lo }
    }
}

impl Neg for DoubleDouble {
    type Output = DoubleDouble;

    fn neg(self) -> DoubleDouble {
        DoubleDouble {
            hi: -self.hi,
            lo: -self.lo,
        }
    }
}

impl Sub for DoubleDouble {
    type Output = DoubleDouble;

    fn sub(self, other: DoubleDouble) -> DoubleDouble {
        self + -other
    }
}

impl PartialOrd for DoubleDouble {
    /// By value: `hi` first, then `lo` (normalized, `lo` cannot outweigh a
    /// difference in `hi`).
    fn partial_cmp(&self, other: &DoubleDouble) -> Option<Ordering> {
        match self.hi.partial_cmp(&other.hi)? {
            Ordering::Equal => self.lo.partial_cmp(&other.lo),
            unequal => Some(unequal),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Halves, twice over: small ones, and large ones of 20 significant
    /// bits (each exact in `f64`, their sums not).
    fn halves() -> impl Strategy<Value = Vec<i64>> {
        let large =
            (-(1i64 << 20)..(1i64 << 20), 30u32..41).prop_map(|(high, shift)| high << shift);
        proptest::collection::vec(prop_oneof![-40i64..40, large], 1..40)
    }

    fn of(twice: i64) -> DoubleDouble {
        DoubleDouble::new(twice as f64 / 2.0)
    }

    /// The exact value of `sum`, twice over, where it is a whole number of
    /// halves.
    fn twice_exact(sum: DoubleDouble) -> i128 {
        (sum.hi * 2.0) as i128 + (sum.lo * 2.0) as i128
    }

    proptest! {
        #[test]
        fn sums_and_differences_of_halves_are_exact(values in halves()) {
            let mut sum = DoubleDouble::default();
            let mut exact = 0i128;
            for (index, &value) in values.iter().enumerate() {
                if index % 3 == 2 {
                    sum = sum - of(value);
                    exact -= i128::from(value);
                } else {
                    sum = sum + of(value);
                    exact += i128::from(value);
                }
                prop_assert_eq!(twice_exact(sum), exact);
            }
        }

        #[test]
        fn order_is_the_order_of_the_values(a in halves(), b in halves()) {
            let total = |values: &[i64]| values.iter().fold(DoubleDouble::default(), |sum, &v| sum + of(v));
            let exact = |values: &[i64]| values.iter().map(|&v| i128::from(v)).sum::<i128>();
            prop_assert_eq!(
                total(&a).partial_cmp(&total(&b)),
                Some(exact(&a).cmp(&exact(&b)))
            );
        }
    }

    #[test]
    fn a_run_left_out_of_a_circle_leaves_the_rest_exact() {
        let values = [1.0, -1e16, 1.0];
        let total = values.iter().fold(DoubleDouble::default(), |sum, &value| {
            sum + DoubleDouble::new(value)
        });
        assert_eq!((total - DoubleDouble::new(-1e16)).to_f64(), 2.0);
        // In f64 the ones are lost.
        assert_eq!(values.iter().sum::<f64>() - -1e16, 0.0);
    }
}
