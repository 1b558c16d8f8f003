//! `patience audit` and `patience dominance`: the checks run on a finished study's folder.

use crate::args::PlanArgs;
use crate::choice::GameChoice;
use anyhow::{Context, Result, bail};
use patience_games::deal::numbering::Dealing;
use patience_solver::Limits;

/// The game a finished study's deals were dealt and solved under: its manifest's variant and
/// rules (`Manifest::game`).
fn study_game(
    dir: &std::path::Path,
    manifest: &patience_study::manifest::Manifest,
) -> Result<(GameChoice, Dealing)> {
    let (info, rules) = manifest.game().with_context(|| format!("{}", dir.display()))?;
    let dealing = manifest.dealing(info).with_context(|| format!("{}", dir.display()))?;
    Ok((GameChoice { info, rules }, dealing))
}

/// `patience audit DIR`: the study's manifest says which game and rule options its deals were
/// solved under.
pub fn audit(
    dir: &std::path::Path,
    factor: u64,
    seeds: Option<std::ops::Range<u64>>,
    jobs: usize,
) -> Result<u8> {
    let manifest = patience_study::run::read_manifest(dir)?;
    if manifest.player != "thoughtful" {
        bail!(
            "{} is a study of the {} player, which proves nothing lost: the audit takes a thoughtful study",
            dir.display(),
            manifest.player
        );
    }
    let (choice, dealing) = study_game(dir, &manifest)?;
    let deals = dir.join(patience_study::run::DEALS);
    let text = std::fs::read_to_string(&deals)
        .with_context(|| format!("reading {} (is the study finished?)", deals.display()))?;
    let (rows, _) = patience_study::row::read_rows(&text, false)
        .with_context(|| format!("reading {}", deals.display()))?;
    let lost: Vec<u64> = rows
        .iter()
        .filter(|r| r.outcome == "lost" && seeds.as_ref().is_none_or(|s| s.contains(&r.seed)))
        .map(|r| r.seed)
        .collect();
    let of = match &seeds {
        Some(s) => format!("seeds {}..{} of {}", s.start, s.end, rows.len()),
        None => rows.len().to_string(),
    };
    let budget = manifest
        .max_states
        .checked_mul(factor)
        .context("--factor times the study's --max-states overflows")?;
    let found = patience_study::audit::check(choice.rules, dealing, &lost, budget, jobs)?;
    let record = patience_study::audit::Record {
        seeds: seeds.as_ref().map(|s| (s.start, s.end)),
        lost: lost.len(),
        factor,
        budget,
        won: found.iter().map(|c| c.seed).collect(),
        git_commit: env!("PATIENCE_GIT_COMMIT").into(),
        command: std::env::args().collect(),
    };
    patience_study::audit::append(dir, &record)?;
    for c in &found {
        outln!(
            "seed {}: proved lost by the study, WON by the {} ({} states)",
            c.seed,
            c.phase,
            c.states
        );
    }
    outln!(
        "{}: {} of {} deals proved lost; the audit ({}; {budget} positions for each of the stricter rules' phases where the variant has them, the lookahead, the hedged lookahead and the search, no dead-position test) won {}{}",
        manifest.variant,
        lost.len(),
        of,
        manifest.rules,
        found.len(),
        if found.is_empty() { ": no contradiction" } else { ": CONTRADICTIONS" }
    );
    Ok(if found.is_empty() { 0 } else { 1 })
}

/// `patience dominance DIR`: the player study's manifest says which game and rule options its
/// deals were played under.
pub fn dominance(
    dir: &std::path::Path,
    max_states: u64,
    plan: PlanArgs,
    jobs: usize,
) -> Result<u8> {
    let manifest = patience_study::run::read_manifest(dir)?;
    if manifest.player == "thoughtful" {
        bail!(
            "{} is a study of the thoughtful solver: the dominance check takes a player's study (--player greedy or sampling)",
            dir.display()
        );
    }
    let (choice, dealing) = study_game(dir, &manifest)?;
    let plan = plan.plan(max_states, choice.info)?;
    let deals = dir.join(patience_study::run::DEALS);
    let text = std::fs::read_to_string(&deals)
        .with_context(|| format!("reading {} (is the study finished?)", deals.display()))?;
    let (rows, _) = patience_study::row::read_rows(&text, false)
        .with_context(|| format!("reading {}", deals.display()))?;
    let won: Vec<u64> = rows.iter().filter(|r| r.outcome == "won").map(|r| r.seed).collect();
    let limits = Limits { max_states, max_time: None, table_bytes: 512 << 20, ..Limits::default() };
    let exceptions =
        patience_study::dominance::check(choice.rules, dealing, &won, limits, plan, jobs)?;
    for e in &exceptions {
        outln!(
            "seed {}: won by the {} player, {} by the pipeline ({} states)",
            e.seed,
            manifest.player,
            e.verdict.as_str(),
            e.states
        );
    }
    outln!(
        "{}: the {} player won {} of {} deals; the pipeline ({}; {max_states} states) won {} of them{}",
        manifest.variant,
        manifest.player,
        won.len(),
        rows.len(),
        plan.describe(),
        won.len() - exceptions.len(),
        if exceptions.is_empty() { ": dominance holds" } else { "" }
    );
    Ok(if exceptions.is_empty() { 0 } else { 1 })
}
