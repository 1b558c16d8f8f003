//! `patience export-solvable STUDY_DIR`: a study over PySolFC game numbers, its won numbers as a
//! Python module in the form of PySolFC's own list of winnable Klondike games
//! (`pysollib/games/solvable_seeds/klondike_solvable_seeds.py`): a header comment saying what
//! made it, then `SOLVABLE_SEEDS = (…)`, eight numbers a line.
//!
//! Only numbers of at least 32,000: PySolFC deals lower ones with its Microsoft-compatible
//! generator, and its own list warns that a game picked from the list by number must be dealt
//! by the generator the list was solved with.

use anyhow::{Context, Result, bail};
use patience_games::deal::numbering::Numbering;
use patience_study::manifest::Manifest;
use std::path::{Path, PathBuf};

/// The lowest game number PySolFC deals with MT19937 (lower ones: LCRandom31).
pub const FIRST_MT_NUMBER: u64 = 32_000;

/// Where the list of `game` goes by default: `results/pysolfc/GAME_solvable_seeds.py`, the name
/// a Python module (underscores for hyphens).
pub fn default_path(game: &str) -> PathBuf {
    PathBuf::from(format!("results/pysolfc/{}_solvable_seeds.py", game.replace('-', "_")))
}

/// Writes the list of the study in `dir` to `out` (default [`default_path`]); returns the path
/// and how many numbers it holds.
pub fn export_solvable(dir: &Path, out: Option<PathBuf>) -> Result<(PathBuf, usize)> {
    let manifest = patience_study::run::read_manifest(dir)?;
    if Numbering::from_generator(&manifest.deal_generator) != Some(Numbering::Pysol) {
        bail!(
            "{} is a study of native seeds: export-solvable takes a study over PySolFC game numbers (`study GAME --pysol A..B`)",
            dir.display()
        );
    }
    if manifest.player != "thoughtful" {
        bail!(
            "{} is a study of the {} player, which proves nothing winnable: export-solvable takes a thoughtful study",
            dir.display(),
            manifest.player
        );
    }
    let deals = dir.join(patience_study::run::DEALS);
    let text = std::fs::read_to_string(&deals)
        .with_context(|| format!("reading {} (is the study finished?)", deals.display()))?;
    let (rows, _) = patience_study::row::read_rows(&text, false)
        .with_context(|| format!("reading {}", deals.display()))?;
    let expected = manifest.shard_seeds().end - manifest.shard_seeds().start;
    if rows.len() as u64 != expected {
        bail!(
            "{} holds {} of the study's {expected} numbers: finish it first (`study … --resume`)",
            deals.display(),
            rows.len()
        );
    }
    let mut won: Vec<u64> = rows
        .iter()
        .filter(|r| r.outcome == "won" && r.seed >= FIRST_MT_NUMBER)
        .map(|r| r.seed)
        .collect();
    won.sort_unstable();
    let count = |o: &str| rows.iter().filter(|r| r.outcome == o).count();
    let path = out.unwrap_or_else(|| default_path(&manifest.variant));
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("creating {}", parent.display()))?;
    }
    let module = module_text(&manifest, dir, &won, [count("won"), count("lost"), count("unknown")]);
    std::fs::write(&path, module).with_context(|| format!("writing {}", path.display()))?;
    Ok((path, won.len()))
}

/// The module: its header, then the tuple.
fn module_text(manifest: &Manifest, dir: &Path, won: &[u64], counts: [usize; 3]) -> String {
    let info = patience_games::variant::find_variant(&manifest.variant).ok();
    let id = info.and_then(|i| i.pysol_id()).map_or("?".into(), |i| i.to_string());
    let (first, end) = (manifest.shard_seeds().start, manifest.shard_seeds().end);
    let below = first.max(1) < FIRST_MT_NUMBER;
    let mut lines = vec![
        format!(
            "# PySolFC game numbers of {} (PySolFC game id {id}) that the patience solver won:",
            manifest.variant
        ),
        "# each number's deal won by the solver, its winning line replayed move by move through"
            .into(),
        "# the solver's independent reference rules. Made by `patience export-solvable`.".into(),
        "#".into(),
        format!(
            "# Study: {} (game numbers {first}..{end}, half-open: {} won, {} lost, {} unknown",
            dir.display(),
            counts[0],
            counts[1],
            counts[2]
        ),
        format!(
            "# at {} positions a deal), rules: {}; patience {} at commit {}.",
            manifest.max_states, manifest.rules, manifest.solver_version, manifest.git_commit
        ),
        format!("# Command: {}", manifest.command.join(" ")),
        "#".into(),
        format!(
            "# Only numbers of at least {FIRST_MT_NUMBER}: PySolFC deals lower ones with its Microsoft-compatible"
        ),
        "# generator (see construct_random() in pysolrandom.py).".into(),
    ];
    if below {
        lines.push("# (The study's numbers below it are not listed.)".into());
    }
    lines.push("#".into());
    lines.push(format!("# {} numbers.", won.len()));
    lines.push(String::new());
    lines.push("SOLVABLE_SEEDS = (".into());
    for chunk in won.chunks(8) {
        let numbers: Vec<String> = chunk.iter().map(|n| n.to_string()).collect();
        lines.push(format!("    {},", numbers.join(", ")));
    }
    lines.push(")".into());
    lines.push(String::new());
    lines.join("\n")
}
