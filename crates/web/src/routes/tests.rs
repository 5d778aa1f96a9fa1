use super::*;
use proptest::prelude::*;

proptest! {
    #[test]
    fn any_request_gets_a_clear_answer(
        method in "(GET|HEAD|POST|[A-Z]{1,8})",
        url in "/(api/trace\\?|api/|app.js|)\\PC{0,60}",
        length in 0usize..4096,
    ) {
        let reply = respond(&Incoming { method: &method, url: &url, body: Body::Length(length) });
        prop_assert!([200, 400, 404, 405, 413, 414].contains(&reply.status), "{}", reply.status);
        if reply.status != 200 {
            prop_assert!(reply.text().len() > 10);
        }
    }

    /// Any bytes as a crossword's grid, word list or step bound: a
    /// trace, or a 400 whose JSON says why.
    #[test]
    fn any_crossword_parameters_get_a_trace_or_a_reason(
        grid in proptest::collection::vec(any::<u8>(), 0..200),
        words in proptest::option::of(proptest::collection::vec(any::<u8>(), 0..12)),
        steps in proptest::option::of(proptest::collection::vec(any::<u8>(), 0..8)),
    ) {
        let escape = |bytes: &[u8]| -> String { bytes.iter().map(|b| format!("%{b:02X}")).collect() };
        let mut url = format!("/api/trace?puzzle=crossword&mode=first&grid={}", escape(&grid));
        if let Some(words) = &words {
            url.push_str(&format!("&words={}", escape(words)));
        }
        url.push_str(&format!("&steps={}", steps.as_deref().map_or("100".to_string(), escape)));
        let reply = respond(&Incoming { method: "GET", url: &url, body: Body::Length(0) });
        let body: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
        match reply.status {
            200 => prop_assert_eq!(&body["puzzle"], "crossword"),
            400 => prop_assert!(body["error"].as_str().unwrap().len() > 15),
            414 => prop_assert!(url.len() > MAX_URL_BYTES),
            status => prop_assert!(false, "status {}", status),
        }
    }
}

fn get(url: &str) -> Reply {
    respond(&Incoming {
        method: "GET",
        url,
        body: Body::Length(0),
    })
}

#[test]
fn the_page_and_its_assets_are_served() {
    let files = assets::FILES.iter().map(|&(path, kind, _)| (path, kind));
    for (url, kind) in [("/", assets::HTML), ("/index.html", assets::HTML)]
        .into_iter()
        .chain(files)
    {
        let reply = get(url);
        assert_eq!((reply.status, reply.content_type), (200, kind), "{url}");
        assert!(!reply.body.is_empty());
    }
}

#[test]
fn every_module_the_page_imports_is_served() {
    let page = assets::INDEX_HTML;
    assert!(page.contains("<script type=\"module\" src=\"/app.js\">"));
    assert!(page.contains("href=\"/style.css\""));
    let mut imported = 0;
    for &(path, _, text) in assets::FILES {
        for line in text.lines().filter(|line| line.starts_with("import ")) {
            let name = line
                .split_once("from './")
                .and_then(|(_, rest)| rest.split_once('\''))
                .map(|(name, _)| name)
                .unwrap_or_else(|| {
                    panic!("{path}: an import not of the form from './NAME': {line}")
                });
            assert!(
                assets::find(&format!("/{name}")).is_some(),
                "{path} imports {name}, which is not served"
            );
            imported += 1;
        }
    }
    assert!(imported > 10, "{imported}");
}

#[test]
fn the_page_references_only_its_own_assets() {
    let texts = assets::FILES.iter().map(|&(_, _, text)| text);
    // The SVG namespace is a name, not a place the page goes to.
    for text in [assets::INDEX_HTML].into_iter().chain(texts) {
        let text = text.replace("'http://www.w3.org/2000/svg'", "");
        // A fragment (`url(#attack-hatch)`, the board's hatching) points
        // into the page itself.
        let text = text.replace("url(#", "");
        for needle in ["http://", "https://", "//cdn", "@import", "url("] {
            assert!(!text.contains(needle), "an asset mentions {needle}");
        }
    }
}

#[test]
fn refusals_say_why() {
    assert_eq!(get("/missing").status, 404);
    assert_eq!(get("/missing").text(), "no such page: /missing\n");
    assert_eq!(
        get("/api/missing").text(),
        r#"{"error":"no such page: /api/missing"}"#
    );
    let bad = get("/api/trace?puzzle=queens&n=3");
    assert_eq!(bad.status, 400);
    assert_eq!(
        bad.text(),
        r#"{"error":"n must be a whole number from 4 to 12, got \"3\""}"#
    );
    let attack = get("/api/trace?puzzle=queens&n=8&given=0:0,3:3");
    assert_eq!(attack.status, 400);
    assert_eq!(
        attack.text(),
        r#"{"error":"the pieces at (row 0, col 0) and (row 3, col 3) attack each other (diagonal)"}"#
    );
    let board = get("/api/board.svg?cols=0,0,0,0");
    assert_eq!(board.status, 400);
    assert!(board.text().starts_with(r#"{"error":"cols: the pieces at"#));
    let long = get(&format!("/?{}", "a".repeat(MAX_URL_BYTES)));
    assert_eq!(long.status, 414);
    let post = respond(&Incoming {
        method: "POST",
        url: "/api/trace",
        body: Body::Length(10),
    });
    assert_eq!(post.status, 405);
    assert_eq!(post.headers, [("Allow", "GET, HEAD")]);
    let big = respond(&Incoming {
        method: "POST",
        url: "/",
        body: Body::Length(MAX_BODY_BYTES + 1),
    });
    assert_eq!(big.status, 413);
    let chunked = respond(&Incoming {
        method: "PUT",
        url: "/",
        body: Body::Chunked,
    });
    assert_eq!(chunked.status, 413);
}

#[test]
fn the_catalogue_matches_the_parameter_check() {
    let catalogue = catalogue();
    let queens = &catalogue["puzzles"][0];
    let min = queens["parameters"][0]["min"].as_u64().unwrap();
    let max = queens["parameters"][0]["max"].as_u64().unwrap();
    for n in min - 1..=max + 1 {
        let reply = get(&format!("/api/trace?puzzle=queens&n={n}&mode=first"));
        let expected = if (min..=max).contains(&n) { 200 } else { 400 };
        assert_eq!(reply.status, expected, "n = {n}");
    }
    for puzzle in catalogue["puzzles"].as_array().unwrap() {
        assert!(params::PUZZLES.contains(&puzzle["id"].as_str().unwrap()));
    }
    let ids: Vec<&str> = catalogue["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|puzzle| puzzle["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, params::PUZZLES);
}

#[test]
fn a_solution_is_drawn_by_the_library() {
    let reply = get("/api/board.svg?cols=1,3,0,2");
    assert_eq!((reply.status, reply.content_type), (200, SVG));
    let expected = svg::board(
        &puzzles::queens::Solution::new(vec![1, 3, 0, 2]).unwrap(),
        &SvgOptions::default().labels(true),
    );
    assert_eq!(reply.text(), expected);
}

#[test]
fn the_sudoku_default_and_examples_are_served_as_traces() {
    let catalogue = catalogue();
    let sudoku = &catalogue["puzzles"][1];
    assert_eq!(sudoku["id"], "sudoku");
    let grid = &sudoku["parameters"][0];
    assert_eq!(
        (&grid["name"], &grid["kind"]),
        (&json!("grid"), &json!("text"))
    );
    let mut queries = vec![format!(
        "puzzle=sudoku&grid={}&mode={}",
        grid["default"].as_str().unwrap(),
        sudoku["default_mode"].as_str().unwrap()
    )];
    for example in grid["examples"].as_array().unwrap() {
        queries.push(format!(
            "puzzle=sudoku&grid={}&mode={}",
            example["grid"].as_str().unwrap(),
            example["mode"].as_str().unwrap()
        ));
        assert!(!example["label"].as_str().unwrap().is_empty());
        assert!(example["about"].as_str().unwrap().len() > 20);
    }
    for query in queries {
        let url = format!("/api/trace?{query}");
        assert!(url.len() <= MAX_URL_BYTES);
        let reply = get(&url);
        assert_eq!(reply.status, 200, "{query}");
        let body: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
        assert_eq!(body["truncated"], false, "{query}");
        assert!(body["summary"]["counters"]["solutions"].as_u64().unwrap() >= 1);
    }
    // The sizes the box promises are the sizes the parser takes.
    for cells in grid["cells"].as_array().unwrap() {
        let cells = cells.as_u64().unwrap() as usize;
        let reply = get(&format!(
            "/api/trace?puzzle=sudoku&mode=first&grid={}",
            ".".repeat(cells)
        ));
        assert_eq!(reply.status, 200, "{cells} cells");
    }
}

#[test]
fn the_crossword_default_and_examples_are_served_as_traces() {
    let catalogue = catalogue();
    let crossword = &catalogue["puzzles"][2];
    assert_eq!(crossword["id"], "crossword");
    let grid = &crossword["parameters"][0];
    assert_eq!(
        (&grid["name"], &grid["kind"]),
        (&json!("grid"), &json!("text"))
    );
    let escape = |text: &str| -> String { text.bytes().map(|b| format!("%{b:02X}")).collect() };
    let mut queries = vec![format!(
        "puzzle=crossword&grid={}&mode={}",
        escape(grid["default"].as_str().unwrap()),
        crossword["default_mode"].as_str().unwrap()
    )];
    for example in grid["examples"].as_array().unwrap() {
        let mode = example["mode"].as_str().unwrap();
        queries.push(format!(
            "puzzle=crossword&grid={}&mode={mode}",
            escape(example["grid"].as_str().unwrap())
        ));
        queries.push(format!(
            "puzzle=crossword&example={}&mode={mode}",
            example["name"].as_str().unwrap()
        ));
        assert!(example["about"].as_str().unwrap().len() > 20);
    }
    for query in queries {
        let url = format!("/api/trace?{query}");
        assert!(url.len() <= MAX_URL_BYTES);
        let reply = get(&url);
        assert_eq!(reply.status, 200, "{query}");
        let body: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
        assert_eq!(
            (&body["puzzle"], &body["truncated"]),
            (&json!("crossword"), &json!(false)),
            "{query}"
        );
    }
    // The word lists offered are those the parameter check takes.
    let words = &crossword["parameters"][1];
    let offered: Vec<&str> = words["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|option| option["value"].as_str().unwrap())
        .collect();
    assert_eq!(offered, crate::crossword::WORD_LISTS);
    // The largest grid the box promises fits in a URL, typed with a
    // line break after each row, every `#` escaped.
    let side = grid["max_side"].as_u64().unwrap() as usize;
    let row = format!(
        "{}%23{}",
        ".".repeat(side / 2),
        ".".repeat(side - side / 2 - 1)
    );
    let url = format!(
        "/api/trace?puzzle=crossword&mode=first&steps=10&grid={}",
        vec![row; side].join("%0D%0A")
    );
    assert!(url.len() < MAX_URL_BYTES, "{}", url.len());
    assert_eq!(get(&url).status, 200);
}

#[test]
fn the_largest_grid_fits_in_a_url_even_spaced_out() {
    // 625 cells, each followed by a space (`+`), a line break (`%0A`)
    // after each row of 25, as someone might type it.
    let rows: Vec<String> = (0..25).map(|_| "+.".repeat(25)).collect();
    let url = format!(
        "/api/trace?puzzle=sudoku&mode=first&grid={}",
        rows.join("%0A")
    );
    assert!(url.len() < 1400, "{}", url.len());
    assert_eq!(get(&url).status, 200);
}
