//! `solve --position` and `solve --hint` (issue 37): positions read back from what `deal` prints,
//! malformed positions refused with one line, hints.

mod common;
use common::patience;

use serde_json::Value;
use std::process::Output;

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)))
}

fn write(name: &str, text: &str) -> String {
    let path = format!("{}/{name}", env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(&path, text).unwrap();
    path
}

/// A deal's start, read back as a position, solves to the same verdict and line (one thread).
#[test]
fn start_positions_round_trip() {
    for (game, seed) in [
        ("granada", "11"),
        ("alhambra", "1"),
        ("queen-of-italy", "1"),
        ("generals-patience", "2"),
        ("algerian", "3"),
        ("carthage", "4"),
        ("crazy-quilt", "0"),
        ("persian-rug", "5"),
        ("reinforcements", "2"),
    ] {
        let limit = ["--max-states", "300000", "--max-seconds", "0"];
        let dealt = patience(&["deal", game, "--seed", seed, "--format", "json"]);
        let path = write(&format!("start-{game}.json"), &String::from_utf8(dealt.stdout).unwrap());
        let mut by_seed = vec!["solve", game, "--seed", seed, "--format", "json"];
        by_seed.extend(limit);
        let mut by_position = vec!["solve", game, "--position", &path, "--format", "json"];
        by_position.extend(limit);
        let (a, b) = (patience(&by_seed), patience(&by_position));
        assert_eq!(
            a.status.code(),
            b.status.code(),
            "{game}: {}",
            String::from_utf8_lossy(&b.stderr)
        );
        let (a, b) = (json(&a), json(&b));
        for field in ["verdict", "states", "moves", "layout", "verified"] {
            assert_eq!(a[field], b[field], "{game} seed {seed}: {field}");
        }
        assert_eq!(b["talon"], Value::Null, "a position has no talon");
        // Only the layout object works too.
        let layout = write(&format!("layout-{game}.json"), &a["layout"].to_string());
        let mut only_layout = vec!["solve", game, "--position", &layout, "--format", "json"];
        only_layout.extend(limit);
        assert_eq!(json(&patience(&only_layout))["moves"], a["moves"], "{game}");
    }
}

/// The hint is the first move of the solution `solve` prints, replayed and verified.
#[test]
fn a_hint_is_the_first_move_of_a_verified_win() {
    let full = json(&patience(&["solve", "granada", "--seed", "11", "--format", "json"]));
    let hint = json(&patience(&["solve", "granada", "--seed", "11", "--format", "json", "--hint"]));
    assert_eq!(hint["verdict"], "won");
    assert_eq!(hint["verified"], true);
    assert_eq!(hint["hint"], full["moves"][0]);
    let text = String::from_utf8(patience(&["solve", "granada", "--seed", "11", "--hint"]).stdout)
        .unwrap();
    assert!(text.contains("hint: W0 -> F1"), "{text}");
    // A lost deal: no hint, and the text says the loss is proved.
    let lost = patience(&["solve", "alhambra", "--seed", "1", "--redeals", "0", "--hint"]);
    assert_eq!(lost.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&lost.stdout).contains("no win from here"));
    let unknown = json(&patience(&[
        "solve",
        "alhambra",
        "--seed",
        "2",
        "--max-states",
        "1000",
        "--hint",
        "--format",
        "json",
    ]));
    assert_eq!((unknown["verdict"].as_str(), &unknown["hint"]), (Some("unknown"), &Value::Null));
}

/// Bad input: exit 2 and one line naming the problem.
fn assert_refused(game: &str, position: &str, needle: &str) {
    let path = write("bad-position.json", position);
    let out = patience(&["solve", game, "--position", &path]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{position}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains(needle), "{err:?} lacks {needle:?}");
}

#[test]
fn malformed_positions_are_refused_with_one_line() {
    let start = |game: &str| -> Value {
        json(&patience(&["deal", game, "--seed", "7", "--format", "json"]))["layout"].clone()
    };
    assert_refused("alhambra", "not json", "not JSON");
    assert_refused("alhambra", "[1, 2]", "expected a JSON object");
    assert_refused(
        "alhambra",
        r#"{"game": "queen-of-italy", "layout": {"foundations": []}}"#,
        "a position of queen-of-italy, not of alhambra",
    );
    assert_refused(
        "alhambra",
        r#"{"game": "klondike", "layout": {"foundations": []}}"#,
        "unknown game",
    );
    for game in ["alhambra", "crazy-quilt", "queen-of-italy", "algerian"] {
        let mut v = start(game);
        v["colour"] = Value::from("red");
        assert_refused(game, &v.to_string(), "unknown field `colour`");
        // A card missing.
        let mut v = start(game);
        let stock = v["stock_top_first"].as_array_mut().unwrap();
        let gone = stock.pop().unwrap();
        assert_refused(
            game,
            &v.to_string(),
            &format!("{} appears 1 times", gone.as_str().unwrap()),
        );
        // A card three times.
        let mut v = start(game);
        let stock = v["stock_top_first"].as_array_mut().unwrap();
        let first = stock[0].clone();
        stock.push(first.clone());
        stock.push(first);
        assert_refused(game, &v.to_string(), "more than twice");
        // Not a card.
        let mut v = start(game);
        v["stock_top_first"][0] = Value::from("1X");
        assert_refused(game, &v.to_string(), "not a card code");
    }
    // Foundations out of their building order.
    let mut v = start("alhambra");
    v["foundations"][0] = serde_json::json!(["AC", "3C"]);
    let stock = v["stock_top_first"].as_array_mut().unwrap();
    let at = stock.iter().position(|c| c == "3C").expect("seed 7 has a 3C in the stock");
    stock.remove(at);
    assert_refused("alhambra", &v.to_string(), "F0 card 2 is 3C, expected 2C");
    let mut v = start("algerian");
    v["foundations"][4] = serde_json::json!(["KD"]);
    v["foundations"][7] = serde_json::json!(["KC"]);
    assert_refused("algerian", &v.to_string(), "expected KC");
    // Pile counts and sizes.
    let mut v = start("alhambra");
    v["reserves"].as_array_mut().unwrap().pop();
    assert_refused("alhambra", &v.to_string(), "expected 8 reserves");
    let mut v = start("crazy-quilt");
    v["quilt"].as_array_mut().unwrap().pop();
    assert_refused("crazy-quilt", &v.to_string(), "8 rows of 8 cells");
    // More redeals than the rules allow; Algerian has none.
    let mut v = start("alhambra");
    v["redeals_left"] = Value::from(3);
    assert_refused("alhambra", &v.to_string(), "the rules allow 2");
    let mut v = start("algerian");
    v["redeals_left"] = Value::from(1);
    assert_refused("algerian", &v.to_string(), "no redeal");
    // Queen of Italy: two terraces, and a tableau not built down in alternating colours.
    let mut v = start("queen-of-italy");
    v["reserves"].as_array_mut().unwrap().push(serde_json::json!([]));
    assert_refused("queen-of-italy", &v.to_string(), "one terrace");
    let out = patience(&["solve", "alhambra", "--position", "/nonexistent.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("reading position file"));
}

/// `--position-after K` prints the position after K moves of the solution, by the reference rules;
/// read back with `--position` (the whole output), it is won again, with the redeals it has left.
#[test]
fn positions_after_a_prefix_round_trip() {
    let full = json(&patience(&["solve", "granada", "--seed", "11", "--format", "json"]));
    let moves = full["moves"].as_array().unwrap().len();
    for k in ["0", "40", "100", &moves.to_string()] {
        let out = patience(&[
            "solve",
            "granada",
            "--seed",
            "11",
            "--format",
            "json",
            "--position-after",
            k,
        ]);
        let v = json(&out);
        assert_eq!(v["position"]["after"].as_u64(), Some(k.parse().unwrap()));
        let path = write(&format!("after-{k}.json"), &String::from_utf8(out.stdout).unwrap());
        let again = patience(&["solve", "granada", "--position", &path, "--format", "json"]);
        assert_eq!(
            again.status.code(),
            Some(0),
            "after {k}: {}",
            String::from_utf8_lossy(&again.stderr)
        );
        let again = json(&again);
        assert_eq!(
            (again["verdict"].as_str(), again["verified"].as_bool()),
            (Some("won"), Some(true)),
            "after {k}"
        );
        assert_eq!(
            again["layout"], v["position"]["layout"],
            "the position read back is the one printed"
        );
    }
    // After the line's last move the position is won: nothing left to play.
    let redeals_late = json(&patience(&[
        "solve",
        "granada",
        "--seed",
        "11",
        "--format",
        "json",
        "--position-after",
        "150",
    ]));
    assert!(
        redeals_late["position"]["layout"]["redeals_left"].as_u64().unwrap() < 2,
        "granada 11 redeals before move 150"
    );
    let too_far = patience(&["solve", "granada", "--seed", "11", "--position-after", "100000"]);
    assert_eq!(too_far.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&too_far.stderr).contains("the solution has"));
}
