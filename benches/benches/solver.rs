//! Criterion benchmarks: deal generation, move generation + play, and search throughput
//! (a fixed number of states on fixed deals, so the figure to compare is states per second).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use patience_games::alhambra::{Alhambra, AlhambraRules, AlhambraVariant};
use patience_games::deal::{DealSource, Hook, make_deal};
use patience_games::game::{Game, MoveList, Pruning};
use patience_solver::{Limits, Solver};
use std::hint::black_box;

fn game(variant: AlhambraVariant, seed: u64) -> Alhambra {
    let deal = make_deal(&DealSource::Native(seed), Hook::AcesKingsToTop).unwrap();
    Alhambra::new(AlhambraRules::new(variant), &deal)
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

/// Generating the moves of a position and playing one, along pseudo-random playouts.
fn moves(c: &mut Criterion) {
    let mut g = c.benchmark_group("moves");
    for variant in [AlhambraVariant::Alhambra, AlhambraVariant::Granada, AlhambraVariant::Reinforcements] {
        let games: Vec<Alhambra> = (0..16).map(|s| game(variant, s)).collect();
        g.throughput(Throughput::Elements(1000));
        g.bench_function(format!("{variant:?}/1000-plies"), |b| {
            let mut list = MoveList::new();
            let mut rng = 1u64;
            let mut i = 0;
            b.iter(|| {
                let game = &games[i % games.len()];
                i += 1;
                let mut s = game.start();
                let mut plies = 0;
                while plies < 1000 {
                    game.moves(&s, Pruning::ALL, &mut list);
                    if list.is_empty() {
                        s = game.start();
                        continue;
                    }
                    rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    game.play(&mut s, list[(rng >> 33) as usize % list.len()]);
                    black_box(game.hash(&s));
                    plies += 1;
                }
                s
            })
        });
    }
    g.finish();
}

/// Search throughput: 200 000 states of a full-rules deal (all of them end unknown at that limit).
fn search(c: &mut Criterion) {
    const STATES: u64 = 200_000;
    let mut g = c.benchmark_group("search");
    g.sample_size(10);
    g.throughput(Throughput::Elements(STATES));
    for variant in [AlhambraVariant::Alhambra, AlhambraVariant::Granada, AlhambraVariant::Reinforcements] {
        let game = game(variant, 0);
        let limits = Limits { max_states: STATES, max_time: None, table_bytes: 256 << 20, ..Limits::default() };
        let mut solver = Solver::new(limits);
        g.bench_function(format!("{variant:?}/seed-0/200k-states"), |b| b.iter(|| black_box(solver.solve(&game, Pruning::ALL).states)));
    }
    g.finish();
}

criterion_group!(benches, deals, moves, search);
criterion_main!(benches);
