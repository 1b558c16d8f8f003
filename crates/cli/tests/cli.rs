//! The `patience` binary end to end: outputs, exit codes, and one-line errors for bad input.

mod common;
use common::patience;

use patience_reference as reference;
use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn with_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_patience"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).expect("stdout is one JSON object")
}

/// Bad input: exit code 2 and exactly one line on stderr naming the problem, never a panic.
fn assert_bad_input(args: &[&str], needle: &str) {
    let out = patience(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(
        err.to_lowercase().contains(&needle.to_lowercase()),
        "{args:?}: {err:?} lacks {needle:?}"
    );
    if !err.starts_with("error:") {
        // Our own errors are one line; clap's usage errors carry a usage hint after the message.
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn games_lists_the_variants_with_pysolfc_ids() {
    let out = patience(&["games"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for (name, id) in [("alhambra", "234"), ("granada", "465"), ("reinforcements", "609")] {
        let line =
            text.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{name} missing"));
        assert!(line.contains(id) && line.contains("implemented"), "{line}");
    }
    for name in ["crazy-quilt", "indian-carpet", "persian-rug"] {
        let line =
            text.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{name} missing"));
        assert!(line.contains("implemented") && line.contains(" - "), "{line}");
    }
    for (name, id) in [
        ("queen-of-italy", "135"),
        ("queen-of-italy-open", "431"),
        ("generals-patience", "136"),
        ("algerian", "322"),
        ("carthage", "321"),
    ] {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("{name} missing"));
        assert!(line.contains(id) && line.contains("implemented"), "{line}");
    }
    assert!(!text.contains("planned"), "every variant of the rule book is implemented:\n{text}");
}

#[test]
fn deal_prints_pysolfc_layouts() {
    let out = patience(&["deal", "alhambra", "--pysol", "1", "--format", "json"]);
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["layout"]["reserves"][0], serde_json::json!(["3D", "AS", "QC", "AD"]));
    assert_eq!(v["layout"]["wastes"][0], serde_json::json!(["2D"]));
    assert_eq!(v["layout"]["stock_top_first"].as_array().unwrap().len(), 63);
}

/// Parses the JSON moves as another program would and replays them through the reference rules.
fn replay_json(v: &Value, variant: reference::alhambra::Variant) {
    let ids = |cards: &Value| -> Vec<u8> {
        let text: Vec<&str> =
            cards.as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
        let mut seen = std::collections::HashMap::new();
        text.iter()
            .map(|c| {
                let id = reference::parse_card(c).unwrap();
                // Either copy will do: the rules never tell them apart.
                let n = seen.entry(*c).or_insert(0);
                *n += 1;
                if *n == 1 { id } else { id + 52 }
            })
            .collect()
    };
    let piles = |p: &Value| -> Vec<Vec<u8>> { p.as_array().unwrap().iter().map(ids).collect() };
    let layout = reference::alhambra::Layout {
        foundations: piles(&v["layout"]["foundations"]),
        reserves: piles(&v["layout"]["reserves"]),
        wastes: piles(&v["layout"]["wastes"]),
        stock_top_first: ids(&v["layout"]["stock_top_first"]),
    };
    let _ = layout;
    let talon =
        ids(&serde_json::json!(v["talon"].as_str().unwrap().split(' ').collect::<Vec<_>>()));
    let layout = reference::alhambra::layout_from_talon(variant, &talon);
    let moves: Vec<reference::Move> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            if m.get("deal").is_some() {
                reference::Move::Deal
            } else if m.get("redeal").is_some() {
                reference::Move::Redeal
            } else {
                reference::Move::Card {
                    from: m["from"].as_str().unwrap().into(),
                    to: m["to"].as_str().unwrap().into(),
                }
            }
        })
        .collect();
    reference::replay(variant, &reference::alhambra::Options::default(), &layout, &moves)
        .expect("the printed solution replays");
}

#[test]
fn solve_prints_a_replayable_solution() {
    let out = patience(&["solve", "granada", "--seed", "11", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v["verdict"], "won");
    assert_eq!(v["verified"], true);
    assert!(v["moves"].as_array().unwrap().len() > 100);
    replay_json(&v, reference::alhambra::Variant::Granada);
    // The text form numbers the moves.
    let text = String::from_utf8(patience(&["solve", "granada", "--seed", "11"]).stdout).unwrap();
    assert!(text.contains("verdict: won"), "{text}");
    assert!(text.contains("   1. "), "{text}");
}

#[test]
fn lost_and_unknown_have_their_own_exit_codes() {
    let out = patience(&["solve", "alhambra", "--seed", "1", "--redeals", "0", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json(&out)["verdict"], "lost");
    let out =
        patience(&["solve", "alhambra", "--seed", "0", "--max-states", "1000", "--format", "json"]);
    assert_eq!(out.status.code(), Some(3));
    let v = json(&out);
    assert_eq!(v["verdict"], "unknown");
    assert_eq!(v["stop"], "state limit");
    assert_eq!(v["moves"].as_array().unwrap().len(), 0);
}

#[test]
fn explicit_deals_from_a_file_and_from_stdin() {
    let talon =
        json(&patience(&["deal", "reinforcements", "--seed", "7", "--format", "json"]))["talon"]
            .as_str()
            .unwrap()
            .to_string();
    let path = format!("{}/deal.txt", env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(&path, &talon).unwrap();
    let by_seed = json(&patience(&["deal", "reinforcements", "--seed", "7", "--format", "json"]));
    let by_file = json(&patience(&["deal", "reinforcements", "--deal", &path, "--format", "json"]));
    assert_eq!(by_seed["layout"], by_file["layout"]);
    let by_stdin =
        json(&with_stdin(&["deal", "reinforcements", "--deal", "-", "--format", "json"], &talon));
    assert_eq!(by_seed["layout"], by_stdin["layout"]);
    // A card short.
    let short: Vec<&str> = talon.split(' ').take(103).collect();
    std::fs::write(&path, short.join(" ")).unwrap();
    assert_bad_input(&["solve", "alhambra", "--deal", &path], "103 cards");
    std::fs::write(&path, talon.replacen("KD", "QX", 1)).unwrap();
    assert_bad_input(&["solve", "alhambra", "--deal", &path], "\"QX\"");
    let out = with_stdin(&["solve", "alhambra", "--deal", "-"], &format!("{talon} AC"));
    assert_eq!(out.status.code(), Some(2));
}

/// Issue 36: a text in plain shuffled order (the fixed cards not first) is refused by `deal` and
/// `solve` alike, naming the cards that must come first; `--apply-hook` moves them there.
#[test]
fn a_text_without_the_fixed_cards_first_is_refused_and_apply_hook_mends_it() {
    let plain =
        json(&patience(&["deal", "queen-of-italy", "--seed", "3", "--format", "json"]))["talon"]
            .as_str()
            .unwrap()
            .to_string();
    let path = format!("{}/shuffled-deal.txt", env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(&path, &plain).unwrap();
    for (game, first) in [
        ("alhambra", "AC AS AH AD KC KS KH KD"),
        ("crazy-quilt", "AC AS AH AD KC KS KH KD"),
        ("algerian", "KC KS KH KD"),
    ] {
        for command in ["deal", "solve"] {
            assert_bad_input(
                &[command, game, "--deal", &path],
                &format!("must start with {first}"),
            );
        }
        let out = patience(&["deal", game, "--deal", &path, "--apply-hook", "--format", "json"]);
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        assert!(json(&out)["talon"].as_str().unwrap().starts_with(first));
        let out =
            patience(&["solve", game, "--deal", &path, "--apply-hook", "--max-states", "1000"]);
        assert!(
            matches!(out.status.code(), Some(0 | 1 | 3)),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert_bad_input(&["deal", "queen-of-italy", "--deal", &path, "--apply-hook"], "has no hook");
    assert_bad_input(
        &["deal", "alhambra", "--seed", "3", "--apply-hook"],
        "applies only to --deal",
    );
    std::fs::write(&path, [0x41, 0x43, 0x20, 0xff, 0xfe]).unwrap();
    assert_bad_input(&["solve", "alhambra", "--deal", &path], "not UTF-8");
}

#[test]
fn bad_input_is_one_clear_line() {
    assert_bad_input(&["solve", "klondike", "--seed", "1"], "unknown game");
    assert_bad_input(&["solve", "crazy-quilt", "--pysol", "5"], "not a PySolFC game");
    assert_bad_input(&["solve", "persian-rug", "--seed", "1", "--redeals", "1"], "no stock");
    assert_bad_input(
        &["solve", "alhambra", "--seed", "1", "--no-wrap"],
        "only to the Crazy Quilt family",
    );
    assert_bad_input(
        &["solve", "alhambra", "--seed", "1", "--prune", "dead,magic"],
        "unknown pruning rule",
    );
    assert_bad_input(&["solve", "alhambra", "--pysol", "0"], "invalid");
    assert_bad_input(&["solve", "alhambra", "--pysol", "12x"], "not a number");
    assert_bad_input(
        &["solve", "alhambra", "--pysol", "99999999999999999999999999999999999999999"],
        "out of range",
    );
    assert_bad_input(
        &["solve", "alhambra", "--seed", "1", "--pf-refill-timing"],
        "only to reinforcements",
    );
    assert_bad_input(
        &["solve", "reinforcements", "--seed", "1", "--empty-waste-any"],
        "does not apply",
    );
    assert_bad_input(&["solve", "alhambra", "--seed", "1", "--max-states", "0"], "max-states");
    assert_bad_input(
        &["solve", "alhambra", "--deal", "/nonexistent/deal.txt"],
        "reading deal file",
    );
    assert_bad_input(&["solve", "alhambra", "--seed", "1", "--pysol", "2"], "cannot be used with");
    assert_bad_input(&["solve", "alhambra"], "required");
    assert_bad_input(&["solve", "alhambra", "--seed", "-1"], "unexpected argument");
}

#[test]
fn quilt_deals_are_drawn_as_a_grid() {
    let out = patience(&["deal", "crazy-quilt", "--seed", "0"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let grid: Vec<&str> =
        text.lines().skip_while(|l| !l.starts_with("quilt")).skip(2).take(8).collect();
    assert_eq!(grid.len(), 8, "{text}");
    assert_eq!(grid.iter().map(|r| r.matches('[').count()).sum::<usize>(), 16, "{text}");
    assert!(
        grid.iter().all(|r| r.matches('|').count() == 4 && r.matches('-').count() == 4),
        "{text}"
    );
    let v = json(&patience(&["deal", "persian-rug", "--seed", "0", "--format", "json"]));
    assert_eq!(v["layout"]["quilt"].as_array().unwrap().len(), 8);
    assert_eq!(v["layout"]["reserves"].as_array().unwrap().len(), 8);
}

#[test]
fn quilt_solutions_are_verified() {
    for (game, seed) in [("crazy-quilt", "5"), ("indian-carpet", "0"), ("persian-rug", "3")] {
        let out = patience(&["solve", game, "--seed", seed, "--format", "json"]);
        assert_eq!(out.status.code(), Some(0), "{game} {seed}");
        let v = json(&out);
        assert_eq!((v["verdict"].as_str(), v["verified"].as_bool()), (Some("won"), Some(true)));
        assert!(
            v["moves"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m["from"].as_str().is_some_and(|f| f.starts_with('Q')))
        );
    }
}

/// The printed JSON moves as reference moves (`choose`, forced fills and deals included).
fn reference_moves(v: &Value) -> Vec<reference::Move> {
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            if m.get("deal").is_some() {
                reference::Move::Deal
            } else if m.get("redeal").is_some() {
                reference::Move::Redeal
            } else if let Some(p) = m.get("choose") {
                reference::Move::Choose(p.as_str().unwrap().into())
            } else {
                reference::Move::Card {
                    from: m["from"].as_str().unwrap().into(),
                    to: m["to"].as_str().unwrap().into(),
                }
            }
        })
        .collect()
}

fn talon_ids(v: &Value) -> Vec<u8> {
    v["talon"].as_str().unwrap().split(' ').map(|c| reference::parse_card(c).unwrap()).collect()
}

/// A Queen of Italy solution starts with the choice, shows the forced fills and deals as
/// `"forced": true`, and replays through the reference rules from the talon alone.
#[test]
fn queen_of_italy_solutions_replay_with_their_forced_moves() {
    use reference::queen::{Options, Variant, layout_from_talon};
    use reference::replay;
    let out = patience(&["solve", "terrace", "--pysol", "1", "--format", "json"]);
    let v = json(&out);
    assert_eq!(out.status.code(), Some(0), "{v}");
    assert_eq!(v["game"], "queen-of-italy");
    let moves = v["moves"].as_array().unwrap();
    assert!(moves[0].get("choose").is_some(), "{}", moves[0]);
    assert!(moves.iter().any(|m| m["forced"] == true));
    let layout = layout_from_talon(Variant::QueenOfItaly, &talon_ids(&v));
    let opts = Options::for_variant(Variant::QueenOfItaly);
    replay(Variant::QueenOfItaly, &opts, &layout, &reference_moves(&v))
        .expect("the printed solution replays");
    // Without its forced moves the same line is refused: they are part of the solution.
    let unforced: Vec<_> = moves
        .iter()
        .zip(reference_moves(&v))
        .filter(|(m, _)| m["forced"] != true)
        .map(|(_, r)| r)
        .collect();
    assert!(replay(Variant::QueenOfItaly, &opts, &layout, &unforced).is_err());
    let text =
        String::from_utf8(patience(&["solve", "queen-of-italy", "--pysol", "1"]).stdout).unwrap();
    assert!(text.contains("choose P") && text.contains("[forced]"), "{text}");
}

#[test]
fn algerian_solutions_replay() {
    use reference::algerian::{Options, Variant, layout_from_talon};
    for (game, variant) in
        [("algerian", Variant::Algerian), ("algerian-parlett", Variant::AlgerianParlett)]
    {
        let out = patience(&["solve", game, "--seed", "2", "--format", "json"]);
        let v = json(&out);
        assert_eq!(out.status.code(), Some(0), "{game}: {v}");
        let layout = layout_from_talon(variant, &talon_ids(&v));
        reference::replay(variant, &Options::for_variant(variant), &layout, &reference_moves(&v))
            .expect("replays");
    }
    // The reserve-space option changes the rules the solution must obey.
    let out = patience(&[
        "solve",
        "carthage",
        "--seed",
        "1",
        "--reserve-space",
        "never",
        "--no-foundation-to-depot",
        "--format",
        "json",
        "--max-states",
        "200000",
    ]);
    assert!(matches!(out.status.code(), Some(0) | Some(1) | Some(3)));
}

/// queen-of-italy-open with PySolFC's option: the solution takes foundation cards back to the
/// tableau (seed 3's does, 9 times) and replays through the reference rules with the option on,
/// and not with it off.
#[test]
fn queen_of_italy_open_foundation_to_tableau_solutions_replay() {
    use reference::queen::{Options, Variant, layout_from_talon};
    use reference::replay;
    let out = patience(&[
        "solve",
        "queen-of-italy-open",
        "--seed",
        "3",
        "--foundation-to-tableau",
        "--format",
        "json",
    ]);
    let v = json(&out);
    assert_eq!(out.status.code(), Some(0), "{v}");
    let moves = v["moves"].as_array().unwrap();
    let back =
        moves.iter().filter(|m| m["from"].as_str().is_some_and(|f| f.starts_with('F'))).count();
    assert!(back >= 1, "no foundation card comes back: {v}");
    let variant = Variant::QueenOfItalyOpen;
    let layout = layout_from_talon(variant, &talon_ids(&v));
    let on = Options { foundation_to_tableau: true, ..Options::for_variant(variant) };
    replay(variant, &on, &layout, &reference_moves(&v)).expect("the printed solution replays");
    assert!(
        replay(variant, &Options::for_variant(variant), &layout, &reference_moves(&v)).is_err()
    );
}

#[test]
fn queen_and_algerian_bad_input() {
    assert_bad_input(&["solve", "redheads", "--pysol", "5"], "pysol");
    assert_bad_input(
        &["solve", "queen-of-italy", "--seed", "1", "--redeals", "2"],
        "0 (the rules) or 1",
    );
    assert_bad_input(
        &["solve", "queen-of-italy", "--seed", "1", "--foundation-to-tableau"],
        "queen-of-italy-open",
    );
    assert_bad_input(&["solve", "algerian", "--seed", "1", "--redeals", "1"], "no redeal");
    assert_bad_input(
        &["solve", "alhambra", "--seed", "1", "--reserve-space", "never"],
        "Algerian family",
    );
    assert_bad_input(&["solve", "carthage", "--pysol", "32001x"], "");
}

/// `solve -j N`: the verdict of one thread on a won and a lost deal, the win replayed (the
/// report says so), and the refused combinations as one-line errors.
#[test]
fn solve_on_several_threads_gives_the_one_thread_verdict() {
    for (game, seed, verdict) in [("queen-of-italy", "1", "won"), ("carthage", "200", "lost")] {
        for j in ["1", "2", "3"] {
            let out = patience(&[
                "solve",
                game,
                "--seed",
                seed,
                "--max-states",
                "5000000",
                "--max-seconds",
                "0",
                "-j",
                j,
                "--format",
                "json",
            ]);
            let v = json(&out);
            assert_eq!(v["verdict"], verdict, "{game} {seed} -j {j}");
            assert_eq!(v["verified"], verdict == "won", "{game} {seed} -j {j}");
            assert_eq!(out.status.code(), Some(if verdict == "won" { 0 } else { 1 }));
        }
    }
    assert_bad_input(&["solve", "queen-of-italy", "--seed", "1", "-j", "0"], "at least 1");
    assert_bad_input(
        &["solve", "queen-of-italy", "--seed", "1", "-j", "2", "--exact-table"],
        "--exact-table",
    );
}

/// `solve`, `study` and `dominance` share the published studies' budget as their default
/// (`patience_study::DEFAULT_MAX_STATES`), so a study reproduces a published row without flags;
/// `bench` keeps its own, which keeps its log comparable.
#[test]
fn solve_and_study_default_to_the_published_budget() {
    assert_eq!(patience_study::DEFAULT_MAX_STATES, 5_000_000);
    for (command, default) in
        [("solve", "5000000"), ("study", "5000000"), ("dominance", "5000000"), ("bench", "200000")]
    {
        let o = patience(&[command, "--help"]);
        let help = String::from_utf8_lossy(&o.stdout);
        // The option's own entry: from its line to the next option's.
        let start = help
            .find("--max-states <MAX_STATES>")
            .unwrap_or_else(|| panic!("{command}: no --max-states in {help}"));
        let rest = &help[start..];
        let line = &rest[..rest[1..].find("\n  -").map_or(rest.len(), |i| i + 1)];
        assert!(line.contains(&format!("[default: {default}]")), "{command}: {line}");
    }
}
