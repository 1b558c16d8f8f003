//! `patience study` and `patience merge` end to end: identical results whatever `-j`, a real
//! `kill -9` followed by `--resume`, shards merged back, and refusals.

mod common;
use common::{patience, tempdir};

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// deals.csv without its timing column.
fn rows(dir: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("deals.csv")).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let micros = header.iter().position(|h| *h == "micros").unwrap();
    lines
        .map(|l| {
            l.split(',')
                .enumerate()
                .filter(|(i, _)| *i != micros)
                .map(|(_, f)| f)
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect()
}

/// summary.json without its timing fields.
fn summary(dir: &Path) -> Value {
    let mut v: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap()).unwrap();
    for k in ["seconds_mean", "seconds_p99", "seconds_max"] {
        v.as_object_mut().unwrap().remove(k);
    }
    v
}

/// `patience study GAME --quiet --out DIR EXTRA..`, which must succeed.
fn study_of(game: &str, dir: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["study", game, "--quiet", "--out", dir.to_str().unwrap()];
    args.extend_from_slice(extra);
    let out = patience(&args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

fn study(dir: &Path, extra: &[&str]) -> Output {
    study_of("queen-of-italy", dir, extra)
}

const SMALL: &[&str] = &["--seeds", "0..24", "--max-states", "20000"];

#[test]
fn threads_do_not_change_results() {
    let (a, b) = (tempdir("j1"), tempdir("j2"));
    study(&a, &[SMALL, &["-j", "1"]].concat());
    study(&b, &[SMALL, &["-j", "2"]].concat());
    assert_eq!(rows(&a), rows(&b));
    assert_eq!(rows(&a).len(), 24);
    assert_eq!(summary(&a), summary(&b));
    let s = summary(&a);
    assert_eq!(s["deals"], 24);
    assert_eq!(
        s["won"].as_u64().unwrap() + s["lost"].as_u64().unwrap() + s["unknown"].as_u64().unwrap(),
        24
    );
    assert!(!a.join("journal.csv").exists(), "the journal goes once deals.csv is written");
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(a.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["variant"], "queen-of-italy");
    assert_eq!(
        (manifest["seeds_first"].as_u64(), manifest["seeds_end"].as_u64()),
        (Some(0), Some(24))
    );
    assert_eq!(manifest["max_states"], 20000);
    // Running again into the same folder without --resume is refused.
    let again = patience(&[
        "study",
        "queen-of-italy",
        "--quiet",
        "--out",
        a.to_str().unwrap(),
        "--seeds",
        "0..24",
        "--max-states",
        "20000",
    ]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--resume"));
}

#[test]
fn kill_9_then_resume_loses_nothing() {
    let (killed, whole) = (tempdir("killed"), tempdir("whole"));
    let args = ["--seeds", "0..40", "--max-states", "150000", "-j", "2"];
    let mut child = Command::new(env!("CARGO_BIN_EXE_patience"))
        .args(["study", "queen-of-italy", "--quiet", "--out", killed.to_str().unwrap()])
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until some deals are journaled, then kill -9 (SIGKILL: no chance to clean up).
    let journal = killed.join("journal.csv");
    let started = Instant::now();
    loop {
        let lines = std::fs::read_to_string(&journal).map(|t| t.lines().count()).unwrap_or(0);
        if lines > 6 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(120), "the study journaled nothing");
        assert!(
            child.try_wait().unwrap().is_none(),
            "the study finished before it could be killed"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!killed.join("deals.csv").exists(), "killed before the end: no deals.csv yet");
    let journaled = std::fs::read_to_string(&journal).unwrap().lines().count() - 1;
    assert!(journaled < 40);

    let resumed = study(&killed, &[&args[..], &["--resume"]].concat());
    study(&whole, &args);
    assert_eq!(rows(&killed), rows(&whole));
    assert_eq!(summary(&killed), summary(&whole));
    assert!(String::from_utf8_lossy(&resumed.stdout).contains("40 deals"));
    // Resuming with different limits is refused, naming the difference.
    let other = patience(&[
        "study",
        "queen-of-italy",
        "--quiet",
        "--out",
        killed.to_str().unwrap(),
        "--seeds",
        "0..40",
        "--max-states",
        "1000",
        "--resume",
    ]);
    assert_eq!(other.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&other.stderr).contains("limits"));
}

#[test]
fn shards_merge_into_the_whole_study() {
    let (s0, s1, s2, whole, merged) =
        (tempdir("s0"), tempdir("s1"), tempdir("s2"), tempdir("w"), tempdir("m"));
    study(&s0, &[SMALL, &["--shard", "0/2"]].concat());
    study(&s1, &[SMALL, &["--shard", "1/2"]].concat());
    study(&whole, SMALL);
    let out = patience(&[
        "merge",
        s0.to_str().unwrap(),
        s1.to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(rows(&merged), rows(&whole));
    assert_eq!(summary(&merged), summary(&whole));
    assert_eq!(rows(&s0).len() + rows(&s1).len(), 24);
    // The merged manifest's command is the merge; it keeps the first shard's study command
    // beside it (the audit reads its rule options there), which a study's own manifest lacks.
    let manifest = |d: &Path| -> Value {
        serde_json::from_str(&std::fs::read_to_string(d.join("manifest.json")).unwrap()).unwrap()
    };
    assert_eq!(manifest(&merged)["command"][1], "merge");
    assert_eq!(manifest(&merged)["shard_command"], manifest(&s0)["command"]);
    assert!(manifest(&whole).get("shard_command").is_none());
    // A merge of that merge keeps the shard's study command, not the first merge's.
    let again = tempdir("m5");
    let out = patience(&["merge", merged.to_str().unwrap(), "--out", again.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(manifest(&again)["shard_command"], manifest(&s0)["command"]);

    // A missing seed range: one shard alone.
    let missing =
        patience(&["merge", s0.to_str().unwrap(), "--out", tempdir("m2").to_str().unwrap()]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&missing.stderr).contains("missing"),
        "{}",
        String::from_utf8_lossy(&missing.stderr)
    );
    // A shard of another study (other limits).
    study(&s2, &["--seeds", "0..24", "--max-states", "10000", "--shard", "1/2"]);
    let mismatch = patience(&[
        "merge",
        s0.to_str().unwrap(),
        s2.to_str().unwrap(),
        "--out",
        tempdir("m3").to_str().unwrap(),
    ]);
    assert_eq!(mismatch.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&mismatch.stderr).contains("limits"),
        "{}",
        String::from_utf8_lossy(&mismatch.stderr)
    );
    // The same shard twice: seeds repeated.
    let twice = patience(&[
        "merge",
        s0.to_str().unwrap(),
        s0.to_str().unwrap(),
        s1.to_str().unwrap(),
        "--out",
        tempdir("m4").to_str().unwrap(),
    ]);
    assert_eq!(twice.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&twice.stderr).contains("more than once"));
}

#[test]
fn bad_study_arguments_are_one_line_errors() {
    for (seeds, needle) in
        [("5..5", "empty"), ("9..3", "reversed"), ("x..3", "not a seed"), ("10", "A..B")]
    {
        let out = patience(&["study", "queen-of-italy", "--seeds", seeds]);
        assert_eq!(out.status.code(), Some(2), "{seeds}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle) && !err.contains("panicked"), "{seeds}: {err}");
    }
    let out = patience(&["study", "queen-of-italy", "--seeds", "0..10", "--shard", "2/2"]);
    assert_eq!(out.status.code(), Some(2));
    let out = patience(&[
        "study",
        "queen-of-italy",
        "--seeds",
        "0..1",
        "--shard",
        "0/2",
        "--out",
        tempdir("tiny").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds no seed"));
    let out = patience(&["study", "klondike", "--seeds", "0..10"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn report_tables_and_charts_every_study() {
    let results = tempdir("results");
    for game in ["queen-of-italy", "algerian"] {
        study_of(game, &results.join(game), &["--seeds", "0..6", "--max-states", "5000"]);
    }
    study_of(
        "algerian",
        &results.join("algerian-greedy"),
        &["--seeds", "0..7", "--player", "greedy"],
    );
    std::fs::create_dir_all(results.join("not-a-study")).unwrap();
    let out = patience(&["report", results.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let readme = std::fs::read_to_string(results.join("README.md")).unwrap();
    assert!(
        readme.contains("[queen-of-italy](queen-of-italy/) | queen-of-italy | thoughtful | 6 |"),
        "{readme}"
    );
    assert!(readme.contains("[algerian](algerian/) | algerian | thoughtful | 6 |"), "{readme}");
    let svg = std::fs::read_to_string(results.join("win-rates.svg")).unwrap();
    assert!(svg.starts_with("<svg"));
    // One row per variant under its family's heading, in the rule book's order; the right
    // columns give the deals and the unknown share, and the greedy player's deals on its row.
    let at = |needle: &str| svg.find(needle).unwrap_or_else(|| panic!("no {needle:?} in {svg}"));
    assert!(
        at("Queen of Italy family") < at("queen-of-italy\n")
            && at("queen-of-italy\n") < at("Algerian family")
    );
    assert!(at("Algerian family") < at("algerian\n"));
    assert!(
        !svg.contains("algerian-greedy"),
        "a player's study is a marker on its variant's row, not a row"
    );
    assert!(svg.contains("\n6 · ") && svg.contains("\n7\n"), "{svg}");
    assert!(
        readme.contains("[algerian-greedy](algerian-greedy/) | algerian | greedy | 7 |"),
        "{readme}"
    );
    // How often will I win: a row per game with players, the claims of the sources checked
    // where the game has a careful player, and the block spliced into a README with its links
    // relative to that README.
    assert!(readme.contains("## How often will I win?"), "{readme}");
    let row = readme.lines().find(|l| l.starts_with("| algerian |")).expect("algerian's row");
    assert!(row.contains("(algerian/)") && row.contains("(algerian-greedy/)"), "{row}");
    assert!(!readme.lines().any(|l| l.starts_with("| queen-of-italy |")), "no players, no row");
    let careful =
        ["--seeds", "0..3", "--player", "sampling", "--samples", "1", "--sample-states", "300"];
    study(&results.join("queen-of-italy-sampling"), &careful);
    // A larger thoughtful study of the same deals' game takes the players' markers and row.
    study_of("algerian", &results.join("algerian-9"), &["--seeds", "0..9", "--max-states", "5000"]);
    let project = results.parent().unwrap();
    let top = project.join("README.md");
    let begin = "<!-- how-often: generated by `patience report results --readme README.md`; do not edit by hand -->";
    std::fs::write(&top, format!("# intro\n{begin}\nstale\n<!-- how-often: end -->\nafter\n"))
        .unwrap();
    let out = patience(&["report", results.to_str().unwrap(), "--readme", top.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&top).unwrap();
    assert!(text.starts_with("# intro\n") && text.ends_with("<!-- how-often: end -->\nafter\n"));
    assert!(!text.contains("stale"), "{text}");
    let dir = results.file_name().unwrap().to_str().unwrap();
    let row = text.lines().find(|l| l.starts_with("| algerian |")).expect("algerian's row");
    assert!(row.contains(&format!("({dir}/algerian-9/)")), "the larger study: {row}");
    assert!(row.contains(&format!("({dir}/algerian-greedy/)")), "{row}");
    let claim = text.lines().find(|l| l.starts_with("- **queen-of-italy**")).expect("the claim");
    assert!(claim.contains("about half") && claim.contains("Careful player ["), "{claim}");
    let readme = std::fs::read_to_string(results.join("README.md")).unwrap();
    assert!(readme.contains("- **queen-of-italy**"), "{readme}");
    // A ladder: the sampling studies of a `-ladder` folder, weakest first whatever their names.
    for (name, k) in [("a-strong", "2"), ("b-weak", "1")] {
        let rung =
            ["--seeds", "0..2", "--player", "sampling", "--samples", k, "--sample-states", "200"];
        study(&results.join("queen-of-italy-ladder").join(name), &rung);
    }
    let out = patience(&["report", results.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let readme = std::fs::read_to_string(results.join("README.md")).unwrap();
    let at =
        |needle: &str| readme.find(needle).unwrap_or_else(|| panic!("no {needle} in {readme}"));
    assert!(at("How careful play levels off") < at("| [queen-of-italy-ladder/b-weak]"));
    assert!(at("| [queen-of-italy-ladder/b-weak]") < at("| [queen-of-italy-ladder/a-strong]"));
    // A README without the markers is refused in one line, and left as it was.
    std::fs::write(&top, "no block here\n").unwrap();
    let out = patience(&["report", results.to_str().unwrap(), "--readme", top.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.trim().lines().count() == 1 && err.contains("how-often"), "{err}");
    assert_eq!(std::fs::read_to_string(&top).unwrap(), "no block here\n");
}

#[test]
fn bench_prints_one_table() {
    // Seeds 40..43: searches of thousands of positions (seeds 0..3 the probe now wins in a few
    // hundred, where the table's smallest size is most of the bytes per position).
    let out = patience(&[
        "bench",
        "queen-of-italy",
        "--seeds",
        "40..44",
        "--max-states",
        "20000",
        "-j",
        "1",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["deals"], 4);
    assert_eq!(
        v["won"].as_u64().unwrap() + v["lost"].as_u64().unwrap() + v["unknown"].as_u64().unwrap(),
        4
    );
    assert!(v["states_per_second_per_core"].as_f64().unwrap() > 0.0);
    // Deals are timed by their thread's CPU clock where there is one (`clock.rs`'s test tells it
    // from wall time); one thread's deals take no more than the run.
    #[cfg(any(target_os = "linux", target_os = "macos"))]
    assert_eq!(v["clock"], "thread-cpu");
    assert!(
        v["seconds_total"].as_f64().unwrap() <= v["wall_seconds"].as_f64().unwrap() + 0.01,
        "{v}"
    );
    // Expanded positions are some of the unique states (Queen of Italy's dead-position test
    // rejects some of them), in the same time.
    let (states, expanded) = (v["states"].as_u64().unwrap(), v["expanded"].as_u64().unwrap());
    assert!(0 < expanded && expanded < states, "{v}");
    let ratio = v["expanded_per_second_per_core"].as_f64().unwrap()
        / v["states_per_second_per_core"].as_f64().unwrap();
    assert!((ratio - expanded as f64 / states as f64).abs() < 1e-9, "{v}");
    // The default table keeps 12-byte fingerprints: at most 32 bytes per stored position.
    assert_eq!(v["table"], "fingerprint-95");
    assert!(v["bytes_per_state"].as_f64().unwrap() <= 32.0, "{v}");
    // The exact table stores whole positions, with the same search.
    let out = patience(&[
        "bench",
        "queen-of-italy",
        "--seeds",
        "40..44",
        "--max-states",
        "20000",
        "--format",
        "json",
        "--exact-table",
    ]);
    let e: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(e["table"], "exact");
    assert!(e["bytes_per_state"].as_f64().unwrap() >= e["state_bytes"].as_f64().unwrap());
    for field in ["won", "lost", "unknown", "states", "expanded"] {
        assert_eq!(e[field], v[field], "{field}");
    }
    assert!(v["states"].as_u64().unwrap() >= 4, "{v}");
    let text = String::from_utf8(
        patience(&["bench", "algerian", "--seeds", "0..2", "--max-states", "20000"]).stdout,
    )
    .unwrap();
    assert!(text.starts_with("| variant |") && text.contains("| algerian | 0..2 |"), "{text}");
}

/// `patience bench VARIANT` without options measures the benchmark log's set: the seeds and the
/// limit `scripts/bench-log.sh` (and so every entry of `results/bench/`) uses by default.
#[test]
fn bench_defaults_are_the_logs_set() {
    let help = String::from_utf8(patience(&["bench", "--help"]).stdout).unwrap();
    let script =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/bench-log.sh"))
            .unwrap();
    let script_default = |var: &str| -> String {
        let line = script
            .lines()
            .find(|l| l.starts_with(&format!("{var}=${{")))
            .unwrap_or_else(|| panic!("no {var}= line in bench-log.sh"));
        line.split(":-").nth(1).and_then(|d| d.strip_suffix('}')).unwrap().to_string()
    };
    let (seeds, limit) = (script_default("seeds"), script_default("limit"));
    assert_eq!(
        (seeds.as_str(), limit.as_str()),
        ("0..1000", "200000"),
        "bench-log.sh's defaults changed: change the issue's log set with care"
    );
    assert!(help.contains(&format!("[default: {seeds}]")), "bench --help: {help}");
    assert!(help.contains(&format!("[default: {limit}]")), "bench --help: {help}");
}

/// Players that cannot see the stock: `solve --player` explains each move, `study --player`
/// writes the same files (outcomes won or lost only) and records the player in the manifest.
#[test]
fn players_solve_and_study() {
    let out = patience(&[
        "solve",
        "queen-of-italy",
        "--seed",
        "2",
        "--player",
        "sampling",
        "--samples",
        "2",
        "--sample-states",
        "1000",
        "--format",
        "json",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["player"], "sampling K=2 states=1000");
    assert_eq!(out.status.code(), Some(if v["won"] == true { 0 } else { 1 }));
    let decisions = v["decisions"].as_array().unwrap();
    assert!(
        decisions[0]["reasoning"].as_str().unwrap().contains("samples won per move"),
        "{}",
        decisions[0]
    );
    assert!(decisions[0]["move"].as_str().unwrap().starts_with("choose P"));

    let dir = tempdir("greedy");
    study(&dir, &["--seeds", "0..20", "--player", "greedy"]);
    let s = summary(&dir);
    assert_eq!(s["unknown"], 0, "a player wins or not: {s}");
    assert_eq!(s["won"].as_u64().unwrap() + s["lost"].as_u64().unwrap(), 20);
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["player"], "greedy");
    let bad = patience(&["study", "queen-of-italy", "--seeds", "0..5", "--samples", "3"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("only to --player sampling"));
}

/// The table kind is part of a study: recorded in the manifest, the same rows either way, and a
/// study is not resumed with the other kind.
#[test]
fn exact_and_fingerprint_tables_give_the_same_study() {
    let (f, e) = (tempdir("table-fp"), tempdir("table-exact"));
    study(&f, SMALL);
    let with_exact: Vec<&str> = SMALL.iter().copied().chain(["--exact-table"]).collect();
    study(&e, &with_exact);
    let manifest = |d: &Path| -> Value {
        serde_json::from_str(&std::fs::read_to_string(d.join("manifest.json")).unwrap()).unwrap()
    };
    assert_eq!(manifest(&f)["table"], "fingerprint-95");
    assert_eq!(manifest(&e)["table"], "exact");
    assert_eq!(rows(&f), rows(&e));
    let mut args = vec![
        "study",
        "queen-of-italy",
        "--quiet",
        "--resume",
        "--out",
        f.to_str().unwrap(),
        "--exact-table",
    ];
    args.extend_from_slice(SMALL);
    let out = patience(&args);
    assert_eq!(out.status.code(), Some(2), "resuming with the other table must be refused");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("table"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Issue 30: one name for each limit on every subcommand (`--max-states`, `--max-seconds`); the
/// old `--limit-states` and `--limit-ms` still run (published commands use them), hidden from help.
#[test]
fn every_subcommand_takes_the_same_limit_names_and_the_old_ones() {
    let dir = tempdir("limit-names");
    for command in ["solve", "study", "bench"] {
        let help = String::from_utf8(patience(&[command, "--help"]).stdout).unwrap();
        assert!(
            help.contains("--max-states") && help.contains("--max-seconds"),
            "{command} --help: {help}"
        );
        assert!(
            !help.contains("--limit-states") && !help.contains("--limit-ms"),
            "{command} --help shows an old name: {help}"
        );
    }
    let new = ["--max-states", "3000", "--max-seconds", "100"];
    let old = ["--limit-states", "3000", "--limit-ms", "100000"];
    let mut rows = vec![];
    for (i, limits) in [new, old].iter().enumerate() {
        let out_dir = dir.join(i.to_string());
        let mut args = vec![
            "study",
            "algerian",
            "--quiet",
            "--seeds",
            "0..4",
            "-j",
            "1",
            "--out",
            out_dir.to_str().unwrap(),
        ];
        args.extend(limits);
        let out = patience(&args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let manifest: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out_dir.join("manifest.json")).unwrap())
                .unwrap();
        assert_eq!(
            (manifest["max_states"].as_u64(), manifest["max_ms"].as_u64()),
            (Some(3000), Some(100_000))
        );
        let deals = std::fs::read_to_string(out_dir.join("deals.csv")).unwrap();
        rows.push(
            deals
                .lines()
                .map(|l| l.split(',').take(3).collect::<Vec<_>>().join(","))
                .collect::<Vec<_>>(),
        );
        for command in
            [["solve", "algerian", "--seed", "0"], ["bench", "algerian", "--seeds", "0..2"]]
        {
            let mut args: Vec<&str> = command.to_vec();
            args.extend(limits);
            let out = patience(&args);
            assert!(
                matches!(out.status.code(), Some(0 | 1 | 3)),
                "{args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    assert_eq!(rows[0], rows[1], "the old names mean the same limits");
    let both =
        patience(&["solve", "algerian", "--seed", "0", "--max-seconds", "1", "--limit-ms", "5"]);
    assert_eq!(both.status.code(), Some(2), "--max-seconds and --limit-ms together are refused");
}

/// Whole studies of consecutive seed ranges merge into the study of their union (a study
/// extended to more seeds); a gap between them is refused.
#[test]
fn consecutive_studies_merge_into_one() {
    let (a, b, c, whole, merged) =
        (tempdir("e0"), tempdir("e1"), tempdir("e2"), tempdir("ew"), tempdir("em"));
    let limits = ["--max-states", "20000"];
    study(&a, &[&["--seeds", "0..10"][..], &limits].concat());
    study(&b, &[&["--seeds", "10..24"][..], &limits].concat());
    study(&whole, &[&["--seeds", "0..24"][..], &limits].concat());
    let out = patience(&[
        "merge",
        b.to_str().unwrap(),
        a.to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(rows(&merged), rows(&whole));
    assert_eq!(summary(&merged), summary(&whole));
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(merged.join("manifest.json")).unwrap())
            .unwrap();
    assert_eq!(
        (manifest["seeds_first"].as_u64(), manifest["seeds_end"].as_u64()),
        (Some(0), Some(24))
    );

    study(&c, &[&["--seeds", "12..24"][..], &limits].concat());
    let gap = patience(&[
        "merge",
        a.to_str().unwrap(),
        c.to_str().unwrap(),
        "--out",
        tempdir("eg").to_str().unwrap(),
    ]);
    assert_eq!(gap.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&gap.stderr).contains("seed 10 is missing"),
        "{}",
        String::from_utf8_lossy(&gap.stderr)
    );
}

/// `--threads-per-deal 2`: the same verdict for every deal as one thread per deal where both
/// decide it (the lines and, near the limit, the verdicts may differ: never won against lost),
/// and the manifest says how the deals were solved; a refused combination is a one-line error.
#[test]
fn threads_per_deal_never_contradict_one_thread() {
    let (a, b) = (tempdir("tpd1"), tempdir("tpd2"));
    let small = ["--seeds", "0..12", "--max-states", "400000"];
    study(&a, &[&small[..], &["-j", "2"]].concat());
    study(&b, &[&small[..], &["-j", "2", "--threads-per-deal", "2"]].concat());
    let verdicts = |dir: &Path| -> Vec<String> {
        rows(dir).iter().map(|r| r.split(',').nth(1).unwrap().to_string()).collect()
    };
    let (one, two) = (verdicts(&a), verdicts(&b));
    assert_eq!(one.len(), 12);
    for (i, (x, y)) in one.iter().zip(&two).enumerate() {
        assert!(
            x == y || x == "unknown" || y == "unknown",
            "seed {i}: {x} on one thread, {y} on two"
        );
    }
    assert!(one.iter().filter(|v| *v != "unknown").count() >= 8, "{one:?}");
    let manifest = |dir: &Path| -> Value {
        serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap()
    };
    assert_eq!(
        (manifest(&a)["threads_per_deal"].as_u64(), manifest(&b)["threads_per_deal"].as_u64()),
        (Some(1), Some(2))
    );
    let dir = tempdir("tpd-bad");
    for (extra, needle) in [
        (&["--threads-per-deal", "0"][..], "at least 1"),
        (&["--threads-per-deal", "2", "--player", "greedy"][..], "solver's"),
    ] {
        let mut args = vec![
            "study",
            "queen-of-italy",
            "--quiet",
            "--out",
            dir.to_str().unwrap(),
            "--seeds",
            "0..2",
        ];
        args.extend_from_slice(extra);
        let out = patience(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle) && err.trim_end().lines().count() == 1, "{args:?}: {err}");
    }
}
