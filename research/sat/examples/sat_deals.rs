//! The SAT model on native-seed alhambra deals, one CSV line per deal (the issue 34 gate's
//! measurement; `scripts/sat-gate.sh` runs it over the gate set):
//!
//! `cargo run --release --manifest-path research/sat/Cargo.toml --example sat_deals -- RELAXED FULL SEED...`
//!
//! (RELAXED and FULL: the conflict budgets of the two phases.)
//!
//! Columns: seed, verdict, horizon, vars, clauses, conflicts, decisions, propagations,
//! encode_cpu_s, solve_cpu_s (this thread's CPU time), moves.

use patience_games::deal::{DealSource, make_deal};
use patience_games::variant::{Rules, find_variant};
use patience_sat::{Budget, Config, Encoding, SatVerdict, solve};
use patience_study::clock::Stopwatch;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: sat_deals RELAXED FULL SEED... (optionally --no-order, --pre=K)";
    let number = |i: usize| -> u64 { args.get(i).and_then(|a| a.parse().ok()).unwrap_or_else(|| panic!("{usage}")) };
    let config = match std::env::var("SAT_CONFIG").as_deref() {
        Ok("sat") => Config::Sat,
        Ok("unsat") => Config::Unsat,
        Ok("plain") => Config::Plain,
        _ => Config::Default,
    };
    let budget = Budget { relaxed: number(0), full: number(1), config };
    let order = !args.iter().any(|a| a == "--no-order");
    let info = find_variant("alhambra").expect("alhambra is registered");
    let Rules::Alhambra(rules) = info.rules else { unreachable!("alhambra is of the Alhambra family") };
    // --pre=K: the test instance with K cards of each foundation pre-filled (not a rules deal).
    let pre = args.iter().find_map(|a| a.strip_prefix("--pre=")).map(|k| k.parse::<u8>().expect("--pre=K"));
    println!("seed,verdict,phase,horizon,vars,clauses,conflicts,decisions,propagations,cpu_s,moves");
    for seed in args[2..].iter().filter(|a| !a.starts_with("--")) {
        let seed: u64 = seed.parse().unwrap_or_else(|_| panic!("{usage}"));
        let deal = make_deal(&DealSource::Native(seed), info.hook).expect("native seeds always deal");
        let layout = match pre {
            Some(k) => patience_games::alhambra::prefilled_layout(&rules, &deal, k),
            None => info.rules.layout(&deal),
        };
        let clock = Stopwatch::start();
        let run = solve(&rules, &layout, Encoding { order_commuting: order, relax_built: false }, budget);
        let cpu = clock.seconds().0;
        match run {
            Ok(run) => {
                let (verdict, moves) = match &run.verdict {
                    SatVerdict::Won(m) => ("won", m.len()),
                    SatVerdict::Lost => ("lost", 0),
                    SatVerdict::Unknown => ("unknown", 0),
                };
                println!(
                    "{seed},{verdict},{},{},{},{},{},{},{},{cpu:.2},{moves}",
                    run.phase, run.horizon, run.vars, run.clauses, run.conflicts, run.decisions, run.propagations
                );
            }
            Err(e) => println!("{seed},error,,0,0,0,0,0,0,{cpu:.2},0 # {e}"),
        }
    }
}
