//! `puzzles queens --format svg` through the real binary: the drawings parse
//! as XML, show the right queens in the right squares, and are
//! snapshot-tested.

use crate::util::puzzles;
use predicates::prelude::*;

fn svg_of(args: &[&str]) -> String {
    let output = puzzles().args(args).output().unwrap();
    assert!(output.status.success(), "{args:?} failed: {output:?}");
    assert!(output.stderr.is_empty());
    String::from_utf8(output.stdout).unwrap()
}

/// The queens of every board, each board's as a `cols` array, read back
/// from the drawing's geometry: `translate(x y)` of each queen, relative to
/// its board, divided by the square size.
fn boards_in(document: &roxmltree::Document, square: f64, margin: f64) -> Vec<Vec<usize>> {
    document
        .descendants()
        .filter(|node| node.attribute("class") == Some("board"))
        .map(|board| {
            let mut queens: Vec<(usize, usize)> = board
                .children()
                .filter(|node| node.attribute("class") == Some("queen"))
                .map(|queen| {
                    let transform = queen.attribute("transform").unwrap();
                    let inner = transform
                        .strip_prefix("translate(")
                        .and_then(|rest| rest.split(')').next())
                        .unwrap();
                    let mut numbers = inner.split(' ').map(|n| n.parse::<f64>().unwrap());
                    let (x, y) = (numbers.next().unwrap(), numbers.next().unwrap());
                    (
                        ((y - margin) / square) as usize,
                        ((x - margin) / square) as usize,
                    )
                })
                .collect();
            queens.sort();
            assert!(
                queens
                    .iter()
                    .enumerate()
                    .all(|(index, &(row, _))| index == row),
                "one queen per row: {queens:?}"
            );
            queens.into_iter().map(|(_, col)| col).collect()
        })
        .collect()
}

fn texts_of_class(document: &roxmltree::Document, class: &str) -> Vec<String> {
    document
        .descendants()
        .filter(|node| node.attribute("class") == Some(class))
        .map(|node| node.text().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn first_solution_is_one_board() {
    let drawing = svg_of(&["queens", "8", "--first", "--format", "svg"]);
    let document = roxmltree::Document::parse(&drawing).expect("well-formed XML");
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    assert_eq!(root.attribute("width"), Some("320"));
    assert_eq!(root.attribute("viewBox"), Some("0 0 320 320"));
    assert_eq!(boards_in(&document, 40.0, 0.0), [[0, 4, 7, 5, 2, 6, 1, 3]]);
    let title = document
        .descendants()
        .find(|node| node.has_tag_name("title"))
        .unwrap();
    assert_eq!(title.text(), Some("8 queens: [0, 4, 7, 5, 2, 6, 1, 3]"));
    // Half the 64 squares are dark, drawn as one path of 32 squares.
    assert_eq!(drawing.matches("h40v40h-40z").count(), 32);
    insta::assert_snapshot!("queens_8_first_svg", drawing);
}

#[test]
fn unique_is_a_sheet_of_the_fundamental_solutions_with_class_sizes() {
    let drawing = svg_of(&["queens", "8", "--unique", "--format", "svg", "--labels"]);
    let document = roxmltree::Document::parse(&drawing).expect("well-formed XML");
    let boards = boards_in(&document, 40.0, 24.0);
    assert_eq!(boards.len(), 12);
    let expected: Vec<Vec<usize>> = puzzles::queens::Board::new(8)
        .unwrap()
        .fundamental_solutions()
        .map(|class| class.solution.cols().to_vec())
        .collect();
    assert_eq!(boards, expected);
    let captions = texts_of_class(&document, "caption");
    assert_eq!(captions.len(), 12);
    assert_eq!(captions[0], "[0, 4, 7, 5, 2, 6, 1, 3] · class of 8");
    let total: usize = captions
        .iter()
        .map(|caption| {
            caption
                .rsplit("class of ")
                .next()
                .unwrap()
                .parse::<usize>()
                .unwrap()
        })
        .sum();
    assert_eq!(total, 92, "the class sizes add up to all solutions");
    assert_eq!(
        texts_of_class(&document, "title"),
        ["8 queens: 12 fundamental solutions, with the sizes of their classes"]
    );
    // Every board has its row and column numbers.
    assert_eq!(
        document
            .descendants()
            .filter(|node| node.attribute("class") == Some("labels"))
            .count(),
        12
    );
}

#[test]
fn small_sheets_are_snapshot_tested() {
    let four = svg_of(&["queens", "4", "--format", "svg", "--labels"]);
    let document = roxmltree::Document::parse(&four).unwrap();
    assert_eq!(
        boards_in(&document, 40.0, 24.0),
        [[1, 3, 0, 2], [2, 0, 3, 1]]
    );
    assert_eq!(
        texts_of_class(&document, "caption"),
        ["1: [1, 3, 0, 2]", "2: [2, 0, 3, 1]"]
    );
    insta::assert_snapshot!("queens_4_sheet_svg", four);

    let six = svg_of(&["queens", "6", "--unique", "--format", "svg"]);
    roxmltree::Document::parse(&six).unwrap();
    insta::assert_snapshot!("queens_6_unique_svg", six);
}

#[test]
fn limits_and_other_pieces_say_so_in_the_title() {
    let drawing = svg_of(&["queens", "11", "--format", "svg", "--limit", "5"]);
    let document = roxmltree::Document::parse(&drawing).unwrap();
    assert_eq!(boards_in(&document, 40.0, 0.0).len(), 5);
    assert_eq!(
        texts_of_class(&document, "title"),
        ["11 queens: the first 5 solutions"]
    );
    let kings = svg_of(&[
        "queens", "5", "--piece", "king", "--torus", "--format", "svg",
    ]);
    let document = roxmltree::Document::parse(&kings).unwrap();
    let title = texts_of_class(&document, "title");
    assert_eq!(title, ["5 kings on a torus: 10 solutions"]);
    // Completions are named as the text names them.
    for (args, expected) in [
        (
            &["8", "--given", "0:0"][..],
            "8 queens: 4 completions of the given queens",
        ),
        (
            &["8", "--given", "0:0", "--limit", "2"],
            "8 queens: the first 2 completions of the given queens",
        ),
        (
            &["7", "--torus", "--piece", "king", "--given", "0:0"],
            "7 kings on a torus: 46 completions of the given kings",
        ),
    ] {
        let sheet = svg_of(&[&["queens"][..], args, &["--format", "svg"]].concat());
        let document = roxmltree::Document::parse(&sheet).unwrap();
        assert_eq!(texts_of_class(&document, "title"), [expected], "{args:?}");
    }
    // One piece is not "1 queens".
    let one = svg_of(&["queens", "1", "--format", "svg"]);
    let document = roxmltree::Document::parse(&one).unwrap();
    assert_eq!(texts_of_class(&document, "title"), ["1 queen: 1 solution"]);
}

/// An empty sheet is titled the same whichever search found nothing:
/// `--first` said "no solution exists for n = 4" and left out the torus,
/// and a completion said "no solution exists" where the text says "no
/// completion exists for the given queens".
#[test]
fn no_solution_is_a_drawing_that_says_so_and_exit_1() {
    for (args, expected) in [
        (&["queens", "3"][..], "3 queens: no solution exists"),
        (&["queens", "3", "--first"], "3 queens: no solution exists"),
        (
            &["queens", "3", "--first", "--lexicographic"],
            "3 queens: no solution exists",
        ),
        (
            &["queens", "4", "--torus", "--first"],
            "4 queens on a torus: no solution exists",
        ),
        (
            &["queens", "3", "--piece", "king", "--torus"],
            "3 kings on a torus: no solution exists",
        ),
        (
            &["queens", "6", "--given", "0:0"],
            "6 queens: no completion exists for the given queens",
        ),
        (
            &["queens", "6", "--given", "0:0", "--first"],
            "6 queens: no completion exists for the given queens",
        ),
        (
            &["queens", "2", "--piece", "king"],
            "2 kings: no solution exists",
        ),
    ] {
        let output = puzzles()
            .args(args)
            .args(["--format", "svg"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        let drawing = String::from_utf8(output.stdout).unwrap();
        let document = roxmltree::Document::parse(&drawing).unwrap();
        assert_eq!(texts_of_class(&document, "title"), [expected], "{args:?}");
        assert_eq!(boards_in(&document, 40.0, 0.0).len(), 0);
    }
}

#[test]
fn too_many_boards_for_a_sheet_is_a_usage_error_with_no_output() {
    puzzles()
        .args(["queens", "11", "--format", "svg"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "more than 1000 boards are too many for one SVG sheet; add --limit K",
        ));
    // 10-queens has 724 solutions: one sheet.
    let drawing = svg_of(&["queens", "10", "--format", "svg"]);
    assert_eq!(drawing.matches("class=\"board\"").count(), 724);
}

#[test]
fn labels_and_trace_need_the_right_format() {
    puzzles()
        .args(["queens", "8", "--labels"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("use it with --format svg"));
    puzzles()
        .args(["queens", "4", "--trace", "--format", "svg"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--format svg is not available"));
}
