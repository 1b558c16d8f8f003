//! Studies over PySolFC game numbers (`study GAME --pysol A..B`) and the lists made from them
//! (`export-solvable`): every row is the deal PySolFC numbers so (the verdict `solve --pysol N`
//! gives), shards merge, the audit deals the same numbers, and the list holds exactly the won
//! numbers of 32000 and more.

mod common;
use common::{patience, tempdir};

fn study(dir: &std::path::Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["study", "queen-of-italy", "-j", "1", "--quiet", "--max-states", "100000"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--out", dir.to_str().unwrap()]);
    patience(&args)
}

fn rows(dir: &std::path::Path) -> Vec<(u64, String)> {
    std::fs::read_to_string(dir.join("deals.csv"))
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[0].parse().unwrap(), f[1].to_string())
        })
        .collect()
}

#[test]
fn a_study_over_pysolfc_numbers_decides_pysolfcs_deals() {
    let root = tempdir("pysol-study");
    let whole = root.join("whole");
    let out = study(&whole, &["--pysol", "31997..32005"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let manifest = std::fs::read_to_string(whole.join("manifest.json")).unwrap();
    assert!(manifest.contains("\"deal_generator\": \"pysolfc-3.6-game-numbers\""), "{manifest}");
    let rows = rows(&whole);
    assert_eq!(rows.iter().map(|r| r.0).collect::<Vec<_>>(), (31997..32005).collect::<Vec<_>>());
    for (n, outcome) in &rows {
        let solved = patience(&[
            "solve",
            "queen-of-italy",
            "--pysol",
            &n.to_string(),
            "--max-states",
            "100000",
        ]);
        let verdict = match solved.status.code() {
            Some(0) => "won",
            Some(1) => "lost",
            _ => "unknown",
        };
        assert_eq!(verdict, outcome, "game #{n}");
    }
    assert!(rows.iter().any(|r| r.1 == "won") && rows.iter().any(|r| r.1 == "lost"), "{rows:?}");

    // Shards of the same numbers merge into the same rows.
    let (a, b, merged) = (root.join("a"), root.join("b"), root.join("merged"));
    for (dir, shard) in [(&a, "0/2"), (&b, "1/2")] {
        let out = study(dir, &["--pysol", "31997..32005", "--shard", shard]);
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let out = patience(&[
        "merge",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(self::rows(&merged), rows);
    // A native study of the same numbers is another study: its shards do not merge with these.
    let native = root.join("native");
    assert_eq!(study(&native, &["--seeds", "32001..32005"]).status.code(), Some(0));
    let out = patience(&[
        "merge",
        a.to_str().unwrap(),
        native.to_str().unwrap(),
        "--out",
        root.join("mixed").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));

    // The audit deals the study's own numbers.
    let out = patience(&["audit", whole.to_str().unwrap(), "--factor", "2", "-j", "1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("no contradiction"), "{text}");

    // The list: the won numbers of 32000 and more, eight a line.
    let list = root.join("qoi_solvable_seeds.py");
    let out =
        patience(&["export-solvable", whole.to_str().unwrap(), "--out", list.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let module = std::fs::read_to_string(&list).unwrap();
    let tuple = module.split("SOLVABLE_SEEDS = (").nth(1).unwrap().split(')').next().unwrap();
    let listed: Vec<u64> = tuple
        .split([',', '\n', ' '])
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    let won: Vec<u64> = rows.iter().filter(|r| r.1 == "won" && r.0 >= 32000).map(|r| r.0).collect();
    assert_eq!(listed, won);
    assert!(
        module.contains("PySolFC game id 135")
            && module.contains(&format!("# {} numbers.", won.len()))
    );
    assert!(module.contains("--pysol 31997..32005"), "the command is named");

    // A native study has no PySolFC numbers to list; an unfinished one is refused.
    let out =
        patience(&["export-solvable", native.to_str().unwrap(), "--out", list.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let text = std::fs::read_to_string(whole.join("deals.csv")).unwrap();
    let cut: Vec<&str> = text.lines().take(4).collect();
    std::fs::write(whole.join("deals.csv"), cut.join("\n") + "\n").unwrap();
    let out =
        patience(&["export-solvable", whole.to_str().unwrap(), "--out", list.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("finish it first"));
}

#[test]
fn pysolfc_numbers_are_refused_where_they_mean_nothing() {
    let root = tempdir("pysol-study-bad");
    for (args, needle) in [
        (vec!["study", "queen-of-italy", "--pysol", "0..5"], "start at 1"),
        (vec!["study", "crazy-quilt", "--pysol", "1..5"], "not a PySolFC game"),
        (vec!["study", "queen-of-italy", "--pysol", "5..1"], "reversed"),
        (
            vec!["study", "queen-of-italy", "--pysol", "1..5", "--seeds", "1..5"],
            "cannot be used with",
        ),
    ] {
        let mut args = args.clone();
        let out_dir = root.join("x");
        args.extend_from_slice(&["--out", out_dir.to_str().unwrap(), "--quiet"]);
        let out = patience(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
