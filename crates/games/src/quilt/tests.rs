use super::*;
use crate::deal::{DealSource, Hook, make_deal};
use crate::game::{Game, MoveList, Pruning};
use crate::variant::InFamily;
use crate::variant::Variant;

fn deal(seed: u64) -> Deal {
    make_deal(&DealSource::Native(seed), Hook::AcesKingsToTop).unwrap()
}

const VARIANTS: [Variant; 3] = [Variant::CrazyQuilt, Variant::IndianCarpet, Variant::PersianRug];

#[test]
fn layouts_follow_the_rule_book() {
    let d = deal(4);
    for v in VARIANTS {
        let layout = QuiltRules::of(v).layout(&d);
        assert_eq!(
            layout.foundations.iter().map(|f| f[0].to_string()).collect::<Vec<_>>().join(" "),
            "AC AS AH AD KC KS KH KD"
        );
        // Q[r][c] = D[8 + 8r + c].
        assert_eq!(layout.quilt[0], Some(d.card(8)));
        assert_eq!(layout.quilt[8 * 3 + 5], Some(d.card(8 + 29)));
        assert_eq!(layout.quilt[63], Some(d.card(71)));
        if v == Variant::PersianRug {
            assert!(layout.wastes.is_empty() && layout.stock_top_first.is_empty());
            assert_eq!(layout.reserves[2], vec![d.card(74), d.card(82), d.card(90), d.card(98)]);
        } else {
            assert_eq!(layout.wastes, vec![vec![]]);
            assert_eq!(layout.stock_top_first, d.cards()[72..].to_vec());
        }
        let g = Quilt::new(QuiltRules::of(v), &d);
        assert_eq!(available_cells(g.start().quilt).count_ones(), 16);
    }
}

/// Published layouts never change.
#[test]
fn pinned_native_layouts() {
    for (v, name, seed) in
        [(Variant::CrazyQuilt, "crazy-quilt", 0u64), (Variant::PersianRug, "persian-rug", 3)]
    {
        let got = QuiltRules::of(v).layout(&deal(seed)).to_text(&["W".to_string()]);
        crate::layout::golden::assert_golden(&format!("{name}-seed-{seed}.txt"), &got);
    }
}

/// Random legal play keeps the state consistent: hash, card count, and the symmetric reduction
/// offering a subset of the plain moves.
#[test]
fn random_playouts_keep_the_state_consistent() {
    for v in VARIANTS {
        for seed in 0..20u64 {
            let mut rules = QuiltRules::of(v);
            rules.wrap = seed % 2 == 0;
            let g = Quilt::new(rules, &deal(seed));
            let mut s = g.start();
            let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let (mut all, mut some) = (MoveList::new(), MoveList::new());
            for _ in 0..300 {
                g.moves(&s, Pruning::NONE, &mut all);
                g.moves(&s, Pruning { symmetry: true, ..Pruning::NONE }, &mut some);
                assert!(some.iter().all(|m| all.contains(m)));
                if all.is_empty() {
                    break;
                }
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                g.play(&mut s, all[(rng >> 33) as usize % all.len()]);
                assert_eq!(s.seq.hash(), s.seq.recomputed_hash());
                let cards = s.seq.len() + s.quilt.count_ones() as usize + s.found.total();
                assert_eq!(cards, 104, "{v:?} seed {seed}");
                assert_eq!(
                    s.seg.iter().map(|&l| l as usize).sum::<usize>()
                        + if rules.has_reserves() { 0 } else { s.stock_len() },
                    s.seq.len()
                );
            }
        }
    }
}

#[test]
fn building_wraps_unless_the_option_says_not() {
    let d = deal(0);
    let mut rules = QuiltRules::of(Variant::CrazyQuilt);
    let k = |s| crate::card::parse_kind(s).unwrap();
    assert!(rules.builds_on(k("KH"), k("AH")) && rules.builds_on(k("AH"), k("KH")));
    rules.wrap = false;
    assert!(!rules.builds_on(k("KH"), k("AH")) && rules.builds_on(k("QH"), k("KH")));
    let _ = Quilt::new(rules, &d);
}

#[test]
fn the_grid_marks_availability_and_orientation() {
    let text = grid::grid_text(&QuiltRules::of(Variant::CrazyQuilt).layout(&deal(0)).quilt);
    let rows: Vec<&str> = text.lines().skip(2).collect();
    assert_eq!(rows.len(), 8);
    assert_eq!(rows.iter().map(|r| r.matches('[').count()).sum::<usize>(), 16);
    // Q00 is vertical and available; Q01 horizontal and not; Q10 horizontal and available.
    assert!(rows[0][4..].starts_with(" ["), "{}", rows[0]);
    assert!(rows[0][4..10].ends_with('|'), "{}", rows[0]);
    assert!(rows[0][10..16].ends_with('-') && !rows[0][10..16].contains('['), "{}", rows[0]);
    assert!(rows[1][4..10].contains('[') && rows[1][4..10].ends_with('-'), "{}", rows[1]);
}

/// The optimised move generator and dead test agree with the plain ones they replaced (kept as
/// `moves_reference` / `is_dead_reference`) on random reachable positions: random playouts from
/// dealt and pre-filled layouts (foundations k cards high, part of the quilt holes) of all three
/// variants, with and without wrap, under every pruning setting the search uses.
#[test]
fn optimised_moves_and_dead_test_match_the_reference() {
    let prunings = [
        Pruning::NONE,
        Pruning::ALL,
        Pruning { forced_moves: true, ..Pruning::NONE },
        Pruning { symmetry: true, ..Pruning::NONE },
    ];
    let (mut fast, mut slow) = (MoveList::new(), MoveList::new());
    let (mut positions, mut dead, mut last_pass) = (0u64, 0u64, 0u64);
    for v in VARIANTS {
        for seed in 0..150u64 {
            let mut rules = QuiltRules::of(v);
            rules.wrap = seed % 3 != 0;
            let d = deal(seed);
            let k = 1 + (seed % 12) as u8;
            let games = [
                Quilt::new(rules, &d),
                Quilt::from_layout(
                    rules,
                    &prefilled_layout(&rules, &d, k, 64 - (seed as usize * 7) % 40),
                )
                .unwrap(),
            ];
            for g in &games {
                for run in 0..3u64 {
                    let mut s = g.start();
                    let mut rng = (seed * 3 + run).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                    for _ in 0..1500 {
                        positions += 1;
                        let is_dead = g.is_dead(&s);
                        assert_eq!(is_dead, g.is_dead_reference(&s), "{v:?} seed {seed} {s:?}");
                        dead += is_dead as u64;
                        last_pass += (s.redeals_left == 0 && !rules.has_reserves()) as u64;
                        for p in prunings {
                            g.moves(&s, p, &mut fast);
                            g.moves_reference(&s, p, &mut slow);
                            assert_eq!(fast, slow, "{v:?} seed {seed} {p:?} {s:?}");
                        }
                        g.moves(&s, Pruning::NONE, &mut fast);
                        if fast.is_empty() || g.is_won(&s) {
                            break;
                        }
                        rng =
                            rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        // Favour foundation moves (listed first) half the time, to go deep.
                        let n = if rng >> 63 == 1 { fast.len().min(2) } else { fast.len() };
                        g.play(&mut s, fast[(rng >> 33) as usize % n]);
                    }
                }
            }
        }
    }
    assert!(
        positions > 100_000 && dead > 1000 && last_pass > 10_000,
        "{positions} positions, {dead} dead, {last_pass} on the last pass"
    );
}

/// The stricter game's streamliner (`Quilt::streamline`), at every position of random lines of
/// crazy-quilt and indian-carpet: where a move home exists, the moves home; otherwise every move
/// but the builds onto the waste after which no quilt card is available that was not before.
#[test]
fn the_streamliner_drops_builds_onto_the_waste_that_free_nothing() {
    use rand::{RngExt, SeedableRng};
    let (mut dropped, mut kept_builds) = (0, 0);
    for v in [Variant::CrazyQuilt, Variant::IndianCarpet] {
        for seed in 0..6 {
            let g = Quilt::new(QuiltRules::of(v), &deal(seed));
            let strict = g.stricter().unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut s = g.start();
            for _ in 0..300 {
                let (mut all, mut mine) = (MoveList::new(), MoveList::new());
                g.moves(&s, Pruning::NONE, &mut all);
                strict.moves(&s, Pruning::NONE, &mut mine);
                let home = |m: &QuiltMove| {
                    matches!(
                        m,
                        QuiltMove::QuiltToFoundation { .. } | QuiltMove::WasteToFoundation { .. }
                    )
                };
                let want: Vec<QuiltMove> = if all.iter().any(home) {
                    all.iter().copied().filter(home).collect()
                } else {
                    all.iter()
                        .copied()
                        .filter(|&m| match m {
                            QuiltMove::QuiltToWaste { cell } => {
                                let frees = (0..64).any(|i| {
                                    i != cell
                                        && (s.quilt >> i) & 1 == 1
                                        && available_cells(s.quilt) >> i & 1 == 0
                                        && available_cells(s.quilt & !(1 << cell)) >> i & 1 == 1
                                });
                                if frees {
                                    kept_builds += 1
                                } else {
                                    dropped += 1
                                }
                                frees
                            }
                            _ => true,
                        })
                        .collect()
                };
                assert_eq!(mine.as_slice(), want.as_slice(), "{v:?} seed {seed}");
                if all.is_empty() || g.is_won(&s) {
                    break;
                }
                let m = all[rng.random_range(0..all.len())];
                g.play(&mut s, m);
            }
        }
    }
    assert!(
        dropped > 100 && kept_builds > 100,
        "{dropped} builds dropped, {kept_builds} kept: the test saw too few"
    );
}
