//! The solving pipeline end to end (issue 31): which phase decided each deal, in the rows, the
//! summary, the manifest and the bench table; and the dominance check on a small player study.

mod common;
use common::{TempPath, patience, tempdir};

use serde_json::Value;
use std::path::Path;
use std::process::Output;

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// (outcome, decided_by) of each row of a study's deals.csv.
fn outcomes(dir: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(dir.join("deals.csv")).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name| header.iter().position(|h| *h == name).unwrap();
    let (o, d) = (col("outcome"), col("decided_by"));
    lines
        .map(|l| l.split(',').collect::<Vec<_>>())
        .map(|f| (f[o].to_string(), f[d].to_string()))
        .collect()
}

#[test]
fn rows_summary_and_manifest_say_which_phase_decided() {
    let dir = tempdir("decided-by");
    // Granada at 200,000 positions: the probe (20,000) wins some deals, the lookahead others.
    let o = patience(&[
        "study",
        "granada",
        "--seeds",
        "0..12",
        "--max-states",
        "200000",
        "--quiet",
        "-j",
        "2",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let rows = outcomes(&dir);
    assert_eq!(rows.len(), 12);
    for (outcome, by) in &rows {
        match outcome.as_str() {
            "unknown" => assert_eq!(by, "", "an unknown deal names no phase"),
            "won" => {
                assert!(["probe", "lookahead", "hedged", "search"].contains(&by.as_str()), "{by}")
            }
            // Only the exhaustive search proves a loss.
            "lost" => assert!(["probe", "search"].contains(&by.as_str()), "{by}"),
            other => panic!("outcome {other}"),
        }
    }
    assert!(rows.iter().any(|(_, by)| by == "lookahead"), "no deal won by the lookahead: {rows:?}");
    let summary: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap()).unwrap();
    let by = summary["decided_by"].as_object().unwrap();
    let counted: u64 = by.values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(counted, summary["won"].as_u64().unwrap() + summary["lost"].as_u64().unwrap());
    for (phase, n) in by {
        assert_eq!(
            rows.iter().filter(|(_, b)| b == phase).count() as u64,
            n.as_u64().unwrap(),
            "{phase}"
        );
    }
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(
        manifest["pipeline"],
        "probe 20000, lookahead 80000 (walks of 250 per move, x4), hedged lookahead 40000 (walks of 250 per move, 3 samples keeping 10, 20, 5, 0 cards in turn), search the rest"
    );

    // Resuming with another split is refused: the rows would mix two pipelines.
    let o = patience(&[
        "study",
        "granada",
        "--seeds",
        "0..12",
        "--max-states",
        "200000",
        "--quiet",
        "--resume",
        "--plain-search",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(text(&o).contains("pipeline"), "{}", text(&o));
}

#[test]
fn plan_options_that_contradict_are_refused() {
    for args in [
        &["bench", "granada", "--seeds", "0..1", "--plain-search", "--probe-states", "10"][..],
        &[
            "bench",
            "granada",
            "--seeds",
            "0..1",
            "--max-states",
            "1000",
            "--probe-states",
            "500",
            "--lookahead-states",
            "600",
        ][..],
        &["solve", "granada", "--seed", "1", "--lookahead-per-move", "0"][..],
        &["solve", "granada", "--seed", "1", "--plain-search", "--hedge-samples", "5"][..],
        &[
            "study",
            "granada",
            "--seeds",
            "0..1",
            "--plain-search",
            "--hedge-keep",
            "0",
            "--out",
            "/nonexistent",
        ][..],
    ] {
        let o = patience(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert_eq!(
            String::from_utf8_lossy(&o.stderr).trim().lines().count(),
            1,
            "{args:?}: {}",
            text(&o)
        );
    }
}

#[test]
fn bench_and_solve_name_the_deciding_phase() {
    let o = patience(&["bench", "granada", "--seeds", "0..6", "--max-states", "200000"]);
    assert!(o.status.success(), "{}", text(&o));
    let t = text(&o);
    assert!(t.contains("| decided by |"), "{t}");
    assert!(t.contains("lookahead"), "{t}");
    assert!(t.contains("pipeline: probe 20000, lookahead 80000 (walks of 250 per move, x4), hedged lookahead 40000 (walks of 250 per move, 3 samples keeping 10, 20, 5, 0 cards in turn), search the rest"), "{t}");

    let o = patience(&[
        "solve",
        "granada",
        "--seed",
        "1",
        "--max-states",
        "200000",
        "--format",
        "json",
    ]);
    let v: Value = serde_json::from_str(&String::from_utf8_lossy(&o.stdout)).unwrap();
    assert_eq!(v["verdict"], "won");
    assert!(v["verified"].as_bool().unwrap());
    assert!(v["decided_by"].is_string());
    let o = patience(&[
        "solve",
        "granada",
        "--seed",
        "1",
        "--max-states",
        "200000",
        "--plain-search",
        "--format",
        "json",
    ]);
    let plain: Value = serde_json::from_str(&String::from_utf8_lossy(&o.stdout)).unwrap();
    assert_eq!(plain["pipeline"], "search");

    // Carthage's split runs its own phases on the stricter rules (no foundation-to-depot move),
    // with no hedged lookahead; the hedge's options reach the plan of other variants.
    let o = patience(&[
        "solve",
        "carthage",
        "--seed",
        "1",
        "--max-states",
        "200000",
        "--format",
        "json",
    ]);
    let v: Value = serde_json::from_str(&String::from_utf8_lossy(&o.stdout)).unwrap();
    assert_eq!(
        v["pipeline"],
        "probe 20000, stricter rules 180000 (probe, lookahead, hedged lookahead 100, 400, 0 thousandths, search the rest), search the rest"
    );
    let o = patience(&[
        "solve",
        "granada",
        "--seed",
        "1",
        "--max-states",
        "200000",
        "--hedge-samples",
        "5",
        "--hedge-keep",
        "6",
        "--format",
        "json",
    ]);
    let v: Value = serde_json::from_str(&String::from_utf8_lossy(&o.stdout)).unwrap();
    assert_eq!(
        v["pipeline"],
        "probe 20000, lookahead 80000 (walks of 250 per move, x4), hedged lookahead 40000 (walks of 250 per move, 5 samples keeping 6, 12, 3, 0 cards in turn), search the rest"
    );
}

#[test]
fn dominance_check_passes_and_fails_as_it_should() {
    let dir = tempdir("dominance");
    let o = patience(&[
        "study",
        "algerian",
        "--seeds",
        "0..40",
        "--player",
        "greedy",
        "--quiet",
        "-j",
        "2",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let won = outcomes(&dir).iter().filter(|(o, _)| o == "won").count();
    assert!(won >= 2, "the greedy player won only {won} deals: pick a range where it wins some");

    let o = patience(&["dominance", dir.to_str().unwrap(), "--max-states", "1000000", "-j", "2"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        text(&o).contains(&format!("the greedy player won {won} of 40 deals; the pipeline")),
        "{}",
        text(&o)
    );
    assert!(text(&o).contains("dominance holds"), "{}", text(&o));

    // A budget of 100 positions wins nothing (every win is longer): each player win is listed.
    let o = patience(&[
        "dominance",
        dir.to_str().unwrap(),
        "--max-states",
        "100",
        "--plain-search",
        "-j",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout).lines().filter(|l| l.starts_with("seed ")).count(),
        won,
        "{}",
        text(&o)
    );

    // A study of the solver itself is not a player's.
    let solver_dir = tempdir("dominance-solver");
    let o = patience(&[
        "study",
        "algerian",
        "--seeds",
        "0..2",
        "--max-states",
        "1000",
        "--quiet",
        "--out",
        solver_dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let o = patience(&["dominance", solver_dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

/// Rewrites a finished study's rows to say "lost" where the solver won: losses the audit must
/// contradict.
fn falsify_wins(dir: &Path) {
    let csv = std::fs::read_to_string(dir.join("deals.csv")).unwrap().replace(",won,", ",lost,");
    std::fs::write(dir.join("deals.csv"), csv).unwrap();
}

/// How many deals an audit's output lists as won against the study's proof.
fn wins_listed(o: &Output) -> usize {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .filter(|l| l.starts_with("seed ") && l.contains("WON"))
        .count()
}

#[test]
fn loss_audit_passes_and_catches_a_false_loss() {
    // Alhambra with one pass: most deals are proved lost, at once.
    let dir = tempdir("audit");
    let o = patience(&[
        "study",
        "alhambra",
        "--redeals",
        "0",
        "--seeds",
        "0..12",
        "--max-states",
        "100000",
        "--quiet",
        "-j",
        "2",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let lost = outcomes(&dir).iter().filter(|(o, _)| o == "lost").count();
    assert!(lost >= 6, "only {lost} deals proved lost");
    let o = patience(&["audit", dir.to_str().unwrap(), "--factor", "2", "-j", "2"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        text(&o).contains(&format!("{lost} of 12 deals proved lost"))
            && text(&o).contains("won 0: no contradiction"),
        "{}",
        text(&o)
    );
    // The audit leaves its record in the study's folder, one JSON line per run.
    let record = |d: &Path| -> Vec<Value> {
        std::fs::read_to_string(d.join("audits.jsonl"))
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let r = record(&dir);
    assert_eq!(r.len(), 1);
    assert_eq!(
        (r[0]["lost"].as_u64(), r[0]["factor"].as_u64(), r[0]["budget"].as_u64()),
        (Some(lost as u64), Some(2), Some(200_000))
    );
    assert_eq!(r[0]["won"], serde_json::json!([]));
    assert!(r[0]["seeds"].is_null());

    // Rows that say "lost" for deals the solver wins: the audit must find every one.
    let won_dir = tempdir("audit-won");
    let o = patience(&[
        "study",
        "algerian",
        "--seeds",
        "0..6",
        "--max-states",
        "100000",
        "--quiet",
        "-j",
        "2",
        "--out",
        won_dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let won = outcomes(&won_dir).iter().filter(|(o, _)| o == "won").count();
    assert!(won >= 3, "only {won} deals won");
    let won_first_two = outcomes(&won_dir).iter().take(2).filter(|(o, _)| o == "won").count();
    falsify_wins(&won_dir);
    let o = patience(&["audit", won_dir.to_str().unwrap(), "--factor", "2", "-j", "2"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let listed = wins_listed(&o);
    assert_eq!(listed, won, "{}", text(&o));
    assert_eq!(record(&won_dir)[0]["won"].as_array().unwrap().len(), won);
    // --seeds audits a part: only the first two deals.
    let o = patience(&[
        "audit",
        won_dir.to_str().unwrap(),
        "--factor",
        "2",
        "-j",
        "2",
        "--seeds",
        "0..2",
    ]);
    let listed = wins_listed(&o);
    assert_eq!(listed, won_first_two, "{}", text(&o));
    assert!(text(&o).contains("of seeds 0..2 of 6 deals proved lost"), "{}", text(&o));
    assert_eq!(record(&won_dir)[1]["seeds"], serde_json::json!([0, 2]));

    // A player's study proves nothing lost.
    let player = tempdir("audit-player");
    let o = patience(&[
        "study",
        "algerian",
        "--seeds",
        "0..2",
        "--player",
        "greedy",
        "--quiet",
        "--out",
        player.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let o = patience(&["audit", player.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

#[test]
fn the_audit_reads_a_merged_study() {
    // A merged study's manifest holds the merge command: with the variant's default rules, the
    // audit takes its game from the variant and still catches every falsified loss.
    let merge = |name: &str, study: &[&str]| -> TempPath {
        let shards: Vec<TempPath> = (0..2).map(|i| tempdir(&format!("{name}-{i}"))).collect();
        for (i, d) in shards.iter().enumerate() {
            let shard = format!("{i}/2");
            let mut args = vec!["study"];
            args.extend_from_slice(study);
            args.extend_from_slice(&[
                "--shard",
                &shard,
                "--quiet",
                "-j",
                "2",
                "--out",
                d.to_str().unwrap(),
            ]);
            let o = patience(&args);
            assert!(o.status.success(), "{}", text(&o));
        }
        let merged = tempdir(name);
        let o = patience(&[
            "merge",
            shards[0].to_str().unwrap(),
            shards[1].to_str().unwrap(),
            "--out",
            merged.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", text(&o));
        merged
    };
    let merged = merge("audit-merged", &["algerian", "--seeds", "0..6", "--max-states", "100000"]);
    let won = outcomes(&merged).iter().filter(|(o, _)| o == "won").count();
    assert!(won >= 3, "only {won} deals won");
    falsify_wins(&merged);
    let o = patience(&["audit", merged.to_str().unwrap(), "--factor", "2", "-j", "2"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let listed = wins_listed(&o);
    assert_eq!(listed, won, "{}", text(&o));

    // Studies run with a rule option (one pass), merged: the manifest records the rules' options,
    // so the audit proves under the one-pass rules (alhambra's defaults allow two
    // redeals, whose audit would be another one) and finds its losses.
    let one_pass = merge(
        "audit-merged-options",
        &["alhambra", "--redeals", "0", "--seeds", "0..6", "--max-states", "100000"],
    );
    let lost = outcomes(&one_pass).iter().filter(|(o, _)| o == "lost").count();
    assert!(lost >= 3, "only {lost} deals proved lost");
    let o = patience(&["audit", one_pass.to_str().unwrap(), "--factor", "1", "-j", "2"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        text(&o).contains(&format!("{lost} of 6 deals proved lost"))
            && text(&o).contains("redeals=0"),
        "{}",
        text(&o)
    );
    // A manifest written before 2026-12-06 holds the rules as Rust printed them, and a merge made
    // before the manifest kept the shard's command holds no study command: the audit still reads
    // the one-pass rules from it.
    let path = one_pass.join("manifest.json");
    let mut manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert!(manifest["shard_command"][1] == "study", "{manifest}");
    manifest.as_object_mut().unwrap().remove("shard_command");
    manifest["rules"] = "AlhambraRules { variant: Alhambra, empty_waste_any: false, pf_refill_timing: false, redeals: 0 }".into();
    std::fs::write(&path, serde_json::to_string_pretty(&manifest).unwrap()).unwrap();
    let o = patience(&["audit", one_pass.to_str().unwrap(), "--factor", "1", "-j", "2"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        text(&o).contains(&format!("{lost} of 6 deals proved lost"))
            && text(&o).contains("redeals=0"),
        "{}",
        text(&o)
    );
    // Rules this version cannot rebuild are refused with the reason, never audited under others.
    manifest["rules"] = "empty-waste-any=false, pf-refill-timing=false, redeals=zero".into();
    std::fs::write(&path, serde_json::to_string_pretty(&manifest).unwrap()).unwrap();
    let o = patience(&["audit", one_pass.to_str().unwrap(), "--factor", "1"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("redeals=zero: not a number"), "{}", text(&o));
}
