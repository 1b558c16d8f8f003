//! `deal` and `solve --pysol-save` end to end: the save names the game and its rules, a position
//! part-way through is solved, and every bad file is one line on stderr with exit 2.

mod common;
use common::{patience, tempdir};
use serde_json::Value;

fn fixture(name: &str) -> String {
    format!("{}/../../testdata/pysolfc-saves/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn assert_bad_save(args: &[&str], needle: &str) {
    let out = patience(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err:?} lacks {needle:?}");
    if !err.starts_with("error:") {
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn deal_prints_a_saves_position_with_the_rules_pysolfc_plays() {
    let save = fixture("granada-5-after-40.pso");
    let out = patience(&["deal", "--pysol-save", &save, "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["game"], "granada");
    assert_eq!(v["rules"], "empty-waste-any=true, pf-refill-timing=false, redeals=2");
    assert_eq!(v["talon"], Value::Null, "a position part-way through has no talon");
    assert_eq!(v["layout"]["wastes"].as_array().unwrap().len(), 4);
    assert_eq!(v["layout"]["redeals_left"], 2);
    // The game may be named too, if it is the save's.
    let out = patience(&["deal", "granada", "--pysol-save", &save]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("game #5, talon round 1") && text.contains("rules: empty-waste-any=true")
    );
}

#[test]
fn a_save_at_the_deals_start_is_the_deal_of_its_game_number() {
    let save = fixture("alhambra-617-after-0.pso");
    let by_save = patience(&["deal", "--pysol-save", &save, "--format", "json"]);
    let by_number = patience(&["deal", "alhambra", "--pysol", "617", "--format", "json"]);
    let (a, b): (Value, Value) = (
        serde_json::from_slice(&by_save.stdout).unwrap(),
        serde_json::from_slice(&by_number.stdout).unwrap(),
    );
    assert_eq!(a["talon"], b["talon"]);
    assert_eq!(a["layout"], b["layout"]);
    assert!(a["deal"].as_str().unwrap().ends_with("the deal's start"));
}

#[test]
fn solve_answers_a_save_and_replays_its_win() {
    let save = fixture("queen-of-italy-5-after-25.pso");
    let out = patience(&["solve", "--pysol-save", &save, "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["game"], "queen-of-italy");
    assert_eq!(v["verdict"], "won");
    assert_eq!(v["verified"], true);
    assert_eq!(v["rules"], "redeals=0, foundation-to-tableau=false");
    // A lost one: exit 1.
    let save = fixture("alhambra-617-after-40.pso");
    let out = patience(&["solve", "--pysol-save", &save]);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn bad_saves_are_one_line_and_exit_2() {
    assert_bad_save(
        &["solve", "--pysol-save", &fixture("unsupported-game-8-12345.pso")],
        "PySolFC game id 8, which this program does not play",
    );
    assert_bad_save(
        &["deal", "--pysol-save", &fixture("alhambra-617-after-40.json")],
        "not a PySolFC saved game",
    );
    let dir = tempdir("bad-saves");
    std::fs::create_dir_all(&dir).unwrap();
    let bytes = std::fs::read(fixture("carthage-5-after-30.pso")).unwrap();
    let cut = dir.join("cut.pso");
    std::fs::write(&cut, &bytes[..700]).unwrap();
    assert_bad_save(&["solve", "--pysol-save", cut.to_str().unwrap()], "cut short");
    let mut damaged = bytes.clone();
    // The first stack's card count (the pickle after the stack count, 23) made None.
    let at = damaged.windows(5).position(|w| w == b"\x80\x05K\x17.").unwrap() + 5;
    damaged[at + 2] = b'N'; // NONE instead of BININT1
    damaged.remove(at + 3);
    let bad = dir.join("damaged.pso");
    std::fs::write(&bad, &damaged).unwrap();
    assert_bad_save(&["solve", "--pysol-save", bad.to_str().unwrap()], "damaged");
    assert_bad_save(&["solve", "--pysol-save", "/no/such/save.pso"], "reading saved game file");
    assert_bad_save(
        &["solve", "alhambra", "--pysol-save", &fixture("granada-5-after-40.pso")],
        "is a saved game of granada, not of alhambra",
    );
    assert_bad_save(
        &["solve", "--pysol-save", &fixture("granada-5-after-40.pso"), "--empty-waste-any"],
        "rule options do not combine",
    );
    assert_bad_save(
        &["solve", "--pysol-save", &fixture("granada-5-after-40.pso"), "--seed", "3"],
        "cannot be used with",
    );
}
