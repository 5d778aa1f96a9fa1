//! Numbers as people read them in summaries: `14,772,512`.

/// `value` with its digits in groups of three, separated by commas.
pub fn grouped(value: impl Into<u128>) -> String {
    let digits = value.into().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// Parses `--limit K` (of every command that takes one): a whole number
/// from 1.
pub fn parse_limit(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("the limit must be at least 1".to_string()),
        Ok(k) => Ok(k),
        Err(err) if *err.kind() == std::num::IntErrorKind::PosOverflow => Err(format!(
            "the limit must be at most {}, got {text:?}",
            u64::MAX
        )),
        Err(_) => Err(format!(
            "the limit must be a positive whole number, got {text:?}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::{grouped, parse_limit};
    use proptest::prelude::*;

    #[test]
    fn digits_are_grouped_by_three() {
        assert_eq!(grouped(0u8), "0");
        assert_eq!(grouped(999u32), "999");
        assert_eq!(grouped(1000u32), "1,000");
        assert_eq!(grouped(14_772_512u64), "14,772,512");
        assert_eq!(
            grouped(u128::MAX),
            "340,282,366,920,938,463,463,374,607,431,768,211,455"
        );
    }

    #[test]
    fn a_limit_past_the_largest_says_so() {
        assert_eq!(parse_limit(" 7 "), Ok(7));
        assert_eq!(
            parse_limit("18446744073709551616"),
            Err(
                "the limit must be at most 18446744073709551615, got \"18446744073709551616\""
                    .into()
            )
        );
        assert_eq!(
            parse_limit("-1"),
            Err("the limit must be a positive whole number, got \"-1\"".into())
        );
        assert_eq!(parse_limit("0"), Err("the limit must be at least 1".into()));
    }

    proptest! {
        #[test]
        fn grouping_only_adds_commas(value: u128) {
            let text = grouped(value);
            prop_assert_eq!(text.replace(',', ""), value.to_string());
            prop_assert!(text.split(',').skip(1).all(|group| group.len() == 3));
        }
    }
}
