//! What `/api/puzzles` answers: the puzzles the page offers and the
//! parameters of each one's form (bounds, hints, example puzzles), built
//! from the same constants the parameter check uses.

use serde_json::json;

use crate::bounds::{MAX_CROSSWORD_SIDE, MAX_EVENTS, grouped};
use crate::crossword;
use crate::examples;
use crate::params;

/// What the page offers: each puzzle with the parameters of its form. The
/// page builds its controls from this, so a new puzzle needs an entry here,
/// a variant of [`TraceRequest`](crate::params::TraceRequest) and a descriptor module registered in
/// `assets/puzzles.js`.
pub(crate) fn catalogue() -> serde_json::Value {
    let sudoku_examples: Vec<serde_json::Value> = examples::SUDOKU
        .iter()
        .map(|example| {
            json!({
                "label": example.label,
                "grid": example.grid,
                "mode": params::mode_name(example.mode),
                "about": example.about,
            })
        })
        .collect();
    let crossword_examples: Vec<serde_json::Value> = examples::CROSSWORD
        .iter()
        .map(|example| {
            json!({
                "name": example.name,
                "label": example.label,
                "grid": example.grid,
                "mode": params::mode_name(example.mode),
                "about": example.about,
            })
        })
        .collect();
    let english = crossword::english();
    json!({
        "max_events": MAX_EVENTS,
        "puzzles": [
            {
                "id": "queens",
                "name": "N-Queens",
                "parameters": [
                    {
                        "name": "n",
                        "label": "N",
                        "kind": "integer",
                        "min": params::MIN_QUEENS,
                        "max": params::MAX_QUEENS,
                        "default": 8
                    },
                    {
                        "name": "given",
                        "label": "Your own start",
                        "kind": "squares",
                        "hint": "Click squares of the board at step 0 to place queens before the search \
                                 (ROW:COL, as puzzles queens N --given takes them); the search then \
                                 looks for completions.",
                        "default": ""
                    }
                ],
                "modes": ["first", "all"],
                "default_mode": "first"
            },
            {
                "id": "sudoku",
                "name": "Sudoku",
                "parameters": [
                    {
                        "name": "grid",
                        "label": "Grid, row by row",
                        "kind": "text",
                        "hint": "One character per cell: 81 for 9×9 (16, 256 or 625 for 4×4, \
                                 16×16 or 25×25). Digits 1-9, then A-G or A-P on the big grids; \
                                 '.' or '0' for an empty cell. Spaces and line breaks are ignored.",
                        "cells": [16, 81, 256, 625],
                        "default": examples::SUDOKU_DEFAULT,
                        "examples": sudoku_examples
                    }
                ],
                "modes": ["first", "all"],
                "mode_labels": {
                    "first": "up to the first solution",
                    "all": "the whole tree (all solutions: is it unique?)"
                },
                "default_mode": "first"
            },
            {
                "id": "crossword",
                "name": "Crossword",
                "parameters": [
                    {
                        "name": "grid",
                        "label": "Grid, a row per line",
                        "kind": "text",
                        "lines": 7,
                        "hint": format!(
                            "'#' a block, '.' an empty square, A-Z a letter set in advance; lines \
                             starting with '%' are comments. At most {MAX_CROSSWORD_SIDE}×{MAX_CROSSWORD_SIDE}. \
                             Every run of two or more white squares, across or down, takes a word \
                             of the list; crossing words agree, and no word is used twice."
                        ),
                        "max_side": MAX_CROSSWORD_SIDE,
                        "default": examples::CROSSWORD_DEFAULT,
                        "examples": crossword_examples
                    },
                    {
                        "name": "words",
                        "label": "Word list",
                        "kind": "choice",
                        "options": [
                            {
                                "value": "english",
                                "label": format!("English ({} words)", grouped(english.len()))
                            }
                        ],
                        "hint": "The English list shipped with puzzles (SCOWL via Debian's \
                                 wamerican). puzzles crossword GRID --words FILE takes your own.",
                        "default": "english"
                    }
                ],
                "modes": ["first", "all"],
                "mode_labels": {
                    "first": "up to the first fill",
                    "all": "the whole tree (every fill)"
                },
                "default_mode": "first"
            }
        ]
    })
}
