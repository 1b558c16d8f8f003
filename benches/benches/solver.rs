//! Criterion benchmarks for every family: deal generation, move generation + play, hashing,
//! transposition-table insert/probe, search throughput on a fixed state budget, and solving a
//! small fixed set of deals (throughput in deals). Figures to compare: states or deals per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use patience_games::algerian::{Algerian, AlgerianRules};
use patience_games::alhambra::{Alhambra, AlhambraRules};
use patience_games::deal::{Deal, DealSource, Hook, make_deal};
use patience_games::game::{Game, MoveList, Pruning};
use patience_games::queen::{Queen, QueenRules};
use patience_games::quilt::{Quilt, QuiltRules};
use patience_games::variant::InFamily;
use patience_games::variant::Variant;
use patience_solver::table::{ExactTable, FingerprintTable};
use patience_solver::{Limits, Solver};
use std::hint::black_box;

fn deal(seed: u64, hook: Hook) -> Deal {
    make_deal(&DealSource::Native(seed), hook).unwrap()
}

/// One game per family (the base variants of issue 7), built for seed `s`.
fn alhambra(s: u64) -> Alhambra {
    Alhambra::new(AlhambraRules::of(Variant::Alhambra), &deal(s, Hook::AcesKingsToTop))
}
fn crazy_quilt(s: u64) -> Quilt {
    Quilt::new(QuiltRules::of(Variant::CrazyQuilt), &deal(s, Hook::AcesKingsToTop))
}
fn queen_of_italy(s: u64) -> Queen {
    Queen::new(QueenRules::of(Variant::QueenOfItaly), &deal(s, Hook::None))
}
fn algerian(s: u64) -> Algerian {
    Algerian::new(AlgerianRules::of(Variant::Algerian), &deal(s, Hook::KingsToTop))
}

fn deals(c: &mut Criterion) {
    let mut g = c.benchmark_group("deal");
    g.throughput(Throughput::Elements(1));
    g.bench_function("native", |b| {
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            black_box(make_deal(&DealSource::Native(seed), Hook::AcesKingsToTop).unwrap())
        })
    });
    g.bench_function("pysolfc-mt", |b| {
        let mut n = 100_000u128;
        b.iter(|| {
            n += 1;
            black_box(make_deal(&DealSource::Pysol(n), Hook::AcesKingsToTop).unwrap())
        })
    });
    g.finish();
}

/// Positions along pseudo-random playouts (restarting when stuck), for the per-position benches.
fn playout_states<G: Game>(games: &[G], n: usize) -> Vec<(usize, G::State)> {
    let mut list = MoveList::new();
    let mut rng = 1u64;
    let mut out = Vec::with_capacity(n);
    let (mut i, mut s) = (0, games[0].start());
    while out.len() < n {
        games[i].moves(&s, Pruning::ALL, &mut list);
        if list.is_empty() || games[i].is_won(&s) {
            i = (i + 1) % games.len();
            s = games[i].start();
            continue;
        }
        rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        games[i].play(&mut s, list[(rng >> 33) as usize % list.len()]);
        out.push((i, s));
    }
    out
}

/// Move generation + playing one move (the search's inner step), hashing, and the table.
fn per_family<G: Game>(c: &mut Criterion, name: &str, make: fn(u64) -> G)
where
    G::State: Default,
{
    let games: Vec<G> = (0..16).map(make).collect();
    let states = playout_states(&games, 4096);
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(states.len() as u64));
    g.bench_function("moves+play/4096-positions", |b| {
        let mut list = MoveList::new();
        b.iter(|| {
            let mut n = 0usize;
            for (i, s) in &states {
                games[*i].moves(s, Pruning::ALL, &mut list);
                if let Some(&m) = list.first() {
                    let mut c = *s;
                    games[*i].play(&mut c, m);
                    n += black_box(&c) as *const _ as usize & 1;
                }
            }
            n
        })
    });
    g.bench_function("hash/4096-positions", |b| {
        b.iter(|| states.iter().map(|(i, s)| games[*i].hash(s)).fold(0u64, |a, h| a ^ h))
    });
    g.bench_function("fingerprint/4096-positions", |b| {
        b.iter(|| {
            states.iter().map(|(i, s)| games[*i].fingerprint(s, true)).fold(0u128, |a, h| a ^ h)
        })
    });
    g.bench_function("table-insert+probe/4096-positions", |b| {
        let mut table = FingerprintTable::new(64 << 20);
        b.iter(|| {
            table.clear();
            for (i, s) in &states {
                black_box(table.insert(games[*i].fingerprint(s, true)));
            }
            for (i, s) in &states {
                black_box(table.insert(games[*i].fingerprint(s, true)));
            }
        })
    });
    g.bench_function("exact-table-insert+probe/4096-positions", |b| {
        let mut table: ExactTable<G::State> = ExactTable::new(64 << 20);
        b.iter(|| {
            table.clear();
            for (i, s) in &states {
                black_box(table.insert(s, games[*i].hash(s)));
            }
            for (i, s) in &states {
                black_box(table.insert(s, games[*i].hash(s)));
            }
        })
    });
    g.finish();

    // Search throughput: a fixed budget of states on seed 0 (states per second).
    const STATES: u64 = 200_000;
    let mut g = c.benchmark_group(format!("{name}/search"));
    g.sample_size(10);
    g.throughput(Throughput::Elements(STATES));
    let limits =
        Limits { max_states: STATES, max_time: None, table_bytes: 256 << 20, ..Limits::default() };
    let mut solver = Solver::new(limits);
    g.bench_function("seed-0/200k-states", |b| {
        b.iter(|| black_box(solver.solve(&games[0], Pruning::ALL).states))
    });
    // A small fixed set of deals to decide (deals per second), 50,000 states each at most.
    let set: Vec<G> = (100..108).map(make).collect();
    let mut solver = Solver::new(Limits { max_states: 50_000, ..limits });
    g.throughput(Throughput::Elements(set.len() as u64));
    g.bench_function("seeds-100..108/50k-states", |b| {
        b.iter(|| set.iter().map(|gm| solver.solve(gm, Pruning::ALL).states).sum::<u64>())
    });
    g.finish();
}

fn families(c: &mut Criterion) {
    per_family(c, "alhambra", alhambra);
    per_family(c, "crazy-quilt", crazy_quilt);
    per_family(c, "queen-of-italy", queen_of_italy);
    per_family(c, "algerian", algerian);
}

criterion_group!(benches, deals, families);
criterion_main!(benches);
