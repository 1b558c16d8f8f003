//! Every manifest under `results/` (the published studies, their shards and the research runs)
//! still reads, in the form it was written in, and names rules this version can rebuild: what
//! `merge`, `audit`, `dominance` and `report` need of it.

use patience_games::variant::Rules;
use patience_study::run::read_manifest;
use std::path::{Path, PathBuf};

fn manifests(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            manifests(&path, out);
        } else if path.file_name().is_some_and(|n| n == "manifest.json") {
            out.push(path.parent().unwrap().to_path_buf());
        }
    }
}

#[test]
fn published_manifests_read_and_name_their_rules() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results");
    let mut dirs = vec![];
    manifests(&root, &mut dirs);
    assert!(dirs.len() >= 100, "{} manifests under {}", dirs.len(), root.display());
    let mut legacy = 0;
    for dir in &dirs {
        let raw = std::fs::read_to_string(dir.join("manifest.json")).unwrap();
        legacy += raw.contains("Rules {") as usize;
        let manifest = read_manifest(dir).unwrap();
        let (info, rules) = manifest.game().unwrap_or_else(|e| panic!("{}: {e:#}", dir.display()));
        assert_eq!(info.name, manifest.variant);
        assert_eq!(rules.options_text(), manifest.rules, "{}", dir.display());
    }
    assert!(legacy >= 100, "{legacy} manifests in the older form");
    // A study run with a rule option reads with it (its merge as well as its shards).
    let f2t = read_manifest(&root.join("queen-of-italy-open-f2t")).unwrap();
    let Ok((_, Rules::Queen(q))) = f2t.game() else { panic!("not a Queen of Italy study") };
    assert!(q.foundation_to_tableau);
}
