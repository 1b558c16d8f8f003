//! Running a parsed command line: each subcommand's checks of its options, then its work.

use crate::args::{Format, RuleArgs, parse_pruning};
use crate::checks::{audit, dominance};
use crate::choice::choose_game;
use crate::cli::{Cli, Command};
use crate::load::{LoadedDeal, choose_and_load};
use crate::moves::{MovesJob, moves_and_report};
use crate::solve::{SolveJob, play_and_report, solve_and_report};
use crate::study;
use anyhow::{Result, bail};
use patience_games::deal::numbering::Numbering;
use patience_games::variant::VARIANTS;
use patience_solver::Limits;
use std::time::Duration;

/// Runs a parsed command line; the exit code, or the error to print.
pub fn run(cli: Cli) -> Result<u8> {
    match cli.command {
        Command::Games => {
            print_games();
            Ok(0)
        }
        Command::ExportSolvable { dir, out } => {
            let (path, count) = crate::export::export_solvable(&dir, out)?;
            outln!("{}: {count} winnable PySolFC game numbers", path.display());
            Ok(0)
        }
        Command::Study {
            game,
            seeds,
            pysol,
            jobs,
            threads_per_deal,
            max_states,
            max_seconds,
            limit_ms,
            table_mb,
            table,
            out,
            shard,
            resume,
            quiet,
            rules,
            prune,
            plan,
            player,
        } => {
            let player = player.kind()?;
            let choice = choose_game(&game, &rules)?;
            let plan = plan.plan(max_states, choice.info)?;
            let max_ms = time_limit_ms(max_seconds, limit_ms)?;
            let pruning = parse_pruning(&prune).map_err(anyhow::Error::msg)?;
            let (seeds, numbering) = match (seeds, pysol) {
                (Some(seeds), None) => (seeds, Numbering::Native),
                (None, Some(numbers)) => (numbers, Numbering::Pysol),
                _ => bail!("name the deals: --seeds A..B or --pysol A..B"),
            };
            let args = study::StudyArgs {
                seeds,
                numbering,
                jobs,
                threads_per_deal,
                max_states,
                max_ms,
                table_mb,
                exact_table: table.exact_table,
                out,
                shard,
                resume,
                quiet,
                pruning,
                pruning_text: prune,
                plan,
                player,
            };
            let summary = study::run(&choice, args)?;
            outln!("{}", summary.headline());
            Ok(0)
        }
        Command::Bench {
            game,
            seeds,
            max_states,
            max_seconds,
            limit_ms,
            jobs,
            table,
            format,
            rules,
            plan,
        } => {
            if jobs == 0 || max_states == 0 {
                bail!("-j and --max-states must be at least 1");
            }
            let choice = choose_game(&game, &rules)?;
            let plan = plan.plan(max_states, choice.info)?;
            let max_ms = time_limit_ms(max_seconds, limit_ms)?;
            let report =
                study::bench(&choice, seeds, max_states, plan, max_ms, jobs, table.exact_table)?;
            match format {
                Format::Text => out!("{}", report.to_text()),
                Format::Json => outln!("{}", serde_json::to_string(&report)?),
            }
            Ok(0)
        }
        Command::Audit { dir, factor, seeds, jobs } => {
            if jobs == 0 || factor == 0 {
                bail!("-j and --factor must be at least 1");
            }
            audit(&dir, factor, seeds, jobs)
        }
        Command::Dominance { dir, max_states, jobs, plan } => {
            if jobs == 0 || max_states == 0 {
                bail!("-j and --max-states must be at least 1");
            }
            dominance(&dir, max_states, plan, jobs)
        }
        Command::Report { results, readme } => {
            out!("{}", patience_study::publish::publish(&results, readme.as_deref())?);
            Ok(0)
        }
        Command::Merge { dirs, out } => {
            let summary = patience_study::merge(&dirs, &out, std::env::args().collect())?;
            outln!("{}", summary.headline());
            Ok(0)
        }
        Command::Deal { game, deal, format } => {
            let (choice, loaded) = choose_and_load(game.as_deref(), &RuleArgs::default(), &deal)?;
            let LoadedDeal { name, deal: d, layout, .. } = loaded;
            let rules = choice.rules.options_text();
            let talon = d.as_ref().map(|d| d.to_text());
            match format {
                Format::Text => {
                    outln!("game: {}  ({name})", choice.info.name);
                    if !rules.is_empty() {
                        outln!("rules: {rules}");
                    }
                    out!("{}", layout.to_text(&choice.rules.waste_names()));
                    if let Some(talon) = talon {
                        outln!("talon: {talon}");
                    }
                }
                Format::Json => outln!(
                    "{}",
                    serde_json::json!({"game": choice.info.name, "rules": rules, "deal": name, "talon": talon, "layout": layout})
                ),
            }
            Ok(0)
        }
        Command::Solve {
            game,
            deal,
            rules,
            format,
            max_states,
            max_seconds,
            limit_ms,
            table_mb,
            table,
            prune,
            plan,
            player,
            hint,
            moves,
            position_after,
            jobs,
        } => {
            let player = player.kind()?;
            if (hint || moves || position_after.is_some())
                && player != patience_study::PlayerKind::Thoughtful
            {
                bail!(
                    "--hint, --moves and --position-after are the solver's: they do not combine with --player"
                );
            }
            if max_states == 0 {
                bail!("--max-states must be at least 1");
            }
            if jobs == 0 {
                bail!("-j/--jobs must be at least 1");
            }
            if jobs > 1 && table.exact_table {
                bail!(
                    "--exact-table is for one thread: the threads' shared table stores fingerprints (use -j 1)"
                );
            }
            let (choice, loaded) = choose_and_load(game.as_deref(), &rules, &deal)?;
            let plan_args = plan;
            let plan = plan.plan(max_states, choice.info)?;
            let max_ms = match limit_ms {
                Some(ms) => Some(ms),
                None => time_limit_ms(Some(max_seconds), None)?,
            };
            if table_mb == 0 {
                bail!("--table-mb must be at least 1");
            }
            let limits = Limits {
                max_states,
                max_time: max_ms.filter(|&ms| ms > 0).map(Duration::from_millis),
                table_bytes: table_mb << 20,
                exact_table: table.exact_table,
                ..Limits::default()
            };
            if player != patience_study::PlayerKind::Thoughtful {
                return play_and_report(&choice, &loaded, player, format);
            }
            if moves {
                return moves_and_report(MovesJob {
                    choice: &choice,
                    loaded: &loaded,
                    limits,
                    plan: plan_args,
                    pruning: prune,
                    format,
                    threads: jobs,
                });
            }
            let (choice, loaded) = (&choice, &loaded);
            solve_and_report(SolveJob {
                choice,
                loaded,
                layout: &loaded.layout,
                limits,
                plan,
                pruning: prune,
                format,
                hint,
                position_after,
                threads: jobs,
            })
        }
    }
}

/// The time limit in milliseconds from `--max-seconds` or the old `--limit-ms` (clap refuses
/// both at once); `None` for no limit.
fn time_limit_ms(max_seconds: Option<f64>, limit_ms: Option<u64>) -> Result<Option<u64>> {
    match (max_seconds, limit_ms) {
        (Some(s), _) if !(s >= 0.0 && s.is_finite() && s <= 1e12) => {
            bail!("--max-seconds must be a number of seconds, 0 or more")
        }
        (Some(s), _) => Ok(Some((s * 1000.0).round() as u64)),
        (None, ms) => Ok(ms),
    }
}

fn print_games() {
    outln!("{:<24} {:<8} {:<7} {:<12} aliases", "game", "PySolFC", "rules", "status");
    for v in VARIANTS {
        outln!(
            "{:<24} {:<8} {:<7} {:<12} {}",
            v.name,
            v.pysol_id().map_or("-".to_string(), |i| i.to_string()),
            v.section,
            "implemented",
            v.aliases.join(", ")
        );
    }
}
