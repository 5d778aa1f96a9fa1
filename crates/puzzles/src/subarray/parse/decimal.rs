//! Decimal numbers (`f64`): Clinger's fast path for plain decimals, the
//! standard parser for the rest, and the token loop.

use super::error::SyntaxErrorKind;
use super::token::{Batch, Parse, Stop, is_separator, token_end};
use crate::cpu::Isa;

/// Whether a token that is not an integer reads as a decimal number.
pub(super) fn is_decimal(token: &[u8]) -> bool {
    matches!(
        f64::parse_token(token),
        Ok(_) | Err(SyntaxErrorKind::FloatOutOfRange)
    )
}

/// Powers of ten that are exact in `f64`.
const EXACT_POWERS_OF_TEN: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// Plain decimals (`-12.375`, `42`) with at most 15 significant digits, the
/// common case, without the general parser: the digits make an integer
/// below 2⁵³ and the scale an exact power of ten, so one division rounds
/// correctly (Clinger's fast path). `None` for anything else.
pub(super) fn parse_plain_decimal(token: &[u8]) -> Option<f64> {
    let (negative, rest) = match token.first()? {
        b'-' => (true, &token[1..]),
        b'+' => (false, &token[1..]),
        _ => (false, token),
    };
    let mut mantissa = 0_u64;
    let mut digits = 0;
    let mut scale = 0;
    let mut seen_point = false;
    for &byte in rest {
        match byte {
            b'0'..=b'9' => {
                if digits == 0 && byte == b'0' {
                    // Leading zeros do not count towards the 15 digits.
                } else {
                    digits += 1;
                }
                mantissa = mantissa * 10 + u64::from(byte - b'0');
                scale += usize::from(seen_point);
                if digits > 15 {
                    return None;
                }
            }
            b'.' if !seen_point => seen_point = true,
            _ => return None,
        }
    }
    // At least one digit, and not a lone point.
    if rest.len() == usize::from(seen_point) || scale > 22 {
        return None;
    }
    let magnitude = mantissa as f64 / EXACT_POWERS_OF_TEN[scale];
    Some(if negative { -magnitude } else { magnitude })
}

impl Parse for f64 {
    fn parse_token(token: &[u8]) -> Result<f64, SyntaxErrorKind> {
        if let Some(value) = parse_plain_decimal(token) {
            return Ok(value);
        }
        // Rust's parser also reads "inf", "infinity" and "nan" (any case,
        // any sign): refused by name, as is anything that overflows.
        let text = std::str::from_utf8(token).map_err(|_| SyntaxErrorKind::NotNumber)?;
        let value: f64 = text.parse().map_err(|_| SyntaxErrorKind::NotNumber)?;
        if value.is_finite() {
            Ok(value)
        } else if text.bytes().any(|b| b.is_ascii_digit()) {
            Err(SyntaxErrorKind::FloatOutOfRange)
        } else {
            Err(SyntaxErrorKind::NotFinite)
        }
    }

    fn parse_window<F: FnMut(&[f64])>(
        buf: &[u8],
        mut pos: usize,
        end: usize,
        batch: &mut Batch<f64>,
        sink: &mut F,
        _isa: Isa,
    ) -> Result<usize, Stop> {
        while pos < end {
            let first = buf[pos];
            if is_separator(first) {
                pos += 1;
                continue;
            }
            if first == b'#' {
                return Err(Stop::Comment(pos));
            }
            let token_end = token_end(buf, pos, end);
            match f64::parse_token(&buf[pos..token_end]) {
                Ok(value) => batch.push(value, sink),
                Err(kind) => return Err(Stop::Bad(pos, kind)),
            }
            pos = token_end;
        }
        Ok(pos)
    }
}
