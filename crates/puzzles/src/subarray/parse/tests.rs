use super::decimal::parse_plain_decimal;
use super::*;

#[test]
fn integers_of_every_length_and_separator() {
    let text = "0 -1 +2 33,-444\t5555\r\n66666 -777777 8888888 99999999 \
                123456789012 -9223372036854775808 9223372036854775807 000000000000000000042";
    let values: Vec<i64> = parse_values(text).unwrap();
    assert_eq!(
        values,
        [
            0,
            -1,
            2,
            33,
            -444,
            5555,
            66666,
            -777777,
            8888888,
            99999999,
            123456789012,
            i64::MIN,
            i64::MAX,
            42
        ]
    );
}

#[test]
fn errors_name_line_column_and_text() {
    let err = |text: &str| parse_values::<i64>(text).unwrap_err().to_string();
    assert_eq!(
        err("1 2\n  3 4x 5"),
        "line 2, column 5: `4x` is not an integer"
    );
    assert_eq!(err("-"), "line 1, column 1: `-` is not an integer");
    assert_eq!(
        err("1 2.5"),
        "line 1, column 3: `2.5` is not an integer (it is a decimal number)"
    );
    assert_eq!(
        err("# c\n9223372036854775808"),
        "line 2, column 1: `9223372036854775808` is out of range for a 64-bit integer"
    );
    assert_eq!(err("12#3"), "line 1, column 1: `12#3` is not an integer");
    assert_eq!(err("don't"), "line 1, column 1: `don't` is not an integer");
    assert_eq!(
        err("a\\b\x07"),
        "line 1, column 1: `a\\b\\u{7}` is not an integer"
    );
    let err = |text: &str| parse_values::<f64>(text).unwrap_err().to_string();
    assert_eq!(
        err("1.5 NaN"),
        "line 1, column 5: `NaN` is not a finite number (NaN and infinities are refused)"
    );
    assert_eq!(
        err("-inf"),
        "line 1, column 1: `-inf` is not a finite number (NaN and infinities are refused)"
    );
    assert_eq!(
        err("1e999"),
        "line 1, column 1: `1e999` is out of range for a 64-bit float"
    );
    assert_eq!(err("1,x"), "line 1, column 3: `x` is not a number");
}

#[test]
fn plain_decimals_parse_as_the_standard_parser_does() {
    for text in [
        "0",
        "-0",
        "+0.5",
        "12.375",
        "-12.375",
        "0.1",
        "0.3",
        ".5",
        "5.",
        "007.25",
        "123456789012345",
        "1234567890.12345",
        "0.0000000000000000000001",
        "999999999999999",
    ] {
        let expected: f64 = text.parse().unwrap();
        let found = parse_plain_decimal(text.as_bytes()).unwrap();
        assert_eq!(found.to_bits(), expected.to_bits(), "{text}");
    }
    for text in [
        "",
        "-",
        ".",
        "+.",
        "1e5",
        "1.2.3",
        "1234567890123456",
        "0.00000000000000000000001",
        "nan",
        "1_0",
    ] {
        assert_eq!(parse_plain_decimal(text.as_bytes()), None, "{text}");
    }
}

#[test]
fn comments_and_byte_order_mark() {
    let values: Vec<i64> = parse_values("\u{feff}# head\n1 # one\n#\n2,#x\n3").unwrap();
    assert_eq!(values, [1, 2, 3]);
    let err = parse_values::<i64>("\u{feff}1 y").unwrap_err().to_string();
    assert_eq!(err, "line 1, column 3: `y` is not an integer");
}

#[test]
fn numbers_kept_in_memory_are_bounded_even_from_an_endless_input() {
    use std::io::Read;
    // "1 1 1 …" without end: refused once past the bound, having read
    // little beyond it.
    struct Ones;
    impl Read for Ones {
        fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
            for (at, byte) in buffer.iter_mut().enumerate() {
                *byte = if at % 2 == 0 { b'1' } else { b' ' };
            }
            Ok(buffer.len() / 2 * 2)
        }
    }
    let err = read_values_up_to::<i64, _>(Ones, 100_000).unwrap_err();
    assert!(matches!(err, SubarrayError::TooManyValues { max: 100_000 }));
    assert!(
        err.to_string().starts_with("more than 100000 numbers"),
        "{err}"
    );
    // At the bound, every number; one past it, refused, a float cut short
    // by the stop included.
    let text = "1 2 3";
    assert_eq!(
        read_values_up_to::<i64, _>(text.as_bytes(), 3).unwrap(),
        [1, 2, 3]
    );
    assert!(read_values_up_to::<f64, _>("1 2 3 4e".as_bytes(), 3).is_err());
    let matrix = read_matrix_up_to::<i64, _>("1 2\n3 4\n".as_bytes(), 4).unwrap();
    assert_eq!((matrix.rows(), matrix.cols()), (2, 2));
    let err = read_matrix_up_to::<i64, _>("1 2\n3 4\n5 6\n".as_bytes(), 5).unwrap_err();
    assert!(matches!(err, SubarrayError::TooManyValues { max: 5 }));
}

#[test]
fn kept_numbers_never_take_room_past_the_bound() {
    for (block, max) in [(3, 1000), (4096, 100_000), (1, 1)] {
        let mut values = Vec::new();
        while values.len() + block <= max {
            extend_within(&mut values, &vec![0_u8; block], max);
            assert!(values.capacity() <= max, "{} of {max}", values.capacity());
        }
        assert_eq!(values.len(), max / block * block);
    }
}
